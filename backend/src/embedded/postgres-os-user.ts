import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '@mcp-census/streams/platform/logger';

const run = promisify(execFile);

export interface OsUser {
  uid: number;
  gid: number;
}

async function lookup(name: string): Promise<OsUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. When we are root, run it as the system
 * user `postgres`, creating that user if the machine has none.
 */
export async function resolvePostgresOsUser(log: Logger): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await lookup('postgres');
  if (existing) return existing;
  log.info('running as root: creating system user "postgres" to own the embedded database');
  try {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  } catch (err) {
    throw new Error(`Could not create the "postgres" system user needed to run PostgreSQL as root: ${(err as Error).message}`, { cause: err });
  }
  const created = await lookup('postgres');
  if (!created) throw new Error('The "postgres" system user could not be found after creating it');
  return created;
}

/**
 * The postgres user must be able to traverse every ancestor of its data
 * directory. Where an ancestor is closed to others (e.g. /root is 0700), add
 * only the search bit (o+x), which lets it pass through without listing.
 */
export async function ensureTraversable(dir: string, log: Logger): Promise<void> {
  const ancestors: string[] = [];
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    ancestors.push(d);
    if (path.dirname(d) === d) break;
  }
  for (const ancestor of ancestors.reverse()) {
    const info = await stat(ancestor);
    if ((info.mode & 0o001) === 0) {
      await chmod(ancestor, info.mode | 0o001);
      log.info(`granted search permission (o+x) on ${ancestor} so the postgres user can reach its data directory`);
    }
  }
}
