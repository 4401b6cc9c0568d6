import type { Server } from 'node:http';
import type pg from 'pg';
import { enqueueBatch, type EventPublisher } from '@mcp-census/streams';
import { createApp } from '../../../src/http/app';
import type { ScanService } from '../../../src/http/routes/scan-routes';
import { readScanProgress } from '../../../src/queries/scan-progress';

const DAY = 86_400_000;

/**
 * The scan routes over a test database, wired as the api role wires them
 * (runtime/roles.ts): Refresh Data is a manual batch published to `topic`.
 */
export async function startScanApi(pool: pg.Pool, publisher: EventPublisher, topic: string): Promise<{ server: Server; base: string }> {
  const service: ScanService = {
    requestBatch: (size) => enqueueBatch({ pool, publisher, reason: 'manual', size, now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000, topic }),
    progress: () => readScanProgress(pool, { now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000 }),
  };
  const app = createApp({ frontendDir: undefined, scanService: service, checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: (err) => console.error(err) });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
