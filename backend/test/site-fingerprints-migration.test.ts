import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migratePostgres } from '../src/migrations/postgres-migrator';

const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations/postgres');
const FINGERPRINTS = '0026_site_fingerprints_in_one_row.sql';

// A census projected before 0026 keeps every template fingerprint: a rescan that finds the same
// templates must still rewrite nothing after the upgrade.
describe('0026 moves the template fingerprints beside the content fingerprints', () => {
  let url: string;
  let pool: pg.Pool;
  let dir: string;

  beforeAll(async () => {
    const name = `fingerprints_migration_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    await admin.end();
    const u = new URL(inject('databaseUrl'));
    u.pathname = `/${name}`;
    url = u.toString();
    dir = await mkdtemp(path.join(os.tmpdir(), 'census-fingerprints-'));
    for (const file of await readdir(MIGRATIONS)) if (file < FINGERPRINTS) await copyFile(path.join(MIGRATIONS, file), path.join(dir, file));
    await migratePostgres(url, dir);
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('keeps each site fingerprint, with or without a content row, and drops the old table', async () => {
    await pool.query(`INSERT INTO site_content_hashes (website_id, latest_hash, previous_hash, findings_input)
                      VALUES (1, 'c1', 'p1', 'c1|p1'), (2, 'c2', NULL, 'c2|-')`);
    await pool.query(`INSERT INTO site_template_hashes (website_id, latest_hash) VALUES (1, 't1'), (3, 't3')`);
    await copyFile(path.join(MIGRATIONS, FINGERPRINTS), path.join(dir, FINGERPRINTS));
    expect((await migratePostgres(url, dir)).applied).toEqual([FINGERPRINTS.replace('.sql', '')]);

    const { rows } = await pool.query('SELECT website_id::int AS id, latest_hash, previous_hash, findings_input, templates_hash FROM site_content_hashes ORDER BY website_id');
    expect(rows).toEqual([
      { id: 1, latest_hash: 'c1', previous_hash: 'p1', findings_input: 'c1|p1', templates_hash: 't1' },
      { id: 2, latest_hash: 'c2', previous_hash: null, findings_input: 'c2|-', templates_hash: null },
      { id: 3, latest_hash: null, previous_hash: null, findings_input: null, templates_hash: 't3' },
    ]);
    const old = await pool.query<{ t: string | null }>("SELECT to_regclass('site_template_hashes')::text AS t");
    expect(old.rows[0]?.t).toBeNull();
  });
});
