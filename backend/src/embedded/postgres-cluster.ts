import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { isProcessAlive, processCommandLine, waitForExit } from '../util/process-alive';
import type { OsUser } from './postgres-os-user';

const credentialsSchema = z.object({
  user: z.string().min(1),
  password: z.string().min(16),
  initialised: z.boolean(),
});
export type ClusterCredentials = z.infer<typeof credentialsSchema>;

/** Credentials live beside (not inside) the cluster directory, readable by us only. */
export function credentialsFile(dataDir: string): string {
  return path.join(dataDir, 'postgres-credentials.json');
}

async function readCredentials(dataDir: string): Promise<ClusterCredentials | undefined> {
  try {
    return credentialsSchema.parse(JSON.parse(await readFile(credentialsFile(dataDir), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${credentialsFile(dataDir)} is unreadable or corrupt: ${(err as Error).message}`, { cause: err });
  }
}

async function writeCredentials(dataDir: string, creds: ClusterCredentials): Promise<void> {
  const file = credentialsFile(dataDir);
  await writeFile(`${file}.tmp`, JSON.stringify(creds), { mode: 0o600 });
  const { rename } = await import('node:fs/promises');
  await rename(`${file}.tmp`, file);
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}

function runToCompletion(cmd: string, args: string[], user: OsUser | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(cmd)} exited with code ${code}: ${output.slice(-2000)}`)),
    );
  });
}

/**
 * Creates the cluster on first start. Credentials are written before initdb and
 * flagged `initialised` after it, so an initdb interrupted by a crash is
 * detected (flag false) and redone from scratch; a finished cluster is never
 * wiped.
 */
export async function ensureCluster(opts: {
  dataDir: string;
  clusterDir: string;
  initdb: string;
  osUser: OsUser | undefined;
  log: Logger;
}): Promise<ClusterCredentials> {
  const { dataDir, clusterDir, initdb, osUser, log } = opts;
  const existing = await readCredentials(dataDir);
  if (existing?.initialised) return existing;
  if (!existing && (await fileExists(path.join(clusterDir, 'PG_VERSION')))) {
    throw new Error(
      `${clusterDir} holds a PostgreSQL cluster but ${credentialsFile(dataDir)} is missing; restore that file or move the directory away.`,
    );
  }
  const creds: ClusterCredentials = { user: 'postgres', password: randomBytes(24).toString('base64url'), initialised: false };
  await mkdir(dataDir, { recursive: true });
  await writeCredentials(dataDir, creds);
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (osUser) await chown(clusterDir, osUser.uid, osUser.gid);
  const pwFile = path.join(clusterDir, '..', `.pg-pw-${randomBytes(6).toString('hex')}`);
  await writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
  if (osUser) await chown(pwFile, osUser.uid, osUser.gid);
  log.info(`initialising a new PostgreSQL cluster in ${clusterDir}`);
  try {
    await runToCompletion(
      initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${creds.user}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C', '--no-instructions'],
      osUser,
    );
  } finally {
    await unlink(pwFile).catch(() => undefined);
  }
  const done = { ...creds, initialised: true };
  await writeCredentials(dataDir, done);
  return done;
}

/**
 * A crash of our process (kill -9) leaves either an orphaned postmaster still
 * running on the cluster or a stale postmaster.pid. Stop the orphan cleanly;
 * remove a lock whose pid is dead or belongs to an unrelated process.
 */
export async function recoverStaleLock(clusterDir: string, log: Logger): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await readFile(lockFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  const cmdline = isProcessAlive(pid) ? await processCommandLine(pid) : undefined;
  const isOurOrphan = cmdline !== undefined && cmdline.includes('postgres') && cmdline.includes(clusterDir);
  if (isOurOrphan) {
    log.warn(`stopping PostgreSQL left running by an earlier crash (pid ${pid})`);
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT'); // immediate shutdown; WAL replay on next start
      await waitForExit(pid, 10_000);
    }
  } else {
    log.warn(`removing stale PostgreSQL lock file (pid ${Number.isNaN(pid) ? 'unknown' : pid} is not running)`);
  }
  await unlink(lockFile).catch(() => undefined);
}
