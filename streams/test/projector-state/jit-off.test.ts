import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { addSites, completed, mcpResult, noMcpResult } from './helpers';

// A plan type turned off is priced at 10^10, so on a server with JIT (a standard
// PostgreSQL build; the test server has none) a statement that still needs one
// would be compiled with LLVM on every call. Wherever the product turns a plan
// type off, JIT must be off too.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date('2026-07-01T12:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase('projector_jit_off');
});
afterAll(async () => {
  await db?.drop();
});

describe('statements that turn plan types off', () => {
  it('every function that turns a plan type off turns JIT off as well', async () => {
    const { rows } = await db.pool.query<{ name: string; config: string[] }>(
      `SELECT p.proname AS name, p.proconfig AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND EXISTS (SELECT 1 FROM unnest(p.proconfig) c WHERE c LIKE 'enable\\_%=off')`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      'census_refresh_sites_now',
      // the discovery pages walked by key (migration 0029)
      'discovery_endpoints_page',
      'discovery_prompts_page',
      'discovery_refresh_sites_now',
      'discovery_resources_page',
      'discovery_tools_page',
      'security_refresh_sites_now',
      'security_shadow_apply',
    ]);
    for (const r of rows) expect(r.config, r.name).toContain('jit=off');
  });

  it('a projector chunk runs with sequential scans and JIT off, and only in its own transaction', async () => {
    // What the chunk's own statements run with, seen from inside its transaction.
    await db.pool.query(`
      CREATE TABLE observed_settings (enable_seqscan text, jit text);
      CREATE FUNCTION observe_settings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO observed_settings VALUES (current_setting('enable_seqscan'), current_setting('jit'));
        RETURN NULL;
      END $$;
      CREATE TRIGGER observe_settings AFTER INSERT ON latest_scans FOR EACH STATEMENT EXECUTE FUNCTION observe_settings();`);
    const [a, b] = await addSites(db.pool, 2);
    const server = await db.pool.query<{ jit: string }>("SELECT current_setting('jit') AS jit");
    expect(server.rows[0]?.jit).toBe('on');

    await projectScanCompleted(db.pool, [completed(a!, now, mcpResult(3)), completed(b!, now, noMcpResult())], { now });

    const seen = await db.pool.query('SELECT enable_seqscan, jit FROM observed_settings');
    expect(seen.rows).toEqual([{ enable_seqscan: 'off', jit: 'off' }]);
    const after = await db.pool.query<{ jit: string; seq: string }>("SELECT current_setting('jit') AS jit, current_setting('enable_seqscan') AS seq");
    expect(after.rows[0]).toEqual({ jit: 'on', seq: 'on' });
  });
});
