import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Runs `npm run demo`'s entry with `env`; a bad setting must stop it before anything starts. */
async function demoWith(env: Record<string, string>): Promise<{ code: number | null; output: string; dataDir: string }> {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'census-demo-env-')), 'data');
  dirs.push(path.dirname(dataDir));
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/demo.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output, dataDir };
}

describe('npm run demo: DEMO_HISTORY_DAYS', () => {
  it.each(['abc', '-1', '2.5', '366'])('refuses %s with a message naming the variable, before starting anything', async (value) => {
    const run = await demoWith({ DEMO_HISTORY_DAYS: value });
    expect(run.code).toBe(1);
    expect(run.output).toContain('DEMO_HISTORY_DAYS');
    expect(run.output).toContain('must be a whole number of days from 0 to 365');
    await expect(readdir(run.dataDir)).rejects.toThrow(/ENOENT/);
  }, 30_000);
});
