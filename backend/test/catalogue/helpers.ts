import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase } from '../../../test/support/test-database';

/** A fresh, migrated database owned by one suite; `drop()` ends the pool and removes it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const db = await createTestDatabase(prefix);
  return { url: db.url, pool: db.pool, drop: () => db.drop() };
}

export interface SiteRow {
  name: string;
  url: string;
  host: string;
  category: string | null;
  source: string;
  active: boolean;
}

export async function sites(db: pg.Pool): Promise<SiteRow[]> {
  const { rows } = await db.query<SiteRow>('SELECT name, url, host, category, source, active FROM websites ORDER BY host');
  return rows;
}

export async function tempFile(name: string, content: string | Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'census-catalogue-'));
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

export { captureLog, silentLogger } from '../../../test/support/test-logger';

export function csv(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
