// `npm run bench:scan`: scans a 10,000-site simulated web (mixed profiles,
// 20–80 ms latency) from scan.requested to scan.completed events in Kafka,
// through the embedded broker and the real scanner role. Prints one JSON line:
// throughput, and accuracy against each site's expected outcome (sites
// classified right, list recall, requests per site overall and without MCP).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startBroker } from '../src/broker/index';
import { createKafka } from '../src/kafka/client';
import { createEventPublisher } from '../src/kafka/event-publisher';
import { ensureTopics } from '../src/kafka/topics';
import { createProber } from '../src/scanner/index';
import { startScannerWorker } from '../src/scanner-role/scanner-worker';
import { generateSites } from '../src/simweb/sites';
import { AccuracyTally } from './scan-accuracy';
import type { ScanResult } from '@mcp-census/schemas';
import { silentLogger } from '../src/platform/logger';

const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 256);
const PARTITIONS = Number(process.env.BENCH_PARTITIONS ?? 4);
const TARGET_SITES_PER_SEC = 300;
/**
 * Probe-ladder budget: a site without MCP must stay cheap for the sites we scan. Six probes, plus
 * robots.txt and the server-card catalog that etiquette and the newest discovery draft add.
 */
const TARGET_NO_MCP_REQUESTS_PER_SITE = 8;
/**
 * Requests per second to one host. Every virtual host is served by one loopback server, so the
 * bench paces like the demo (20/s) rather than the 2/s a real site gets (BENCH_HOST_RPS overrides).
 */
const HOST_RPS = Number(process.env.BENCH_HOST_RPS ?? 20);

type Ready = { type: 'ready'; port: number; hosts: string[]; sites: { id: number; url: string }[]; mcpSites: number };
type Stats = { type: 'stats'; requests: number; toolCalls: number };

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const child = fork(path.join(import.meta.dirname, 'fixtures/simweb-process.ts'), [String(SITES)], { execArgv: ['--import', tsx], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const ready = await new Promise<Ready>((resolve) => child.once('message', (m) => resolve(m as Ready)));
const hosts = new Set(ready.hosts);
// The fixture generates with seed 7: the same generation here tells each site's profile and expected outcome.
const simSites = new Map(generateSites({ sites: SITES, seed: 7, port: ready.port }).map((s) => [s.id, s]));
const askStats = () => new Promise<Stats>((resolve) => {
  child.once('message', (m) => resolve(m as Stats));
  child.send({ type: 'stats' });
});

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-scan-'));
const broker = await startBroker({ dataDir });
const kafka = createKafka({ brokers: broker.brokers, clientId: 'bench-scan' });
const id = randomUUID().slice(0, 8);
const topics = { requested: `bench.${id}.requested`, completed: `bench.${id}.completed`, log: `bench.${id}.log` };
await ensureTopics(kafka, [topics.requested, `${topics.requested}.dlq`, topics.completed, topics.log], PARTITIONS);
const publisher = await createEventPublisher(kafka, 'bench-scan');

let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

const prober = createProber({ allowPrivate: true, resolveHost: (h) => (hosts.has(h) ? ['127.0.0.1'] : undefined), maxConcurrency: CONCURRENCY, hostRps: HOST_RPS });
const worker = await startScannerWorker({ kafka, publisher, prober, topics, concurrency: CONCURRENCY, partitionsConsumedConcurrently: PARTITIONS, groupId: `bench-scanner-${id}`, log: silentLogger() });

// Count results as they land in Kafka.
let completed = 0;
let mcpFound = 0;
// Each result scored against its site's expectation; includes the requests spent on sites without MCP (the probe ladder's cost).
const accuracy = new AccuracyTally();
const counter = kafka.consumer({ groupId: `bench-counter-${id}` });
await counter.connect();
await counter.subscribe({ topic: topics.completed, fromBeginning: true });
const done = new Promise<void>((resolve) => {
  void counter.run({
    eachBatch: async ({ batch }) => {
      for (const m of batch.messages) {
        if (!m.value) continue;
        if (m.value.includes('"hasMcp":true')) mcpFound += 1;
        const { payload } = JSON.parse(m.value.toString()) as { payload: { websiteId: number; result: ScanResult } };
        const site = simSites.get(payload.websiteId);
        if (site) accuracy.add(site, payload.result);
      }
      completed += batch.messages.length;
      if (completed >= SITES) resolve();
    },
  });
});

const requestsBefore = (await askStats()).requests;
const started = performance.now();
const batchId = randomUUID();
for (let i = 0; i < ready.sites.length; i += 1_000) {
  const slice = ready.sites.slice(i, i + 1_000);
  await publisher.publish(topics.requested, 'scan.requested', slice.map((site) => ({ key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId, reason: 'scheduled' as const } })));
}
await done;
const seconds = (performance.now() - started) / 1000;
const stats = await askStats();
clearInterval(rssTimer);

const sitesPerSec = SITES / seconds;
const scored = accuracy.report();
const noMcpRequestsPerSite = scored.noMcpRequestsPerSite;
console.log(
  JSON.stringify({
    sites: SITES,
    concurrency: CONCURRENCY,
    seconds: Number(seconds.toFixed(2)),
    sitesPerSec: Math.round(sitesPerSec),
    httpRequestsPerSec: Math.round((stats.requests - requestsBefore) / seconds),
    requestsPerSite: Number(((stats.requests - requestsBefore) / SITES).toFixed(1)),
    noMcpRequestsPerSite,
    mcpFound,
    mcpExpected: ready.mcpSites,
    toolCalls: stats.toolCalls,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    accuracy: {
      classifiedRight: scored.classifiedRight,
      classifiedRightShare: scored.classifiedRightShare,
      listRecall: scored.listRecall,
      requestsPerSite: scored.requestsPerSite,
      noMcpSites: scored.noMcpSites,
      noMcpRequestsPerSite: scored.noMcpRequestsPerSite,
      misclassifiedByProfile: scored.misclassifiedByProfile,
    },
    hostRps: HOST_RPS,
    targets: { sitesPerSec: TARGET_SITES_PER_SEC, noMcpRequestsPerSite: TARGET_NO_MCP_REQUESTS_PER_SITE },
    pass: sitesPerSec >= TARGET_SITES_PER_SEC && noMcpRequestsPerSite <= TARGET_NO_MCP_REQUESTS_PER_SITE && stats.toolCalls === 0,
  }),
);

await counter.disconnect();
await worker.stop();
await publisher.disconnect();
await prober.close();
await broker.stop();
await rm(dataDir, { recursive: true, force: true });
child.disconnect();

