import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../../test/support/test-logger';
import { startEmbeddedClickHouse } from '../../src/embedded/clickhouse';
import { isProcessAlive, waitForExit } from '../../src/util/process-alive';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'census-ch-life-'));
  dirs.push(dir);
  return dir;
}

async function count(url: string, table: string): Promise<number> {
  const client = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
  try {
    const rows = await (await client.query({ query: `SELECT count() AS n FROM ${table}`, format: 'JSONEachRow' })).json<{ n: number }>();
    return Number(rows[0]?.n);
  } finally {
    await client.close();
  }
}

async function seed(url: string, table: string, rows: number): Promise<void> {
  const client = createClient({ url });
  try {
    await client.command({ query: `CREATE TABLE IF NOT EXISTS ${table} (id UInt32, v String) ENGINE = ReplacingMergeTree ORDER BY id` });
    await client.insert({ table, values: Array.from({ length: rows }, (_, id) => ({ id, v: `v${id}` })), format: 'JSONEachRow' });
  } finally {
    await client.close();
  }
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('embedded ClickHouse lifecycle', () => {
  it('keeps tables and rows across stop and start on the same data dir', async () => {
    const dataDir = await tempDir();
    const first = await startEmbeddedClickHouse({ dataDir });
    const firstPid = first.pid;
    await seed(first.url, 'kept', 1000);
    await first.stop();
    await first.stop(); // idempotent
    expect(isProcessAlive(firstPid)).toBe(false);

    const second = await startEmbeddedClickHouse({ dataDir });
    try {
      expect(await count(second.url, 'kept')).toBe(1000);
    } finally {
      await second.stop();
    }
  });

  it('restarts a crashed engine on the same URL with the data intact', async () => {
    const dataDir = await tempDir();
    const captured = captureLog();
    const ch = await startEmbeddedClickHouse({ dataDir, log: captured.log });
    try {
      await seed(ch.url, 'survivor', 500);
      const crashedPid = ch.pid;
      process.kill(crashedPid, 'SIGKILL');
      await waitForExit(crashedPid, 10_000);

      const deadline = Date.now() + 30_000;
      while (ch.pid === crashedPid && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(ch.pid).not.toBe(crashedPid);
      expect(await count(ch.url, 'survivor')).toBe(500);
      expect(captured.messages('warn').some((m) => m.includes('exited unexpectedly'))).toBe(true);
    } finally {
      await ch.stop();
    }
  });

  it('leaves a process-group SIGTERM to the parent, which then stops it promptly', async () => {
    const dataDir = await tempDir();
    const ch = await startEmbeddedClickHouse({ dataDir });
    const pid = ch.pid;
    try {
      await seed(ch.url, 'flushed', 3);
      // What Ctrl-C or a service manager does: every process in the group gets the signal.
      process.kill(pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(await count(ch.url, 'flushed')).toBe(3);
    } finally {
      const started = Date.now();
      await ch.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('never leaves an orphan when its parent is killed', async () => {
    const dataDir = await tempDir();
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'backend/test/embedded/fixtures/start-clickhouse.ts', dataDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let buffer = '';
      launcher.stdout.on('data', (c: Buffer) => {
        buffer += c.toString();
        const nl = buffer.indexOf('\n');
        if (nl >= 0) resolve(buffer.slice(0, nl));
      });
      launcher.once('exit', (code) => reject(new Error(`launcher exited early with ${code}`)));
    });
    const info = JSON.parse(line) as { url: string; pid: number };
    await seed(info.url, 'orphaned', 10);
    expect(isProcessAlive(info.pid)).toBe(true);

    process.kill(launcher.pid ?? 0, 'SIGKILL');
    expect(await waitForExit(info.pid, 15_000)).toBe(true);

    // The data directory is free again and the rows made it.
    const next = await startEmbeddedClickHouse({ dataDir });
    try {
      expect(await count(next.url, 'orphaned')).toBe(10);
    } finally {
      await next.stop();
    }
  });

  it('reports a start-up failure with the child output', async () => {
    const dir = await tempDir();
    const notADir = path.join(dir, 'file');
    await writeFile(notADir, 'x');
    await expect(startEmbeddedClickHouse({ dataDir: notADir, startTimeoutMs: 30_000 })).rejects.toThrow(/embedded ClickHouse failed to start/);
  });
});
