import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEventPublisher, createKafka, ensureTopics, startBroker } from '@mcp-census/streams';
import { SCANNER_NODE_FLAGS } from '@mcp-census/streams/platform/programs';
import { TARGETS } from './config';
import { cpuSecondsOf, growthAfterWarmupPct, sampleRss } from './process-rss';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SIMWEB = path.resolve(import.meta.dirname, '../../../streams/bench/fixtures/simweb-process.ts');
const SCANNER = path.join(import.meta.dirname, 'scanner-process.ts');
/** The seed streams/bench/fixtures/simweb-process.ts generates its sites with. */
const SIMWEB_SEED = 7;
const PARTITIONS = 4;
/** As bench:scan: every virtual host is served by one loopback server, so pace like the demo (20/s per host). */
const HOST_RPS = 20;
/** SCALE_SCAN_PROFILE=dir: the scanner processes and the simulated web write CPU profiles there (where their time goes). */
const PROFILE_DIR = process.env.SCALE_SCAN_PROFILE;
const cpuProfileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];

type Ready = { type: 'ready'; port: number; sites: { id: number; url: string }[]; mcpSites: number };
type Stats = { type: 'stats'; requests: number; connections: number; toolCalls: number };

export interface ScanningFigure {
  sites: number;
  /** Scanner role processes in one consumer group (replicas), each with `concurrency` sites in flight. */
  scannerProcesses: number;
  concurrency: number;
  seconds: number;
  /** Over the whole run, start-up and the last slow sites included. */
  sitesPerSecond: number;
  /** Between 10% and 90% of the results: the rate once the pipeline is full, before its tail; the "sustained sites/s", which the target applies to. */
  sustainedSitesPerSecond: number;
  requestsPerSite: number;
  /** TCP connections the simulated web accepted per site (each connection costs both sides a handshake and a socket). */
  connectionsPerSite: number;
  /** Per scanner process. */
  scannerRss: { peakMb: number; warmMb: number; rssGrowthPct: number }[];
  /** Cores each kind of process kept busy on average during the run (where the machine's 2 cores went); scanner: all scanner processes together. */
  cpuCores: { scanner: number; simulatedWeb: number; benchAndBroker: number };
  rssGrowthPct: number;
  target: string;
  pass: boolean;
}

const ask = <T>(child: ChildProcess, message: unknown): Promise<T> =>
  new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message as object);
  });

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  return exited;
}

/**
 * Scanning throughput as bench:scan measures it (simulated web with 20–80 ms
 * latency in its own process, scan.requested → scan.completed through a
 * broker), at `sites` sites, with the scanner role in a child process whose
 * RSS is sampled: flat = growth ≤ 10% after warm-up.
 */
export async function measureScanning(opts: { sites: number; processes: number; concurrency: number; dir: string; progress: (m: string) => void }): Promise<ScanningFigure> {
  const { sites, progress } = opts;
  progress(`simulated web of ${sites} sites starting`);
  const web = fork(SIMWEB, [String(sites)], { execArgv: ['--import', tsx, ...cpuProfileFlags], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const scanners: ChildProcess[] = [];
  const broker = await startBroker({ dataDir: path.join(opts.dir, 'scan-kafka') });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      web.once('message', (m) => resolve(m as Ready));
      web.once('exit', (code) => reject(new Error(`the simulated web exited with ${code}`)));
    });
    const kafka = createKafka({ brokers: broker.brokers, clientId: 'bench-scale-scan' });
    const id = randomUUID().slice(0, 8);
    const topics = { requested: `bench.${id}.requested`, completed: `bench.${id}.completed`, log: `bench.${id}.log` };
    await ensureTopics(kafka, [topics.requested, `${topics.requested}.dlq`, topics.completed, topics.log], PARTITIONS);

    // The scanner role as production runs it (SCANNER_NODE_FLAGS), one process per replica in one
    // consumer group: the partitions are split between them, as compose replicas split them.
    for (let k = 0; k < opts.processes; k += 1) {
      scanners.push(fork(SCANNER, [], { execArgv: ['--import', tsx, ...SCANNER_NODE_FLAGS, ...cpuProfileFlags], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    }
    await Promise.all(
      scanners.map((scanner) =>
        ask(scanner, { brokers: broker.brokers, topics, web: { sites, seed: SIMWEB_SEED, port: ready.port }, concurrency: opts.concurrency, partitions: PARTITIONS, hostRps: HOST_RPS, groupId: `bench-scanner-${id}` }),
      ),
    );
    const rss = scanners.map((scanner) => sampleRss(scanner.pid ?? 0, 250));

    // results counted as they land in Kafka, with the time each tenth completed
    let completed = 0;
    const marks = new Map<number, number>();
    const counter = kafka.consumer({ groupId: `bench-counter-${id}` });
    await counter.connect();
    await counter.subscribe({ topic: topics.completed, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void counter.run({
        eachBatch: async ({ batch }) => {
          const before = completed;
          completed += batch.messages.length;
          for (let k = 1; k <= 10; k += 1) {
            const at = Math.ceil((sites * k) / 10);
            if (before < at && completed >= at) marks.set(k, performance.now());
          }
          if (Math.floor(completed / (sites / 10)) > Math.floor(before / (sites / 10))) progress(`scanned ${completed}/${sites}`);
          if (completed >= sites) resolve();
        },
      });
    });

    const publisher = await createEventPublisher(kafka, 'bench-scale-scan');
    const before = await ask<Stats>(web, { type: 'stats' });
    const cpu = () => ({ scanner: scanners.reduce((sum, scanner) => sum + (cpuSecondsOf(scanner.pid ?? 0) ?? 0), 0), web: cpuSecondsOf(web.pid ?? 0) ?? 0, bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 });
    const cpuBefore = cpu();
    const started = performance.now();
    const batchId = randomUUID();
    for (let i = 0; i < ready.sites.length; i += 1_000) {
      const slice = ready.sites.slice(i, i + 1_000);
      await publisher.publish(topics.requested, 'scan.requested', slice.map((site) => ({ key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId, reason: 'scheduled' as const } })));
    }
    await done;
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpu();
    const cores = (k: 'scanner' | 'web' | 'bench') => Math.round(((cpuAfter[k] - cpuBefore[k]) / seconds) * 100) / 100;
    const perProcess = rss.map((r) => r.stop());
    const stats = await ask<Stats>(web, { type: 'stats' });
    await counter.disconnect();
    await publisher.disconnect();

    const tenth = marks.get(1) ?? started;
    const ninth = marks.get(9) ?? performance.now();
    const sustained = Math.round((Math.ceil((sites * 9) / 10) - Math.ceil(sites / 10)) / Math.max(0.001, (ninth - tenth) / 1000));
    const sitesPerSecond = Math.round(sites / seconds);
    // flat means every process is flat: the worst one counts
    const growth = perProcess.map((samples) => growthAfterWarmupPct(samples));
    const rssGrowthPct = Math.max(...growth);
    const warmMb = (samples: { mb: number }[]) => {
      const tenth = Math.floor(samples.length / 10);
      const warm = samples.slice(tenth, 2 * tenth);
      return Math.round(warm.reduce((a, x) => a + x.mb, 0) / Math.max(1, warm.length));
    };
    return {
      sites,
      scannerProcesses: opts.processes,
      concurrency: opts.concurrency,
      seconds: Math.round(seconds * 10) / 10,
      sitesPerSecond,
      sustainedSitesPerSecond: sustained,
      requestsPerSite: Math.round(((stats.requests - before.requests) / sites) * 10) / 10,
      connectionsPerSite: Math.round(((stats.connections - before.connections) / sites) * 10) / 10,
      scannerRss: perProcess.map((samples, k) => ({ peakMb: Math.max(...samples.map((x) => x.mb)), warmMb: warmMb(samples), rssGrowthPct: growth[k] ?? 0 })),
      cpuCores: { scanner: cores('scanner'), simulatedWeb: cores('web'), benchAndBroker: cores('bench') },
      rssGrowthPct,
      target: `sustained ≥ ${TARGETS.scanSitesPerSecond} sites/s, scanner RSS growth ≤ ${TARGETS.scanRssGrowthPct}% after warm-up`,
      pass: sustained >= TARGETS.scanSitesPerSecond && rssGrowthPct <= TARGETS.scanRssGrowthPct,
    };
  } finally {
    await Promise.all(scanners.map((scanner) => stopChild(scanner)));
    await stopChild(web);
    await broker.stop();
  }
}
