import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsResponseSchema, scanProgressResponseSchema } from '@mcp-census/schemas';
import { generateSites } from '@mcp-census/streams/simweb/sites';
import { readServicesFile } from '../../src/runtime/services-file';
import { startRoleProcesses, type RoleProcesses } from '../../src/runtime/role-processes';
import { waitFor } from '../../../test/support/wait-for';

const SITES = 100;
let dir: string | undefined;
let census: RoleProcesses | undefined;

afterAll(async () => {
  await census?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('roles as separate processes', () => {
  it('scan a simulated web to the exact truth with every role in a process of its own', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'census-roles-'));
    const dataDir = path.join(dir, 'data');
    census = await startRoleProcesses({
      dataDir,
      demo: { sites: SITES, webPort: 0 },
      env: { DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '', EMBEDDED_POSTGRES_PORT: '0', EMBEDDED_CLICKHOUSE_PORT: '0', EMBEDDED_KAFKA_PORT: '0' },
    });
    const pids = new Set([census.services.pid, ...[...census.roles.values()].map((p) => p.pid)]);
    expect([...census.roles.keys()].sort()).toEqual(['projector-state', 'projector-trends', 'scanner', 'scheduler']);
    expect(pids.size).toBe(5);
    for (const p of census.roles.values()) expect(p.output()).toMatch(/joined the embedded services of pid \d+/);

    // The owner's connection details: readable by it alone (they hold the database password).
    expect((await stat(path.join(dataDir, 'services.json'))).mode & 0o777).toBe(0o600);
    const web = (await readServicesFile(dataDir))?.simulatedWeb;
    expect(web).toMatchObject({ sites: SITES });
    const truth = generateSites({ sites: web!.sites, seed: web!.seed, port: web!.port });
    const mcp = truth.filter((s) => s.expected.hasMcp);

    const progress = await waitFor(
      'every simulated site scanned',
      async () => scanProgressResponseSchema.parse(await (await fetch(`${census!.url}/api/scan-progress`)).json()),
      (p) => p.scannedToday === SITES,
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(progress.totalWebsites).toBe(SITES);
    const metrics = await waitFor(
      'the figures of the simulated web',
      async () => metricsResponseSchema.parse(await (await fetch(`${census!.url}/api/metrics`)).json()),
      (m) => m.mcpEnabled === mcp.length,
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(metrics).toMatchObject({
      totalWebsites: SITES,
      mcpEnabled: mcp.length,
      totalTools: mcp.reduce((n, s) => n + s.expected.toolCount, 0),
      totalResources: mcp.reduce((n, s) => n + s.expected.resourceCount, 0),
      totalPrompts: mcp.reduce((n, s) => n + s.expected.promptCount, 0),
    });

    // Each role stops on its own, cleanly; the services process last.
    for (const p of census.roles.values()) expect(await p.stop()).toBe(0);
    expect(await census.services.stop()).toBe(0);
  }, 300_000);
});
