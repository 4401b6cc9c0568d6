/**
 * API benchmark on loopback (prints JSON; progress on stderr). Starts the
 * product (`backend/src/main.ts`, roles api + projector-state, embedded
 * stack in a temp dir) with a 10,000-site catalogue, projects a scan of every
 * site through Kafka, then measures:
 *  - GET /api/metrics: req/s and p99 (targets ≥ 5,000 req/s, p99 < 20 ms);
 *  - GET /api/websites filtered and searched (200 different pages/filters):
 *    targets ≥ 1,500 req/s, p99 < 50 ms;
 *  - 1,000 /live sockets: time from the dashboard.delta publish (right after
 *    the projection commit) to each socket's `metrics` event, p99 < 250 ms.
 * Run: npm run bench:api
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { TOPICS } from '@mcp-census/schemas';
import { buildEnvelope, createKafka } from '@mcp-census/streams';
import { scanResult } from '../../streams/bench/fixtures/scan-events';
import { runHttpLoad } from './fixtures/http-load';

const SITES = 10_000;
const SOCKETS = Number(process.env.SOCKETS ?? 1_000);
const DURATION_MS = Number(process.env.DURATION_MS ?? 10_000);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CATS = ['E-commerce', 'Development', 'AI', 'FinTech', 'Communication'];
const progress = (m: string): void => void process.stderr.write(`${m}\n`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const csv = ['name,url,category', ...Array.from({ length: SITES }, (_, i) => `Platform ${String(i + 1).padStart(5, '0')},https://platform${i + 1}.bench-sites.com,${CATS[i % CATS.length]}`)].join('\n');
await writeFile(path.join(dataDir, 'sites.csv'), csv);

const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: path.join(dataDir, 'data'), PORT: '0', HOST: '127.0.0.1', ROLES: 'api,projector-state', CATALOGUE_FILE: path.join(dataDir, 'sites.csv'), LOG_LEVEL: 'info', DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '' },
});
let output = '';
child.stdout.on('data', (c: Buffer) => (output += c.toString()));
child.stderr.on('data', (c: Buffer) => (output += c.toString()));
try {
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      const m = /ready on http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const brokers = [/Kafka-protocol broker on (\S+) /.exec(output)?.[1] ?? ''];
  const origin = `http://127.0.0.1:${port}`;
  progress(`product ready on ${origin}`);

  // every site scanned once, through Kafka and the state projector
  const kafka = createKafka({ brokers, clientId: 'bench-api' });
  const producer = kafka.producer();
  await producer.connect();
  const page = await (await fetch(`${origin}/api/websites?limit=100`)).json() as { pagination: { total: number } };
  progress(`catalogue: ${page.pagination.total} sites`);
  const ids = Array.from({ length: SITES }, (_, i) => i + 1);
  for (let i = 0; i < ids.length; i += 1_000) {
    const messages = ids.slice(i, i + 1_000).map((id) => {
      const e = buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://platform${id}.bench-sites.com`, batchId: null, scanTime: new Date().toISOString(), result: scanResult(id) }, 'bench');
      return { key: e.key, value: JSON.stringify(e) };
    });
    await producer.send({ topic: TOPICS.scanCompleted, messages });
  }
  for (;;) {
    const m = await (await fetch(`${origin}/api/metrics`)).json() as { mcpEnabled: number };
    if (m.mcpEnabled >= SITES * 0.15 - 1) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  progress('projected 10,000 scans');

  const metrics = await runHttpLoad(origin, { connections: 32, durationMs: DURATION_MS, path: () => '/api/metrics' });
  progress(`metrics: ${JSON.stringify(metrics)}`);
  const searches = ['platform 1', 'platform 02', 'PLATFORM 003', 'form 9', '00042', 'platform 5', 'bench', 'platform 77', 'atform 12', 'platform 0'];
  const websites = await runHttpLoad(origin, {
    connections: 32,
    durationMs: DURATION_MS,
    path: (i) => `/api/websites?page=${1 + (i % 4)}&limit=15&search=${encodeURIComponent(searches[i % searches.length] ?? '')}&category=${encodeURIComponent(CATS[i % CATS.length] ?? '')}&hasMcp=${i % 3 === 0}`,
  });
  progress(`websites: ${JSON.stringify(websites)}`);

  // 1,000 live sockets, then one scan: delta publish → each socket's metrics event
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i += 1) sockets.push(connectClient(`${origin}/live`, { path: '/socket.io', transports: ['websocket'], reconnection: false }));
  await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => (s.connected ? resolve() : (s.once('connect', () => resolve()), s.once('connect_error', reject))))));
  progress(`${SOCKETS} sockets connected`);
  await new Promise((r) => setTimeout(r, 1_000));
  const received: number[] = [];
  const allReceived = new Promise<void>((resolve) => {
    for (const s of sockets) s.once('metrics', () => (received.push(Date.now()), received.length === SOCKETS && resolve()));
  });
  const deltaConsumer = kafka.consumer({ groupId: `bench-api-delta-${Date.now()}` });
  await deltaConsumer.connect();
  await deltaConsumer.subscribe({ topic: TOPICS.dashboardDelta, fromBeginning: false });
  let publishedAt = 0;
  const published = new Promise<void>((resolve) => void deltaConsumer.run({ eachMessage: async ({ message }) => ((publishedAt ||= Number(message.timestamp)), resolve()) }));
  await new Promise((r) => setTimeout(r, 2_000)); // the reader joins its group
  const e = buildEnvelope('scan.completed', '1', { websiteId: 1, url: 'https://platform1.bench-sites.com', batchId: null, scanTime: new Date().toISOString(), result: scanResult(3) }, 'bench');
  await producer.send({ topic: TOPICS.scanCompleted, messages: [{ key: e.key, value: JSON.stringify(e) }] });
  await Promise.race([Promise.all([allReceived, published]), new Promise((_, reject) => setTimeout(() => reject(new Error(`${received.length}/${SOCKETS} sockets got the delta in 30 s`)), 30_000))]);
  const lat = received.map((t) => t - publishedAt).sort((a, b) => a - b);
  const live = { sockets: SOCKETS, received: received.length, p50Ms: lat[Math.floor(lat.length * 0.5)] ?? 0, p99Ms: lat[Math.min(lat.length - 1, Math.ceil(lat.length * 0.99) - 1)] ?? 0 };
  for (const s of sockets) s.close();
  await deltaConsumer.disconnect();
  await producer.disconnect();

  const out = {
    metrics,
    websites,
    live,
    pass: metrics.requestsPerSecond >= 5_000 && metrics.p99Ms < 20 && metrics.errors === 0 && websites.requestsPerSecond >= 1_500 && websites.p99Ms < 50 && websites.errors === 0 && live.p99Ms < 250,
  };
  console.log(JSON.stringify(out, null, 2));
  process.exitCode = out.pass ? 0 : 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
