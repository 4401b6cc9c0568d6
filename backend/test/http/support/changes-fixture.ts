import type { Server } from 'node:http';
import type { ScanResult, ScannedTool } from '@mcp-census/schemas';
import { createTestDatabase } from '../../../../test/support/test-database';
import { addSites, completed, hash, mcpResult, noMcpResult } from '../../../../streams/test/projector-state/helpers';
import { projectScanCompleted } from '../../../../streams/src/projector-state/project-scan-completed';
import { createApp } from '../../../src/http/app';
import { changesRoutes } from '../../../src/http/routes/changes-routes';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)> Evil & "Co" ]]> \u0007bell';
export const HOSTILE_TOOL = '<script>alert("t")</script>';
export const PUBLIC_URL = 'https://census.example.test';

const tool = (name: string, description: string): ScannedTool => ({ name, description, inputSchema: { type: 'object', properties: {} }, hash: hash(`${name}|${description}`) });
const server = (tools: ScannedTool[]): ScanResult => mcpResult(0, 'fixed', { evidence: 'handshake', tools });

export interface ChangesFixture {
  base: string;
  sites: Record<'dev' | 'shop' | 'hostile' | 'optedOut' | 'inactive', number>;
  pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'];
  project(events: Parameters<typeof projectScanCompleted>[1]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A suite's own database with changes made by the real state projector:
 * adoptions (one a hostile name), a drop, capability changes, and sites that
 * must never be listed (opted out, removed); the changes routes on a server.
 */
export async function startChangesFixture(prefix: string): Promise<ChangesFixture> {
  const db = await createTestDatabase(prefix);
  const [dev, shop, hostile, optedOut, inactive] = (await addSites(db.pool, 5, { categories: ['Development', 'E-commerce'] })) as [number, number, number, number, number];
  // addSites alternates categories by position: dev and hostile get one, shop and optedOut the other
  await db.pool.query(`UPDATE websites SET category = 'Development' WHERE id = ANY($1::bigint[])`, [[dev, hostile, inactive]]);
  await db.pool.query(`UPDATE websites SET category = 'E-commerce' WHERE id = ANY($1::bigint[])`, [[shop, optedOut]]);
  await db.pool.query('UPDATE websites SET name = $2 WHERE id = $1', [hostile, HOSTILE_NAME]);
  const now = new Date('2026-05-01T00:00:00Z');
  const at = (h: number) => new Date(Date.UTC(2026, 3, 20) + h * 3_600_000);
  const project = async (events: Parameters<typeof projectScanCompleted>[1]) => {
    await projectScanCompleted(db.pool, events, { now });
  };
  await project([completed(dev, at(1), server([tool('search', 'Searches.')]))]);
  await project([completed(shop, at(2), server([tool('cart', 'Cart.')]))]);
  await project([completed(hostile, at(3), server([tool('x', 'X.')]))]);
  await project([completed(optedOut, at(3), server([tool('o', 'O.')])), completed(inactive, at(3), server([tool('i', 'I.')]))]);
  await project([completed(dev, at(4), server([tool('search', 'Searches more.'), tool('fetch', 'Fetches.')]))]);
  await project([completed(hostile, at(5), server([tool('x', 'X.'), tool(HOSTILE_TOOL, 'Y.')]))]);
  await project([completed(shop, at(6), noMcpResult())]);
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [optedOut]);
  await db.pool.query('UPDATE websites SET active = false WHERE id = $1', [inactive]);

  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [changesRoutes({ pool: db.pool, publicUrl: PUBLIC_URL })],
  });
  const server_: Server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server_.once('listening', r));
  const address = server_.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    sites: { dev, shop, hostile, optedOut, inactive },
    pool: db.pool,
    project,
    async close() {
      await new Promise((r) => server_.close(r));
      await db.drop();
    },
  };
}
