import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/embedded/postgres';
import { isProcessAlive, waitForExit } from '../../src/util/process-alive';
import { postgresMemorySettings } from '../../src/embedded/postgres-memory';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'census-pg-'));
  dirs.push(dir);
  return dir;
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs the launcher in a separate process so the test can kill -9 it. */
async function startInChild(dataDir: string): Promise<{ pid: number; postmasterPid: number; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/test/fixtures/start-postgres.ts', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (c: Buffer) => {
      buffer += c.toString();
      const nl = buffer.indexOf('\n');
      if (nl >= 0) resolve(buffer.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`launcher exited early with ${code}`)));
  });
  const info = JSON.parse(line) as { url: string; pid: number };
  return { pid: child.pid ?? 0, postmasterPid: info.pid, url: info.url };
}

/** The parent of a process: PostgreSQL's is its guardian. */
async function parentPid(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('embedded PostgreSQL', () => {
  it('listens on loopback only and keeps data across a clean restart', async () => {
    const dataDir = await tempDir();
    const first = await startEmbeddedPostgres({ dataDir });
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    const settings = await sql<{ listen_addresses: string }>(first.url, 'SHOW listen_addresses');
    expect(settings[0]?.listen_addresses).toBe('127.0.0.1');
    // sized from the machine (postgres-memory.ts), not Postgres' 128 MB default, on any machine of 2 GB or more
    const buffers = await sql<{ setting: string; unit: string }>(first.url, `SELECT setting, unit FROM pg_settings WHERE name = 'shared_buffers'`);
    expect(`shared_buffers=${(Number(buffers[0]?.setting) * 8) / 1024}MB`).toBe(postgresMemorySettings().find((s) => s.startsWith('shared_buffers=')));
    await sql(first.url, 'CREATE TABLE kept (v text)');
    await sql(first.url, 'INSERT INTO kept VALUES ($1)', ['survives restart']);
    await first.stop();
    expect(isProcessAlive(first.pid)).toBe(false);

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await sql(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'survives restart' }]);
    } finally {
      await second.stop();
    }
  });

  it('stops by itself within seconds when the owning process is killed with SIGKILL', async () => {
    const dataDir = await tempDir();
    const crashed = await startInChild(dataDir);
    await sql(crashed.url, 'CREATE TABLE t (v int)');
    await sql(crashed.url, 'INSERT INTO t VALUES (1), (2), (3)');
    const guardian = await parentPid(crashed.postmasterPid);
    process.kill(crashed.pid, 'SIGKILL');
    await waitForExit(crashed.pid, 10_000);
    expect(await waitForExit(crashed.postmasterPid, 5_000)).toBe(true);
    expect(await waitForExit(guardian, 2_000)).toBe(true);

    const restarted = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await sql(restarted.url, 'SELECT count(*)::int AS n FROM t')).toEqual([{ n: 3 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('recovers when a crash left the server running (its guardian killed too)', async () => {
    const dataDir = await tempDir();
    const crashed = await startInChild(dataDir);
    await sql(crashed.url, 'CREATE TABLE t (v int)');
    await sql(crashed.url, 'INSERT INTO t VALUES (1), (2), (3)');
    process.kill(await parentPid(crashed.postmasterPid), 'SIGKILL');
    process.kill(crashed.pid, 'SIGKILL');
    await waitForExit(crashed.pid, 10_000);
    expect(isProcessAlive(crashed.postmasterPid)).toBe(true); // the orphan still holds the lock

    const restarted = await startEmbeddedPostgres({ dataDir });
    try {
      expect(isProcessAlive(crashed.postmasterPid)).toBe(false);
      expect(await sql(restarted.url, 'SELECT count(*)::int AS n FROM t')).toEqual([{ n: 3 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('recovers from a stale lock file when the server itself was killed with SIGKILL', async () => {
    const dataDir = await tempDir();
    const crashed = await startInChild(dataDir);
    await sql(crashed.url, 'CREATE TABLE t (v int)');
    await sql(crashed.url, 'INSERT INTO t SELECT generate_series(1, 1000)');
    process.kill(crashed.postmasterPid, 'SIGKILL');
    process.kill(crashed.pid, 'SIGKILL');
    await waitForExit(crashed.postmasterPid, 10_000);
    const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    expect(lock.split('\n')[0]).toBe(String(crashed.postmasterPid));

    const restarted = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await sql(restarted.url, 'SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1000 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('redoes an initialisation that a crash interrupted', async () => {
    const dataDir = await tempDir();
    const { writeFile, mkdir } = await import('node:fs/promises');
    await writeFile(path.join(dataDir, 'postgres-credentials.json'), JSON.stringify({ user: 'postgres', password: 'x'.repeat(32), initialised: false }));
    await mkdir(path.join(dataDir, 'postgres'));
    await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const server = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await sql(server.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await server.stop();
    }
  });
});
