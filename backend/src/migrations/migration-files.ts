import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '@mcp-census/streams/platform/project-root';

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export const MIGRATIONS_ROOT = projectPath('backend/migrations');

/** Reads `NNNN_name.sql` files in version order; refuses gaps in naming and duplicates. */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const entries = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    const match = FILE_NAME.exec(entry);
    if (!match) throw new Error(`Migration file ${path.join(dir, entry)} must be named NNNN_lower_snake_name.sql`);
    const version = Number(match[1]);
    if (seen.has(version)) throw new Error(`Two migration files in ${dir} share version ${version}`);
    seen.add(version);
    const sql = await readFile(path.join(dir, entry), 'utf8');
    files.push({ version, name: match[2] ?? entry, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

/** `0007_name`, as the file is named. */
export function migrationLabel(file: MigrationFile): string {
  return `${String(file.version).padStart(4, '0')}_${file.name}`;
}

/** An applied migration whose file changed afterwards is a mistake we must not paper over. */
export function assertUnchanged(file: MigrationFile, appliedChecksum: string, store: string): void {
  if (file.checksum !== appliedChecksum) {
    throw new Error(
      `${store} migration ${migrationLabel(file)} was changed after it was applied; add a new migration instead`,
    );
  }
}
