import type { Kafka } from 'kafkajs';
import { emptyScanResult, TOPICS, type ScanResult } from '@mcp-census/schemas';
import { createBatchingPublisher } from '../kafka/batching-publisher';
import { runConcurrentEventConsumer } from '../kafka/concurrent-consumer';
import type { RunningConsumer } from '../kafka/event-consumer';
import type { TypedEnvelope } from '../kafka/envelope';
import type { EventPublisher } from '../kafka/event-publisher';
import type { Logger } from '../platform/logger';
import { recordScanOutcome } from '../platform/metrics/scan-metrics';
import { createProbeSignals } from './probe-signals';
import { ScannerOfflineError } from './scanner-offline-error';
import type { ScannerNetwork } from './scanner-network';
import { scanLogFor } from './scan-log-line';
import type { WebsiteProbeOptions } from '../scanner/prober';

export interface WebsiteProber {
  probeWebsite(url: string, opts?: WebsiteProbeOptions): Promise<ScanResult>;
}

/**
 * A partition fetches its next batch only when the last site of the current one is done, and a
 * site that times out takes seconds: with kafkajs' 1 MiB (~2,500 requests) every partition idled
 * through such a tail every ~25 s (a sixth of the scanning time). 16 MiB holds ~40,000 requests.
 */
export const SCANNER_FETCH_BYTES_PER_PARTITION = 16 * 1024 * 1024;

export interface ScannerWorkerOptions {
  kafka: Kafka;
  publisher: EventPublisher;
  prober: WebsiteProber;
  /** Sites probed at once by this worker. */
  concurrency?: number;
  groupId?: string;
  partitionsConsumedConcurrently?: number;
  now?: () => Date;
  /**
   * The outage guard (scanner-network.ts): while this scanner's own network is
   * down, unreachable results are held back (retried, never published).
   */
  network?: ScannerNetwork;
  /** Defaults to the scan.*.v1 topics; tests use their own. */
  topics?: { requested: string; completed: string; log: string };
  log: Logger;
}

/**
 * The scanner role: consumes scan.requested, probes sites with a sliding
 * window of `concurrency` (a slow site never holds back the rest) and
 * publishes scan.completed (the full result) and scan.log per site. A site's
 * failure becomes an error result; it never stops the batch, except while the
 * scanner's own network is down: an unreachable result is then held back
 * (ScannerOfflineError, retried with backoff) instead of being published. The request's
 * offset is committed only after both events are acknowledged by Kafka.
 */
export function startScannerWorker(opts: ScannerWorkerOptions): Promise<RunningConsumer> {
  const concurrency = opts.concurrency ?? 64;
  const now = opts.now ?? (() => new Date());
  const topics = opts.topics ?? { requested: TOPICS.scanRequested, completed: TOPICS.scanCompleted, log: TOPICS.scanLog };
  const completed = createBatchingPublisher(opts.publisher, topics.completed, 'scan.completed');
  const logs = createBatchingPublisher(opts.publisher, topics.log, 'scan.log');
  const probeSignals = createProbeSignals();
  const network = opts.network;
  /** Probes the site; throws (the request is retried later) when the network judge holds the result back. */
  async function probeJudged(event: TypedEnvelope<'scan.requested'>, shared: AbortSignal): Promise<ScanResult> {
    // The consumer hands every handler the same signal: link one of our own per probe.
    const probe = probeSignals.open(shared);
    const start = network?.begin();
    let outcome: { result: ScanResult; crashed: boolean };
    try {
      outcome = await probeSafely(opts.prober, event, probe.signal, opts.log);
    } finally {
      probe.release();
    }
    // A prober bug says nothing about the network; anything else is evidence.
    const held = network && start && !outcome.crashed ? network.judge(outcome.result, start) : null;
    if (held) throw held;
    return outcome.result;
  }

  return runConcurrentEventConsumer({
    kafka: opts.kafka,
    groupId: opts.groupId ?? 'mcp-census.scanner',
    topic: topics.requested,
    dlqTopic: `${topics.requested}.dlq`,
    type: 'scan.requested',
    concurrency,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 4,
    maxBytesPerPartition: SCANNER_FETCH_BYTES_PER_PARTITION,
    log: opts.log,
    // Each held request would log a retry line every backoff; the guard's own warn line says it once.
    isQuietFailure: (err) => err instanceof ScannerOfflineError,
    handle: async (event, shared) => {
      const result = event.payload.optedOut ? OPTED_OUT_RESULT : await probeJudged(event, shared);
      const scanTime = now();
      const key = String(event.payload.websiteId);
      await Promise.all([
        completed.add({
          key,
          payload: { websiteId: event.payload.websiteId, url: event.payload.url, batchId: event.payload.batchId, scanTime: scanTime.toISOString(), result },
        }),
        logs.add({ key, payload: scanLogFor(event.payload.url, result, scanTime) }),
      ]);
      recordScanOutcome(result);
    },
  });
}

/** An opted-out site's one announcement: not scanned, no request sent. */
const OPTED_OUT_RESULT: ScanResult = emptyScanResult({
  notScanned: { reason: 'opt-out', rule: 'The site owner opted out of the census', path: null },
});

async function probeSafely(prober: WebsiteProber, event: TypedEnvelope<'scan.requested'>, signal: AbortSignal, log: Logger): Promise<{ result: ScanResult; crashed: boolean }> {
  try {
    return { result: await prober.probeWebsite(event.payload.url, { signal, knownEndpoint: event.payload.knownEndpoint ?? undefined, lastFound: event.payload.lastFound }), crashed: false };
  } catch (err) {
    // Cut short by shutdown: no result to publish; the request is redelivered after restart.
    if (signal.aborted) throw err;
    // The prober reports failures as results; an exception here is a bug, still recorded per site.
    log.error({ err, websiteId: event.payload.websiteId, eventId: event.eventId }, 'the prober threw; recorded as an error result');
    return { result: emptyScanResult({ error: `Scanner error: ${(err as Error).message}`.slice(0, 300), errorClass: 'network' }), crashed: true };
  }
}
