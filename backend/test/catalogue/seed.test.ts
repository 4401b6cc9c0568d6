import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueFileError, readCatalogueFile } from '../../src/catalogue/catalogue-file';
import { BUILT_IN_CATALOGUE, CATALOGUE_SEEDED_KEY, ensureCatalogue } from '../../src/catalogue/seed';
import { captureLog, csv, freshDatabase, silentLogger, sites, tempFile } from './helpers';

const HEADER = 'name,url,category';

describe('ensureCatalogue with the built-in list', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_seed');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  it('loads the built-in catalogue at first start, and records it', async () => {
    const captured = captureLog();
    const result = await ensureCatalogue(pool, { log: captured.log });
    expect(result).toMatchObject({ action: 'seeded', updated: 0, unchanged: 0, rejected: 0 });
    const loaded = await sites(pool);
    expect(result).toMatchObject({ inserted: loaded.length });
    expect(loaded.length).toBeGreaterThanOrEqual(500);
    expect(loaded.every((s) => s.source === 'catalogue' && s.active)).toBe(true);
    expect(loaded.find((s) => s.host === 'stripe.com')).toMatchObject({ name: 'Stripe', category: 'FinTech' });
    const { rows } = await pool.query<{ value: { source: string; inserted: number; sites: number } }>('SELECT value FROM app_settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
    expect(rows[0]?.value).toMatchObject({ source: 'built-in', inserted: loaded.length, sites: loaded.length });
    expect(captured.messages('info').some((m) => /^built-in catalogue .*websites\.csv: \d+ inserted, 0 updated, 0 unchanged, 0 rejected$/.test(m))).toBe(true);
  });

  it('stores the documented MCP endpoints of the built-in list, each with its source', async () => {
    const { rows: file } = await readCatalogueFile(BUILT_IN_CATALOGUE);
    const documented = file.filter((r) => (r.mcpEndpoint ?? '') !== '');
    expect(documented.length).toBeGreaterThan(0);
    const { rows } = await pool.query<{ host: string; catalogue_endpoint: string; catalogue_endpoint_source: string | null; registered_endpoint: string | null }>(
      'SELECT host, catalogue_endpoint, catalogue_endpoint_source, registered_endpoint FROM websites WHERE catalogue_endpoint IS NOT NULL',
    );
    expect(rows.length).toBe(documented.length);
    for (const row of rows) {
      expect(row.catalogue_endpoint, row.host).toMatch(/^https:\/\//);
      expect(row.catalogue_endpoint_source, row.host).toMatch(/^https:\/\//);
      expect(row.registered_endpoint, row.host).toBeNull(); // a catalogue endpoint is not a registration
    }
  });

  it('does not reload at a later start: a deactivated or deleted site stays so', async () => {
    await pool.query("UPDATE websites SET active = false WHERE host = 'stripe.com'");
    await pool.query("DELETE FROM websites WHERE host = 'github.com'");
    const before = await sites(pool);
    expect(await ensureCatalogue(pool, { log: silentLogger() })).toEqual({ action: 'already-seeded' });
    expect(await sites(pool)).toEqual(before);
  });

  it('loads once when several processes start together', async () => {
    const other = await freshDatabase('catalogue_seed_race');
    try {
      const results = await Promise.all([1, 2, 3].map(() => ensureCatalogue(other.pool, { log: silentLogger() })));
      expect(results.map((r) => r.action).sort()).toEqual(['already-seeded', 'already-seeded', 'seeded']);
    } finally {
      await other.drop();
    }
  });

  it('re-runs a load that did not commit (no marker yet), adding only missing sites', async () => {
    const other = await freshDatabase('catalogue_seed_resume');
    try {
      // As if an operator had registered a site before the first load committed.
      await other.pool.query("INSERT INTO websites (name, url, host, category, source, active) VALUES ('My Stripe', 'https://stripe.com/', 'stripe.com', 'AI', 'registration', false)");
      const result = await ensureCatalogue(other.pool, { log: silentLogger() });
      expect(result).toMatchObject({ action: 'seeded', unchanged: 1, updated: 0 });
      const { rows } = await other.pool.query("SELECT name, category, source, active FROM websites WHERE host = 'stripe.com'");
      expect(rows).toEqual([{ name: 'My Stripe', category: 'AI', source: 'registration', active: false }]);
    } finally {
      await other.drop();
    }
  });
});

describe('ensureCatalogue: endpoints added to the built-in list after it was loaded', () => {
  const FULL = 'name,url,category,mcp_endpoint,source';
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_seed_endpoints');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  const endpoints = async () =>
    (await pool.query<{ host: string; name: string; active: boolean; catalogue_endpoint: string | null; catalogue_endpoint_source: string | null }>(
      'SELECT host, name, active, catalogue_endpoint, catalogue_endpoint_source FROM websites ORDER BY host',
    )).rows;

  it('reach a deployment seeded before, touching nothing else of its sites', async () => {
    const v1 = await tempFile('v1.csv', csv(FULL, 'One,https://one.example.com,AI,https://mcp.one.example.com/mcp,https://one.example.com/docs', 'Two,https://two.example.com,AI,,', 'Three,https://three.example.com,AI,https://mcp.three.example.com,https://three.example.com/docs'));
    expect(await ensureCatalogue(pool, { builtInFile: v1, log: silentLogger() })).toMatchObject({ action: 'seeded', inserted: 3 });
    await pool.query("UPDATE websites SET active = false, name = 'Two (renamed)' WHERE host = 'two.example.com'");
    await pool.query("DELETE FROM websites WHERE host = 'three.example.com'");

    // A later release documents Two's endpoint, moves One's and drops Three.
    const v2 = await tempFile('v2.csv', csv(FULL, 'One,https://one.example.com,AI,https://one.example.com/api/mcp,https://one.example.com/docs/v2', 'Two,https://two.example.com,AI,https://mcp.two.example.com/sse,https://two.example.com/docs', 'Four,https://four.example.com,AI,,'));
    const captured = captureLog();
    expect(await ensureCatalogue(pool, { builtInFile: v2, log: captured.log })).toEqual({ action: 'already-seeded' });
    expect(await endpoints()).toEqual([
      { host: 'one.example.com', name: 'One', active: true, catalogue_endpoint: 'https://one.example.com/api/mcp', catalogue_endpoint_source: 'https://one.example.com/docs/v2' },
      { host: 'two.example.com', name: 'Two (renamed)', active: false, catalogue_endpoint: 'https://mcp.two.example.com/sse', catalogue_endpoint_source: 'https://two.example.com/docs' },
    ]);
    expect(captured.messages('info').some((m) => /^built-in catalogue .*v2\.csv: MCP endpoints updated on 2 site\(s\)$/.test(m))).toBe(true);

    // Idempotent: the next start changes nothing and says nothing.
    const quiet = captureLog();
    expect(await ensureCatalogue(pool, { builtInFile: v2, log: quiet.log })).toEqual({ action: 'already-seeded' });
    expect(quiet.messages('info')).toEqual([]);
  });

  it('are not applied where an operator\'s CATALOGUE_FILE was loaded instead', async () => {
    const other = await freshDatabase('catalogue_seed_endpoints_file');
    try {
      const own = await tempFile('own.csv', csv('name,url,category', 'One,https://one.example.com,AI'));
      await ensureCatalogue(other.pool, { catalogueFile: own, log: silentLogger() });
      const builtIn = await tempFile('b.csv', csv(FULL, 'One,https://one.example.com,AI,https://mcp.one.example.com/mcp,https://one.example.com/docs'));
      expect(await ensureCatalogue(other.pool, { builtInFile: builtIn, log: silentLogger() })).toEqual({ action: 'already-seeded' });
      const { rows } = await other.pool.query('SELECT catalogue_endpoint FROM websites');
      expect(rows).toEqual([{ catalogue_endpoint: null }]);
    } finally {
      await other.drop();
    }
  });
});

describe('ensureCatalogue with CATALOGUE_FILE', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_file');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  it('upserts that file instead of the built-in list, at every start', async () => {
    const file = await tempFile('sites.csv', csv(HEADER, 'One,https://one.example.com,AI', 'Two,https://two.example.com,Data', 'Bad,ftp://bad.example.com,AI'));
    const captured = captureLog();
    expect(await ensureCatalogue(pool, { catalogueFile: file, log: captured.log })).toEqual({ action: 'imported', file, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect((await sites(pool)).map((s) => s.host)).toEqual(['one.example.com', 'two.example.com']);
    expect(captured.messages('warn')).toContain('1 catalogue row(s) rejected from ' + file + ':');
    expect(captured.messages('warn')).toContain('  line 4: url scheme "ftp:" is not allowed (only http and https)');

    // Next start: idempotent.
    expect(await ensureCatalogue(pool, { catalogueFile: file, log: silentLogger() })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });

    // The operator edits the file: changes are applied, absent sites are left alone.
    const edited = await tempFile('sites.csv', csv(HEADER, 'One,https://one.example.com,Security', 'Three,https://three.example.com,Media'));
    expect(await ensureCatalogue(pool, { catalogueFile: edited, log: silentLogger() })).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    expect((await sites(pool)).map((s) => [s.host, s.category])).toEqual([
      ['one.example.com', 'Security'],
      ['three.example.com', 'Media'],
      ['two.example.com', 'Data'],
    ]);
  });

  it('upserts the endpoint columns of a five-column CATALOGUE_FILE', async () => {
    const file = await tempFile('endpoints.csv', csv('name,url,category,mcp_endpoint,source', 'Three,https://three.example.com,Media,https://mcp.three.example.com/mcp,https://three.example.com/docs'));
    expect(await ensureCatalogue(pool, { catalogueFile: file, log: silentLogger() })).toMatchObject({ action: 'imported', updated: 1, rejected: 0 });
    const { rows } = await pool.query("SELECT catalogue_endpoint, catalogue_endpoint_source FROM websites WHERE host = 'three.example.com'");
    expect(rows).toEqual([{ catalogue_endpoint: 'https://mcp.three.example.com/mcp', catalogue_endpoint_source: 'https://three.example.com/docs' }]);
  });

  it('marks the catalogue as loaded, so dropping CATALOGUE_FILE later does not add the built-in list', async () => {
    const before = await sites(pool);
    expect(await ensureCatalogue(pool, { log: silentLogger() })).toEqual({ action: 'already-seeded' });
    expect(await sites(pool)).toEqual(before);
  });

  it('summarises many rejects instead of logging each one', async () => {
    const lines = [HEADER, 'Fine,https://fine.example.com,AI'];
    for (let i = 0; i < 50; i++) lines.push(`Bad ${i},https://bad-${i}.example.com,Unknown`);
    const file = await tempFile('many.csv', csv(...lines));
    const captured = captureLog();
    expect(await ensureCatalogue(pool, { catalogueFile: file, log: captured.log })).toMatchObject({ inserted: 1, rejected: 50 });
    const warnings = captured.messages('warn');
    expect(warnings.length).toBe(12); // heading + 10 rejects + one summary line
    expect(warnings.at(-1)).toMatch(/… and 40 more rejected rows \(40× category "…" is not one of/);
  });

  it('fails start-up on a missing file or a bad header', async () => {
    await expect(ensureCatalogue(pool, { catalogueFile: '/nonexistent/sites.csv', log: silentLogger() })).rejects.toThrow(CatalogueFileError);
    const bad = await tempFile('bad.csv', 'title,link\nA,https://a.example.com\n');
    await expect(ensureCatalogue(pool, { catalogueFile: bad, log: silentLogger() })).rejects.toThrow(/bad header/);
  });
});
