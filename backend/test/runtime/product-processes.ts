import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Product {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Spawns `node --import tsx <script>` as `npm start` does, as the leader of a
 * process group of its own (so a test can kill -9 the whole group like a
 * terminal or supervisor would), with a fresh embedded stack in `dataDir`.
 */
export async function spawnProduct(script: 'backend/src/main.ts' | 'backend/src/demo.ts', dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Product> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      CLICKHOUSE_URL: '',
      KAFKA_BROKERS: '',
      CATALOGUE_FILE: '',
      EMBEDDED_POSTGRES_PORT: '0',
      EMBEDDED_CLICKHOUSE_PORT: '0',
      EMBEDDED_KAFKA_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 120 s:\n${output}`)), 120_000);
    child.stdout?.on('data', () => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} during start-up:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

/** Pids (other than ours) of live processes whose command line mentions `needle`; zombies have none. */
export async function processesMentioning(needle: string): Promise<{ pid: number; cmdline: string }[]> {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').then((c) => c.split('\0').join(' '), () => '');
    if (cmdline.includes(needle)) found.push({ pid, cmdline: cmdline.slice(0, 200) });
  }
  return found;
}
