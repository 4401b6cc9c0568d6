import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogueCsv } from '../../src/catalogue/catalogue-file';
import { importCatalogue } from '../../src/catalogue/import-catalogue';
import { csv, freshDatabase, sites } from './helpers';

// prepareAndUpsertSites validates 10,000 rows per step while the previous step is written.
const STEP = 10_000;
const HEADER = 'name,url,category';

describe('importCatalogue over several validation steps', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_steps');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  it('rejects a duplicate of a row from an earlier step, and writes every step in file order', async () => {
    const lines = [HEADER];
    for (let i = 0; i < STEP + 500; i++) lines.push(`Step Site ${i},https://step-${i}.example.com,AI`);
    // a later spelling of the first site (line 2), in the second step
    lines.push('Again,https://www.step-0.example.com/,Data');
    const result = await importCatalogue(pool, parseCatalogueCsv(csv(...lines)));
    expect(result).toEqual({ inserted: STEP + 500, updated: 0, unchanged: 0, rejected: [{ line: STEP + 502, reason: 'duplicate of line 2', raw: 'Again,https://www.step-0.example.com/,Data' }] });
    const { rows } = await pool.query<{ name: string }>("SELECT name FROM websites WHERE host LIKE 'step-%' ORDER BY id");
    expect(rows.map((r) => r.name)).toEqual(lines.slice(1, STEP + 501).map((l) => l.split(',')[0]));
  });

  it('rolls back the earlier steps when a later step fails', async () => {
    const before = await sites(pool);
    await pool.query("ALTER TABLE websites ADD CONSTRAINT test_no_late_host CHECK (host <> 'late-fail.example.com')");
    try {
      const lines = [HEADER];
      for (let i = 0; i < STEP + 10; i++) lines.push(`Early ${i},https://early-${i}.example.com,AI`);
      lines.push('Late,https://late-fail.example.com,AI');
      await expect(importCatalogue(pool, parseCatalogueCsv(csv(...lines)))).rejects.toThrow(/test_no_late_host/);
    } finally {
      await pool.query('ALTER TABLE websites DROP CONSTRAINT test_no_late_host');
    }
    expect(await sites(pool)).toEqual(before);
  });
});
