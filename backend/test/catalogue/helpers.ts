import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase } from '../../../test/support/test-database';
import type { Logger } from '../../src/util/logger';

/** A fresh, migrated database owned by one suite; `drop()` ends the pool and removes it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const db = await createTestDatabase(prefix);
  return { url: db.url, pool: db.pool, drop: db.drop };
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

/** A logger that keeps every line, for assertions. */
export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const make = (): Logger => ({
    debug: (m) => void lines.push(`debug ${m}`),
    info: (m) => void lines.push(`info ${m}`),
    warn: (m) => void lines.push(`warn ${m}`),
    error: (m) => void lines.push(`error ${m}`),
    child: () => make(),
  });
  return Object.assign(make(), { lines });
}

export function csv(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
