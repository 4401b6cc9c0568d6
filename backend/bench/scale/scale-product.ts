import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readServicesFile } from '../../src/runtime/services-file';
import { ROLE_NODE_FLAGS } from '@mcp-census/streams/platform/programs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 180_000;

export interface ScaleProduct {
  origin: string;
  /** The product's own Node process (its RSS is the API's memory; the embedded servers are other processes). */
  pid: number;
  databaseUrl: string;
  clickhouseUrl: string;
  clickhouseDatabase: string;
  brokers: string[];
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it, with its embedded stack in `dir`, but
 * with only the api role: the bench imports the catalogue and runs the
 * projectors itself, so each is timed on its own. CATALOGUE_FILE names an
 * empty catalogue, so the built-in list of real sites stays out of the counts.
 */
export async function startScaleProduct(dir: string, log: (m: string) => void): Promise<ScaleProduct> {
  await mkdir(dir, { recursive: true });
  const emptyCatalogue = path.join(dir, 'empty-catalogue.csv');
  await writeFile(emptyCatalogue, 'name,url,category\n');
  const dataDir = path.join(dir, 'data');
  const child = spawn(process.execPath, [...ROLE_NODE_FLAGS, '--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ROLES: 'api',
      CATALOGUE_FILE: emptyCatalogue,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DATABASE_URL: '',
      CLICKHOUSE_URL: '',
      KAFKA_BROKERS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the start-up output is kept (for the ready line and errors); later request logs are dropped.
  let output = '';
  let started = false;
  const keep = (c: Buffer) => {
    if (!started) output += c.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The embedded servers' guardians may hold the child's stdio a while after it exits: stop reading then.
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve();
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the product was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)), READY_TIMEOUT_MS);
      child.stdout?.on('data', () => {
        const m = /ready on http:\/\/localhost:(\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the product exited with ${code}:\n${output}`));
      });
    });
    started = true;
    output = '';
    const services = await readServicesFile(dataDir);
    if (!services?.postgres || !services.clickhouse || !services.kafka) throw new Error('the product did not publish its embedded services');
    log(`product ready on http://127.0.0.1:${port} (pid ${child.pid})`);
    return {
      origin: `http://127.0.0.1:${port}`,
      pid: child.pid ?? 0,
      databaseUrl: services.postgres.url,
      clickhouseUrl: services.clickhouse.url,
      clickhouseDatabase: 'mcp_census',
      brokers: services.kafka.brokers,
      child,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
