import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from '../../support/wait-for';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ProductRun {
  pid: number;
  origin: string;
  /** Everything the process printed so far. */
  output(): string;
  exited(): boolean;
  /** kill -9 of the whole process group, as a crash or an OOM killer would. */
  crash(): Promise<void>;
  /** SIGTERM, then wait for the exit; resolves with the exit code and how long it took. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

export interface DemoEnv {
  dataDir: string;
  sites: number;
  webPort: number;
  adminPassword: string;
  extraEnv?: Record<string, string>;
}

/**
 * `npm run demo` as its own process group on `env`'s data directory and ports,
 * against embedded services only; `defaults` are applied before env.extraEnv.
 */
export function spawnDemo(env: DemoEnv, defaults: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'backend/src/demo.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: env.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_SITES: String(env.sites),
      DEMO_WEB_PORT: String(env.webPort),
      ADMIN_PASSWORD: env.adminPassword,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      CLICKHOUSE_URL: '',
      KAFKA_BROKERS: '',
      ...defaults,
      ...env.extraEnv,
    },
  });
}

/**
 * Starts `npm run demo` as its own process group (the product, its embedded
 * services and the simulated web), as a user would, and resolves once it
 * says it is ready.
 */
export async function startDemo(env: DemoEnv): Promise<ProductRun> {
  // Live convergence from an empty census (scanned-site counts mark the kill moments); demo-history.chaos.test.ts covers the history.
  const child = spawnDemo(env, { DEMO_HISTORY_DAYS: '0' });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const run = productRun(child, () => output);
  try {
    const port = await waitFor(
      'the demo to say it is ready',
      () => {
        if (run.exited()) throw new Error(`demo exited during start-up:\n${output.slice(-4000)}`);
        return /ready on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      },
      (p) => p !== undefined,
      { timeoutMs: 120_000, intervalMs: 50 },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output.slice(-4000)}`);
    });
    run.origin = `http://127.0.0.1:${port}`;
    return run;
  } catch (err) {
    await run.crash();
    throw err;
  }
}

function productRun(child: ChildProcess, output: () => string): ProductRun & { origin: string } {
  const pid = child.pid ?? 0;
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid,
    origin: '',
    output,
    exited: () => exitCode !== undefined,
    async crash() {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
      await exitedPromise;
    },
    async terminate() {
      const started = Date.now();
      if (exitCode === undefined) child.kill('SIGTERM');
      await exitedPromise;
      return { code: exitCode ?? null, ms: Date.now() - started };
    },
  };
}

/** Pids of live processes whose command line or working directory mentions `needle` (read from /proc). */
export async function processesMentioning(needle: string): Promise<{ pid: number; cmdline: string }[]> {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Zombies have exited; they only wait for their parent to reap them.
      if (/\) Z /.test(stat)) continue;
      if (cmdline.includes(needle)) found.push({ pid: Number(entry), cmdline: cmdline.slice(0, 300) });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}
