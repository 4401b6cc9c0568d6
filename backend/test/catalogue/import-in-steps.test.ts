import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogueCsv, streamCatalogueCsv, type CatalogueInputRow } from '../../src/catalogue/catalogue-file';
import { importCatalogue, inTransaction, prepareAndUpsertSites } from '../../src/catalogue/import-catalogue';
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

  it('reads the rows a step at a time: the first step is written before the rest is read', async () => {
    let pulled = 0;
    function* rows(): Generator<CatalogueInputRow> {
      for (let i = 0; i < 3 * STEP + 5; i++) {
        pulled += 1;
        yield { line: i + 2, name: `Lazy ${i}`, url: `https://lazy-${i}.example.com`, category: 'AI' };
      }
    }
    const pulledAtWrites: number[] = [];
    const result = await inTransaction(pool, (client) => {
      // the same connection, noting how many rows had been read when each batch of sites is sent
      const recording = new Proxy(client, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
          return (text: string, values?: unknown[]) => {
            if (text.includes('INSERT INTO websites')) pulledAtWrites.push(pulled);
            return target.query(text, values);
          };
        },
      });
      return prepareAndUpsertSites(recording, rows());
    });
    expect(result).toEqual({ inserted: 3 * STEP + 5, updated: 0, unchanged: 0, rejected: [] });
    // each step is sent once it is read; the next is read while it is written
    expect(pulledAtWrites).toEqual([STEP, 2 * STEP, 3 * STEP, 3 * STEP + 5]);
    const { rows: count } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM websites WHERE host LIKE 'lazy-%'");
    expect(Number(count[0]?.n)).toBe(3 * STEP + 5);
  });

  it('imports a streamed file as the parsed one, with its parse rejects merged in line order', async () => {
    const lines = [HEADER];
    for (let i = 0; i < STEP + 20; i++) lines.push(`Streamed ${i},https://streamed-${i}.example.com,AI`);
    lines.splice(3, 0, 'Ragged,https://ragged.example.com');
    lines.splice(STEP + 7, 0, 'Stray "quote,https://stray.example.com,AI');
    lines.push('Again,https://streamed-1.example.com/,Data', 'Bad url,not a url,AI');
    const text = csv(...lines);
    const stream = streamCatalogueCsv(text);
    // nothing is read before the import iterates the rows
    expect(stream.rejected).toEqual([]);
    const streamed = await importCatalogue(pool, stream);
    const parsed = await importCatalogue(pool, parseCatalogueCsv(text));
    expect(streamed.inserted).toBe(STEP + 20);
    expect(streamed.rejected.map((r) => r.line)).toEqual([4, STEP + 8, STEP + 24, STEP + 25]);
    expect(streamed.rejected[0]?.reason).toMatch(/expected 3 fields/);
    expect(streamed.rejected[2]?.reason).toBe('duplicate of line 3');
    // the same file again: every row is there, unchanged, and the rejects are the same
    expect(parsed).toEqual({ inserted: 0, updated: 0, unchanged: STEP + 20, rejected: streamed.rejected });
  });
});
