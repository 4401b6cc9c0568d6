/**
 * API benchmark on loopback (prints JSON; progress on stderr). Starts the
 * product (`backend/src/main.ts`, roles api + projector-state, embedded
 * stack in a temp dir) with a 10,000-site catalogue, projects a scan of every
 * site through Kafka, then measures:
 *  - GET /api/metrics: req/s and p99 (targets ≥ 5,000 req/s, p99 < 20 ms);
 *  - GET /api/websites filtered and searched (60 page/filter combinations,
 *    as repeat visitors send them; served from the shared 2 s cache):
 *    targets ≥ 1,500 req/s, p99 < 50 ms;
 *  - the same list uncached: a distinct search term and filter set on every
 *    request, so the cache never hits and every answer is a database read:
 *    p99 < 50 ms at 4 connections (reported next to the cached figure as `websitesUncached`);
 *  - 1,000 /live sockets: time from the dashboard.delta publish (right after
 *    the projection commit) to each socket's `metrics` event, p99 < 250 ms.
 * Run: npm run bench:api
 */
import { io as connectClient, type Socket } from 'socket.io-client';
import { TOPICS } from '@mcp-census/schemas';
import { buildEnvelope, createKafka } from '@mcp-census/streams';
import { scanResult } from '../../streams/bench/fixtures/scan-events';
import { runHttpLoad } from './fixtures/http-load';
import { BENCH_CATEGORIES as CATS, projectOneScanPerSite, startProductProcess } from './fixtures/product-process';

const SITES = 10_000;
const SOCKETS = Number(process.env.SOCKETS ?? 1_000);
const DURATION_MS = Number(process.env.DURATION_MS ?? 10_000);
const progress = (m: string): void => void process.stderr.write(`${m}\n`);

const product = await startProductProcess(SITES, progress);
const origin = product.origin;
try {
  await projectOneScanPerSite(product, SITES, progress);
  const kafka = createKafka({ brokers: product.brokers, clientId: 'bench-api' });
  const producer = kafka.producer();
  await producer.connect();

  const metrics = await runHttpLoad(origin, { connections: 32, durationMs: DURATION_MS, path: () => '/api/metrics' });
  progress(`metrics: ${JSON.stringify(metrics)}`);
  const searches = ['platform 1', 'platform 02', 'PLATFORM 003', 'form 9', '00042', 'platform 5', 'bench', 'platform 77', 'atform 12', 'platform 0'];
  const websites = await runHttpLoad(origin, {
    connections: 32,
    durationMs: DURATION_MS,
    path: (i) => `/api/websites?page=${1 + (i % 4)}&limit=15&search=${encodeURIComponent(searches[i % searches.length] ?? '')}&category=${encodeURIComponent(CATS[i % CATS.length] ?? '')}&hasMcp=${i % 3 === 0}`,
  });
  progress(`websites: ${JSON.stringify(websites)}`);
  // distinct per request: some site's number ("Platform 04217"; 7919 is coprime with the site count,
  // so 10,000 requests in a row name 10,000 different sites) with varied filters and pages
  // 4 connections (two per core): uncached answers are database work, and a longer closed loop only measures its queue
  const websitesUncached = await runHttpLoad(origin, {
    connections: 4,
    durationMs: DURATION_MS,
    path: (i) =>
      `/api/websites?page=${1 + (i % 3)}&limit=15&search=${String(1 + ((i * 7919) % SITES)).padStart(5, '0')}` +
      `${i % 2 ? `&category=${encodeURIComponent(CATS[i % CATS.length] ?? '')}` : ''}${i % 4 >= 2 ? `&hasMcp=${i % 8 < 4}` : ''}`,
  });
  progress(`websites uncached: ${JSON.stringify(websitesUncached)}`);

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
    websitesUncached,
    live,
    pass: metrics.requestsPerSecond >= 5_000 && metrics.p99Ms < 20 && metrics.errors === 0 && websites.requestsPerSecond >= 1_500 && websites.p99Ms < 50 && websites.errors === 0 &&
      websitesUncached.p99Ms < 50 && websitesUncached.errors === 0 && live.p99Ms < 250,
  };
  console.log(JSON.stringify(out, null, 2));
  process.exitCode = out.pass ? 0 : 1;
} finally {
  await product.stop();
}
