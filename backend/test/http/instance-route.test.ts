import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { instanceInfoSchema, type InstanceInfo } from '@mcp-census/schemas';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';
import { createApp, type AppDependencies } from '../../src/http/app';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** An app with these dependencies on a free port; reads GET /api/instance, raw and parsed. */
async function serve(deps: Partial<AppDependencies>): Promise<() => Promise<{ raw: unknown; info: InstanceInfo }>> {
  const app = createApp({ frontendDir: undefined, checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: () => undefined, ...deps });
  const s = app.listen(0, '127.0.0.1');
  server = s;
  await new Promise((r) => s.once('listening', r));
  const address = s.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/instance`;
  return async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const raw: unknown = await res.json();
    return { raw, info: instanceInfoSchema.parse(raw) };
  };
}

describe('GET /api/instance', () => {
  it('says whether the simulated web’s past is simulated, as it stands at each request', async () => {
    let history: SimulatedHistoryInfo | null = null;
    const read = await serve({ simulatedSites: 50, simulatedHistory: () => history });
    expect((await read()).raw).toMatchObject({ simulatedWeb: true, simulatedSites: 50, simulatedHistory: null });
    history = { days: 90, from: '2026-02-09', to: '2026-05-09', scans: 131_000, status: 'replaying' };
    expect((await read()).info.simulatedHistory).toEqual(history);
    history = { ...history, status: 'complete' };
    expect((await read()).info.simulatedHistory).toEqual(history);
  });

  it('reports no simulated history for a census of the real web', async () => {
    const read = await serve({});
    expect((await read()).raw).toMatchObject({ simulatedWeb: false, simulatedSites: null, simulatedHistory: null });
  });
});
