import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@mcp-census/schemas';
import { createTestDatabase } from '../../../test/support/test-database';
import { checkHealth } from '../../src/health/health-checker';
import { readScannerState } from '../../src/queries/scanner-state';

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('scanner_state');
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await db.pool.query('DELETE FROM scanner_instances');
});

/** A scanner row last refreshed `ageSeconds` ago (by the database's clock, as the writer does). */
async function instance(id: string, state: 'online' | 'offline', since: string, ageSeconds: number, reason: string | null = null) {
  await db.pool.query(
    `INSERT INTO scanner_instances (instance_id, state, since, reason, updated_at) VALUES ($1, $2, $3, $4, now() - make_interval(secs => $5))`,
    [id, state, since, reason, ageSeconds],
  );
}

describe('readScannerState', () => {
  it('is unknown without a live scanner (none, or only rows older than 30 s)', async () => {
    expect(await readScannerState(db.pool)).toEqual({ state: 'unknown', since: null, reason: null });
    await instance('gone', 'offline', '2026-01-01T00:00:00Z', 45, 'network unreachable');
    expect(await readScannerState(db.pool)).toEqual({ state: 'unknown', since: null, reason: null });
  });

  it('is online when every live scanner is, since the latest of them', async () => {
    await instance('a', 'online', '2026-01-01T00:00:00Z', 2);
    await instance('b', 'online', '2026-01-02T00:00:00Z', 10);
    await instance('gone', 'offline', '2026-01-03T00:00:00Z', 60, 'old outage');
    expect(await readScannerState(db.pool)).toEqual({ state: 'online', since: '2026-01-02T00:00:00.000Z', reason: null });
  });

  it('is offline when any live scanner is, since its outage began and with its reason', async () => {
    await instance('a', 'online', '2026-01-01T00:00:00Z', 1);
    await instance('b', 'offline', '2026-01-02T03:04:05Z', 3, '10 of 10 recent probes failed at the network level (dns)');
    expect(await readScannerState(db.pool)).toEqual({ state: 'offline', since: '2026-01-02T03:04:05.000Z', reason: '10 of 10 recent probes failed at the network level (dns)' });
  });
});

describe('/healthz and the scanner state', () => {
  const deps = () => ({ postgres: db.pool, clickhouse: undefined, kafka: undefined, embedded: { postgres: true, clickhouse: true, kafka: true }, startedAt: Date.now(), scanner: () => readScannerState(db.pool) });

  it('is degraded while a scanner is offline, ok otherwise', async () => {
    await instance('a', 'online', '2026-01-01T00:00:00Z', 1);
    const ok = healthResponseSchema.parse(await checkHealth(deps()));
    expect(ok.status).toBe('ok');
    expect(ok.scanner?.state).toBe('online');
    await instance('b', 'offline', '2026-01-02T00:00:00Z', 1, 'canary failed: ENOTFOUND');
    const degraded = healthResponseSchema.parse(await checkHealth(deps()));
    expect(degraded.status).toBe('degraded');
    expect(degraded.scanner).toEqual({ state: 'offline', since: '2026-01-02T00:00:00.000Z', reason: 'canary failed: ENOTFOUND' });
    expect(degraded.dependencies.postgres.status).toBe('ok');
  });
});
