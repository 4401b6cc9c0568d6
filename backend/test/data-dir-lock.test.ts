import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/runtime/data-dir-lock';

describe('DATA_DIR lock', () => {
  it('lets one process own a data directory and frees it on release', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'census-lock-'));
    const lock = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'census.pid'), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('refuses a directory owned by another live process', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'census-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(path.join(dir, 'census.pid'), `${other.pid}\n`);
      await expect(lockDataDir(dir)).rejects.toThrow(/in use by another MCP Census process/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock whose owner died', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'census-lock-'));
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.once('exit', r));
    await writeFile(path.join(dir, 'census.pid'), `${dead.pid}\n`);
    const lock = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'census.pid'), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });
});
