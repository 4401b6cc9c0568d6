import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogueCsv } from '../../src/catalogue/catalogue-file';
import { importCatalogue } from '../../src/catalogue/import-catalogue';
import { csv, freshDatabase, sites } from './helpers';

const HEADER = 'name,url,category';

describe('importCatalogue', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_import');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  it('inserts, then counts updated and unchanged rows exactly on re-import', async () => {
    const first = parseCatalogueCsv(csv(HEADER, 'Alpha,https://alpha.example.com,AI', 'Beta,https://www.beta.example.com,Data', 'Gamma,https://gamma.example.com,Cloud'));
    expect(await importCatalogue(pool, first, { source: 'catalogue' })).toEqual({ inserted: 3, updated: 0, unchanged: 0, rejected: [] });
    expect(await importCatalogue(pool, first)).toEqual({ inserted: 0, updated: 0, unchanged: 3, rejected: [] });

    const second = parseCatalogueCsv(
      csv(
        HEADER,
        'Alpha,https://alpha.example.com,AI', // unchanged
        'Beta Labs,https://beta.example.com/home,Data', // name and url changed
        'Gamma,https://gamma.example.com,Security', // category changed
        'Delta,https://delta.example.com,Search', // new
      ),
    );
    expect(await importCatalogue(pool, second, { source: 'import' })).toEqual({ inserted: 1, updated: 2, unchanged: 1, rejected: [] });
    expect(await importCatalogue(pool, second, { source: 'import' })).toEqual({ inserted: 0, updated: 0, unchanged: 4, rejected: [] });

    const rows = await sites(pool);
    expect(rows.filter((r) => r.host.endsWith('.example.com'))).toEqual([
      { name: 'Alpha', url: 'https://alpha.example.com/', host: 'alpha.example.com', category: 'AI', source: 'catalogue', active: true },
      { name: 'Beta Labs', url: 'https://beta.example.com/home', host: 'beta.example.com', category: 'Data', source: 'catalogue', active: true },
      { name: 'Delta', url: 'https://delta.example.com/', host: 'delta.example.com', category: 'Search', source: 'import', active: true },
      { name: 'Gamma', url: 'https://gamma.example.com/', host: 'gamma.example.com', category: 'Security', source: 'catalogue', active: true },
    ]);
  });

  it('reactivates a deactivated site that is re-imported (an update)', async () => {
    await importCatalogue(pool, parseCatalogueCsv(csv(HEADER, 'Sleepy,https://sleepy.example.net,Media')));
    await pool.query("UPDATE websites SET active = false WHERE host = 'sleepy.example.net'");
    expect(await importCatalogue(pool, parseCatalogueCsv(csv(HEADER, 'Sleepy,https://sleepy.example.net,Media')))).toMatchObject({ updated: 1, unchanged: 0 });
    const { rows } = await pool.query("SELECT active FROM websites WHERE host = 'sleepy.example.net'");
    expect(rows).toEqual([{ active: true }]);
  });

  it('rejects later duplicates of a host with the line of the first', async () => {
    const parsed = parseCatalogueCsv(
      csv(HEADER, 'One,https://dup.example.org,AI', 'Other,https://other.example.org,AI', 'Again,https://WWW.dup.example.org/x,Data', 'Third,http://dup.example.org.,Media'),
    );
    const result = await importCatalogue(pool, parsed);
    expect(result).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejected: [
        { line: 4, reason: 'duplicate of line 2', raw: 'Again,https://WWW.dup.example.org/x,Data' },
        { line: 5, reason: 'duplicate of line 2', raw: 'Third,http://dup.example.org.,Media' },
      ],
    });
    const { rows } = await pool.query("SELECT name, category FROM websites WHERE host = 'dup.example.org'");
    expect(rows).toEqual([{ name: 'One', category: 'AI' }]);
  });

  it('leaves sites absent from the file untouched', async () => {
    await importCatalogue(pool, parseCatalogueCsv(csv(HEADER, 'Keep,https://keep.example.io,Travel', 'Also,https://also.example.io,Health')));
    await pool.query("UPDATE websites SET active = false WHERE host = 'also.example.io'");
    const before = await sites(pool);
    expect(await importCatalogue(pool, parseCatalogueCsv(csv(HEADER, 'Keep,https://keep.example.io,Travel')))).toMatchObject({ unchanged: 1 });
    expect(await sites(pool)).toEqual(before);
  });

  it('imports good rows even when others are bad, reporting each bad one', async () => {
    const parsed = parseCatalogueCsv(
      csv(
        HEADER,
        'Good One,https://good1.example.dev,ecommerce',
        'No URL,,AI',
        'Local,http://localhost:8080,AI',
        'Bad Category,https://badcat.example.dev,Crypto',
        'Ragged,https://ragged.example.dev',
        'Good Two,https://good2.example.dev,Social',
        'Quote"Stray,https://q.example.dev,AI',
      ),
    );
    const result = await importCatalogue(pool, parsed);
    expect(result.inserted).toBe(2);
    expect(result.rejected.map((r) => [r.line, r.reason.split(/[;(]/)[0]?.trim()])).toEqual([
      [3, 'url is empty'],
      [4, 'url host "localhost" is a local or reserved name, not a public website'],
      [5, 'category "Crypto" is not one of: E-commerce, Social Media, Development, Communication, FinTech, Productivity, Media, AI, Cloud, Data, Security, Education, Health, Travel, Government, Marketing, Design, Gaming, Search, Reference'],
      [6, 'expected 3 fields'],
      [8, 'field 1 contains a quote but is not quoted'],
    ]);
    const { rows } = await pool.query("SELECT host, category FROM websites WHERE host LIKE 'good%.example.dev' ORDER BY host");
    expect(rows).toEqual([
      { host: 'good1.example.dev', category: 'E-commerce' },
      { host: 'good2.example.dev', category: 'Social Media' },
    ]);
  });

  it('leaves the database unchanged for an entirely invalid file', async () => {
    const before = await sites(pool);
    const parsed = parseCatalogueCsv(csv(HEADER, ',https://x.example.com,AI', 'Y,ftp://y.example.com,AI', 'Z,https://z.example.com,Nope', 'Keep,https://keep.example.io'));
    const result = await importCatalogue(pool, parsed);
    expect(result).toMatchObject({ inserted: 0, updated: 0, unchanged: 0 });
    expect(result.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(await sites(pool)).toEqual(before);
  });

  it('accepts rows without a parse step, and a single client', async () => {
    const client = await pool.connect();
    try {
      const result = await importCatalogue(client, [{ line: 7, name: 'Direct', url: 'https://direct.example.com', category: 'fintech' }], { source: 'registration' });
      expect(result).toEqual({ inserted: 1, updated: 0, unchanged: 0, rejected: [] });
    } finally {
      client.release();
    }
    const { rows } = await pool.query("SELECT source, category FROM websites WHERE host = 'direct.example.com'");
    expect(rows).toEqual([{ source: 'registration', category: 'FinTech' }]);
  });

  it('rolls back the whole import on a database error', async () => {
    const before = await sites(pool);
    // A constraint (on this suite's own database) fails the second batch; the first must not survive.
    await pool.query("ALTER TABLE websites ADD CONSTRAINT test_no_fail_host CHECK (host <> 'fail.example.com')");
    try {
      const rows = [
        { line: 2, name: 'Ok', url: 'https://rollback-ok.example.com', category: 'AI' },
        { line: 3, name: 'Fail', url: 'https://fail.example.com', category: 'AI' },
      ];
      await expect(importCatalogue(pool, rows, { batchSize: 1 })).rejects.toThrow(/test_no_fail_host/);
    } finally {
      await pool.query('ALTER TABLE websites DROP CONSTRAINT test_no_fail_host');
    }
    expect(await sites(pool)).toEqual(before);
  });

  it('imports 10,000 rows well within 5 s, and re-imports them as unchanged', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) lines.push(`"Bulk Site ${i}, Inc.",https://www.bulk-${i}.example.com/home?ref=${i},Development`);
    const parsed = parseCatalogueCsv(csv(...lines));
    let started = performance.now();
    const result = await importCatalogue(pool, parsed);
    const firstMs = performance.now() - started;
    expect(result).toEqual({ inserted: 10_000, updated: 0, unchanged: 0, rejected: [] });
    expect(firstMs).toBeLessThan(5000);
    started = performance.now();
    expect(await importCatalogue(pool, parsed)).toEqual({ inserted: 0, updated: 0, unchanged: 10_000, rejected: [] });
    expect(performance.now() - started).toBeLessThan(5000);
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM websites WHERE host LIKE 'bulk-%.example.com'");
    expect(rows[0]?.n).toBe('10000');
  });

  describe('catalogue endpoints (mcp_endpoint, source)', () => {
    const FULL = 'name,url,category,mcp_endpoint,source';
    const endpoints = async (hostSuffix: string) =>
      (
        await pool.query<{ host: string; catalogue_endpoint: string | null; catalogue_endpoint_source: string | null; registered_endpoint: string | null }>(
          'SELECT host, catalogue_endpoint, catalogue_endpoint_source, registered_endpoint FROM websites WHERE host LIKE $1 ORDER BY host',
          [`%${hostSuffix}`],
        )
      ).rows;

    it('stores them on insert and update, apart from registered endpoints, and counts changes exactly', async () => {
      await pool.query(`INSERT INTO websites (name, url, host, source, registered_endpoint) VALUES ('Reg', 'https://reg.ep.example.com/', 'reg.ep.example.com', 'registration', 'https://mcp.partner.example/v1')`);
      const first = parseCatalogueCsv(
        csv(FULL, 'Alpha,https://alpha.ep.example.com,AI,https://mcp.alpha.ep.example.com/mcp,https://docs.alpha.ep.example.com/mcp', 'Beta,https://beta.ep.example.com,AI,,', 'Reg,https://reg.ep.example.com,AI,https://mcp.reg.ep.example.com/sse,'),
      );
      expect(await importCatalogue(pool, first)).toEqual({ inserted: 2, updated: 1, unchanged: 0, rejected: [] });
      expect(await importCatalogue(pool, first)).toEqual({ inserted: 0, updated: 0, unchanged: 3, rejected: [] });
      expect(await endpoints('.ep.example.com')).toEqual([
        { host: 'alpha.ep.example.com', catalogue_endpoint: 'https://mcp.alpha.ep.example.com/mcp', catalogue_endpoint_source: 'https://docs.alpha.ep.example.com/mcp', registered_endpoint: null },
        { host: 'beta.ep.example.com', catalogue_endpoint: null, catalogue_endpoint_source: null, registered_endpoint: null },
        { host: 'reg.ep.example.com', catalogue_endpoint: 'https://mcp.reg.ep.example.com/sse', catalogue_endpoint_source: null, registered_endpoint: 'https://mcp.partner.example/v1' },
      ]);

      // A changed endpoint is an update; an emptied cell clears the stored endpoint.
      const second = parseCatalogueCsv(csv(FULL, 'Alpha,https://alpha.ep.example.com,AI,,', 'Beta,https://beta.ep.example.com,AI,https://beta.ep.example.com/api/mcp,https://beta.ep.example.com/docs'));
      expect(await importCatalogue(pool, second)).toEqual({ inserted: 0, updated: 2, unchanged: 0, rejected: [] });
      expect((await endpoints('.ep.example.com')).map((r) => [r.host, r.catalogue_endpoint, r.catalogue_endpoint_source])).toEqual([
        ['alpha.ep.example.com', null, null],
        ['beta.ep.example.com', 'https://beta.ep.example.com/api/mcp', 'https://beta.ep.example.com/docs'],
        ['reg.ep.example.com', 'https://mcp.reg.ep.example.com/sse', null],
      ]);
    });

    it('leaves stored endpoints alone when a three-column file is imported', async () => {
      const before = await endpoints('.ep.example.com');
      const old = parseCatalogueCsv(csv('name,url,category', 'Beta Renamed,https://beta.ep.example.com,AI', 'Gamma,https://gamma.ep.example.com,AI'));
      expect(await importCatalogue(pool, old)).toEqual({ inserted: 1, updated: 1, unchanged: 0, rejected: [] });
      const after = await endpoints('.ep.example.com');
      expect(after.filter((r) => r.host !== 'gamma.ep.example.com')).toEqual(before);
      expect(after.find((r) => r.host === 'gamma.ep.example.com')).toMatchObject({ catalogue_endpoint: null });
    });

    it('rejects rows with an invalid endpoint or source, by line, and imports the rest', async () => {
      const parsed = parseCatalogueCsv(
        csv(
          FULL,
          'Good,https://good.ep2.example.com,AI,https://mcp.good.ep2.example.com,https://good.ep2.example.com/docs',
          'Plain,https://plain.ep2.example.com,AI,http://mcp.plain.ep2.example.com,',
          'Ctl,https://ctl.ep2.example.com,AI,"https://mcp.ctl.ep2.example.com/\nmcp",', // a quoted line break: lines 4-5
          'Src,https://src.ep2.example.com,AI,https://mcp.src.ep2.example.com,docs page',
          'Orphan,https://orphan.ep2.example.com,AI,,https://orphan.ep2.example.com/docs',
        ),
      );
      const result = await importCatalogue(pool, parsed);
      expect(result.inserted).toBe(1);
      expect(result.rejected.map((r) => [r.line, r.reason])).toEqual([
        [3, 'mcp_endpoint must be an https:// URL'],
        [4, 'mcp_endpoint contains control characters'],
        [6, 'source must be an https:// URL'],
        [7, 'source is given without an mcp_endpoint'],
      ]);
    });
  });
});
