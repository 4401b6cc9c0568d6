import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@mcp-census/schemas';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

interface Started {
  child: ChildProcessWithoutNullStreams;
  port: number;
  postgresPort: number;
  output: () => string;
}

/**
 * Runs the product as `npm start` does (minus the frontend build) on a fresh
 * port. Only the api role: the scanner would probe the real websites of the
 * built-in catalogue, and tests never leave loopback.
 */
async function startProduct(dir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ROLES: 'api', DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '', CATALOGUE_FILE: '' },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} during start-up:\n${output}`)));
  });
  const postgresPort = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  return { child, port, postgresPort, output: () => output };
}

async function stopProduct(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return new Promise((resolve) => started.child.once('exit', (code) => resolve(code)));
}

async function embeddedDatabaseUrl(dir: string, port: number): Promise<string> {
  const creds = JSON.parse(await readFile(path.join(dir, 'postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/mcp_census`;
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('starts the embedded stack, reports health, stops cleanly and keeps data on restart', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-start-'));
    const first = await startProduct(dataDir);
    const health = healthResponseSchema.parse(await (await fetch(`http://127.0.0.1:${first.port}/healthz`)).json());
    expect(health.dependencies.postgres).toMatchObject({ status: 'ok', embedded: true });
    expect(health.dependencies.clickhouse).toMatchObject({ status: 'ok', embedded: true });
    expect(health.dependencies.kafka).toMatchObject({ status: 'ok', embedded: true });
    expect(first.output()).toMatch(/embedded Kafka-protocol broker on 127\.0\.0\.1:\d+/);
    expect(first.output()).toMatch(/Kafka topics: 8 created/);
    expect(first.output()).toMatch(/embedded PostgreSQL on 127\.0\.0\.1:\d+/);
    expect(first.output()).toMatch(/embedded ClickHouse engine on http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toMatch(/Postgres migrations: \d+ applied/);

    // A second start on the same DATA_DIR refuses and leaves the running one alone.
    const clash = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ROLES: 'api', DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(clash.status).toBe(1);
    expect(clash.stdout + clash.stderr).toMatch(/in use by another MCP Census process/);
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);

    const url = await embeddedDatabaseUrl(dataDir, first.postgresPort);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const seeded = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM websites');
    expect(seeded.rows[0]?.n).toBeGreaterThanOrEqual(500); // the built-in catalogue, loaded at first start
    await client.query("UPDATE websites SET active = false WHERE host = 'github.com'");
    await client.end();
    expect(await stopProduct(first)).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = await startProduct(dataDir);
    try {
      expect(second.output()).toMatch(/Postgres migrations: 0 applied, \d+ already in place/);
      expect(second.output()).toMatch(/Kafka topics: 0 created, 8 already present/);
      const again = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir, second.postgresPort) });
      await again.connect();
      const { rows } = await again.query("SELECT count(*)::int AS n, count(*) FILTER (WHERE host = 'github.com' AND NOT active)::int AS deactivated FROM websites");
      await again.end();
      // Data kept, and the operator's deactivation is not undone by reloading the catalogue.
      expect(rows[0]).toEqual({ n: seeded.rows[0]?.n, deactivated: 1 });
      expect(second.output()).not.toMatch(/built-in catalogue .* inserted/);
    } finally {
      expect(await stopProduct(second)).toBe(0);
    }
  }, 180_000);
});
