import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrokerState } from './context';
import { GroupCoordinator } from './groups/coordinator';
import { silentLogger, type Logger } from '../platform/logger';
import { OffsetStore } from './offsets-store';
import { ProducerIdAllocator } from './producer-ids';
import { listen } from './server';
import { TopicRegistry } from './topics';

export interface BrokerOptions {
  dataDir: string;
  /** 0 or unset = a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** default true */
  autoCreateTopics?: boolean;
  /** default 1 */
  defaultPartitions?: number;
  /** default 100 MiB */
  maxFrameBytes?: number;
  /** default 64 MiB */
  segmentBytes?: number;
  /** default 7 days; -1 = forever */
  retentionMs?: number;
  /** default -1 (unlimited) */
  retentionBytes?: number;
  /** default 30 minutes, like Kafka's group.max.session.timeout.ms */
  sessionTimeoutMsMax?: number;
  /** default: silent */
  log?: Logger;
}

export interface RunningBroker {
  /** e.g. ['127.0.0.1:40123'] */
  brokers: string[];
  port: number;
  stop(): Promise<void>;
}

/** Retention is checked at most this often (and also on every segment roll). */
const RETENTION_CHECK_MAX_MS = 30_000;

/**
 * Starts a single-node broker speaking the Kafka wire protocol on `host:port`,
 * with its log under `dataDir`. Restarting on the same dataDir resumes topics,
 * data, committed offsets and producer ids.
 */
export async function startBroker(opts: BrokerOptions): Promise<RunningBroker> {
  const log: Logger = opts.log ?? silentLogger();
  const host = opts.host ?? '127.0.0.1';
  const defaultPartitions = opts.defaultPartitions ?? 1;
  if (!Number.isInteger(defaultPartitions) || defaultPartitions < 1) throw new Error(`defaultPartitions must be a positive integer, got ${defaultPartitions}`);
  fs.mkdirSync(opts.dataDir, { recursive: true });

  const retentionMs = opts.retentionMs ?? 7 * 24 * 3600 * 1000;
  const topics = new TopicRegistry(
    opts.dataDir,
    { segmentBytes: opts.segmentBytes ?? 64 * 1024 * 1024, retentionMs, retentionBytes: opts.retentionBytes ?? -1 },
    log,
  );
  topics.open();
  const offsets = new OffsetStore(opts.dataDir);
  offsets.open();
  const producerIds = new ProducerIdAllocator(opts.dataDir);
  producerIds.open();
  // Kafka's group.min.session.timeout.ms is 6 s; a lower floor lets tests use short sessions.
  const groups = new GroupCoordinator({ sessionTimeoutMsMin: 1000, sessionTimeoutMsMax: opts.sessionTimeoutMsMax ?? 30 * 60 * 1000 });

  // A wildcard bind cannot be advertised; clients elsewhere reach us by host name.
  const advertisedHost = host === '0.0.0.0' || host === '::' ? os.hostname() : host;
  const state: BrokerState = {
    topics,
    groups,
    offsets,
    producerIds,
    log,
    advertisedHost,
    port: 0,
    autoCreateTopics: opts.autoCreateTopics ?? true,
    defaultPartitions,
    stopping: false,
  };

  let server;
  try {
    server = await listen(state, host, opts.port ?? 0, opts.maxFrameBytes ?? 100 * 1024 * 1024);
  } catch (err) {
    groups.close();
    topics.close();
    offsets.close();
    throw err;
  }
  state.port = server.port;
  // Short retention (tests, tiny disks) needs proportionally frequent checks.
  const checkEvery = retentionMs >= 0 ? Math.min(RETENTION_CHECK_MAX_MS, Math.max(100, retentionMs / 2)) : RETENTION_CHECK_MAX_MS;
  const retention = setInterval(() => topics.enforceRetention(Date.now()), checkEvery);
  retention.unref();
  topics.enforceRetention(Date.now());
  log.info(`broker listening on ${host}:${server.port}, data in ${path.resolve(opts.dataDir)}`);

  let stopped: Promise<void> | null = null;
  return {
    brokers: [`${advertisedHost.includes(':') ? `[${advertisedHost}]` : advertisedHost}:${server.port}`],
    port: server.port,
    stop() {
      stopped ??= (async () => {
        state.stopping = true;
        clearInterval(retention);
        groups.close();
        // Closing the logs wakes parked fetches, which then answer (into closed sockets).
        await server.close();
        topics.close();
        offsets.close();
      })();
      return stopped;
    },
  };
}
