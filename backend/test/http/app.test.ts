import { createClient } from '@clickhouse/client';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '@mcp-census/schemas';
import { createKafka, KafkaHealthProbe } from '@mcp-census/streams';
import { checkHealth } from '../../src/health/health-checker';
import { createApp } from '../../src/http/app';

const SECRET = 'file-content-that-must-never-be-served';
let server: Server;
let base: string;
const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
const clickhouse = createClient({ url: inject('clickhouseUrl'), database: inject('clickhouseDatabase') });
const unreachable = new pg.Pool({ connectionString: 'postgres://nobody:x@127.0.0.1:1/none', max: 1, connectionTimeoutMillis: 500 });
const unexpected: string[] = [];

beforeAll(async () => {
  const frontendDir = await mkdtemp(path.join(os.tmpdir(), 'census-frontend-'));
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>MCP Census</title>');
  await mkdir(path.join(frontendDir, 'assets'));
  await writeFile(path.join(frontendDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(os.tmpdir(), 'outside-secret.txt'), SECRET);
  const app = createApp({
    frontendDir,
    checkHealth: () =>
      checkHealth({ postgres: pool, clickhouse, kafka: undefined, embedded: { postgres: true, clickhouse: true, kafka: false }, startedAt: Date.now() }),
    onUnexpectedError: (err) => unexpected.push(err.message),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.close();
  await Promise.all([pool.end(), unreachable.end(), clickhouse.close()]);
});

describe('GET /healthz', () => {
  it('reports each dependency with status and latency', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = healthResponseSchema.parse(await res.json());
    expect(body.dependencies.postgres.status).toBe('ok');
    expect(body.dependencies.clickhouse.status).toBe('ok');
    expect(body.dependencies.kafka).toEqual({ status: 'not configured', latencyMs: null, embedded: false });
    expect(body.dependencies.postgres.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.status).toBe('ok');
  });

  it('reports Kafka through a real admin connection to the broker', async () => {
    const probe = new KafkaHealthProbe(createKafka({ brokers: inject('kafkaBrokers'), clientId: 'health-test' }));
    const down = new KafkaHealthProbe(createKafka({ brokers: ['127.0.0.1:1'], clientId: 'health-test-down' }));
    try {
      const embedded = { postgres: true, clickhouse: true, kafka: true };
      const up = await checkHealth({ postgres: pool, clickhouse, kafka: probe, embedded, startedAt: Date.now() });
      expect(up.dependencies.kafka).toMatchObject({ status: 'ok', embedded: true });
      const broken = await checkHealth({ postgres: pool, clickhouse, kafka: down, embedded, startedAt: Date.now() });
      expect(broken.dependencies.kafka.status).toBe('error');
      expect(broken.status).toBe('degraded');
    } finally {
      await Promise.all([probe.close(), down.close()]);
    }
  });

  it('answers 503 with the error when a dependency is down', async () => {
    const health = await checkHealth({
      postgres: unreachable,
      clickhouse,
      kafka: undefined,
      embedded: { postgres: false, clickhouse: true, kafka: false },
      startedAt: Date.now(),
    });
    expect(health.status).toBe('degraded');
    expect(health.dependencies.postgres.status).toBe('error');
    expect(health.dependencies.postgres.error).toMatch(/ECONNREFUSED|connect/);
  });
});

describe('static frontend', () => {
  it('serves index.html for the root and for client-side routes', async () => {
    for (const p of ['/', '/analysis', '/website/42']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('MCP Census');
    }
  });

  it('caches hashed assets and sets security headers', async () => {
    const res = await fetch(`${base}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('never serves files outside its directory', async () => {
    for (const p of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt', '/%E0%A4%A']) {
      const res = await fetch(`${base}${p}`);
      expect(await res.text(), p).not.toContain(SECRET);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No route for GET /api/nothing-here' });
    expect(unexpected).toEqual([]);
  });
});
