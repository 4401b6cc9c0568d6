import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from './protocol';
import { PartitionLog, type LogConfig } from './log/partition-log';
import type { Logger } from '../platform/logger';

/** Per-topic overrides of the broker's log defaults (from CreateTopics configs). */
export interface TopicOverrides {
  segmentBytes?: number;
  retentionMs?: number;
  retentionBytes?: number;
}

interface TopicMeta {
  partitions: number;
  config: TopicOverrides;
  createdAt: number;
}

export interface Topic {
  name: string;
  partitions: PartitionLog[];
  config: TopicOverrides;
  createdAt: number;
}

const TOPIC_NAME_RE = /^[a-zA-Z0-9._-]+$/;
export const MAX_PARTITIONS = 10_000;

/** Kafka's rules: legal characters only, 1..249 chars, not "." or "..". */
export function isValidTopicName(name: string): boolean {
  return name.length > 0 && name.length <= 249 && name !== '.' && name !== '..' && TOPIC_NAME_RE.test(name);
}

/** Maps CreateTopics config entries onto overrides; returns an error message for bad values. */
export function parseTopicConfigs(entries: Array<{ name: string; value: string | null }>): TopicOverrides | string {
  const out: TopicOverrides = {};
  const keys: Record<string, keyof TopicOverrides> = { 'segment.bytes': 'segmentBytes', 'retention.ms': 'retentionMs', 'retention.bytes': 'retentionBytes' };
  for (const { name, value } of entries) {
    const key = keys[name];
    // Other Kafka topic configs (cleanup.policy, min.insync.replicas, ...) have no meaning on one node.
    if (!key || value === null) continue;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || (key === 'segmentBytes' ? n < 1024 : n < -1)) return `invalid value for ${name}: ${value}`;
    out[key] = n;
  }
  return out;
}

/**
 * Topic metadata (topics.json, rewritten atomically on change) and the open
 * partition logs under `<dataDir>/logs/<topic>-<partition>`.
 */
export class TopicRegistry {
  private readonly topics = new Map<string, Topic>();
  private readonly metaPath: string;
  private readonly logsDir: string;

  constructor(
    dataDir: string,
    private readonly defaults: LogConfig,
    private readonly log: Logger,
  ) {
    this.metaPath = path.join(dataDir, 'topics.json');
    this.logsDir = path.join(dataDir, 'logs');
  }

  open(): void {
    fs.mkdirSync(this.logsDir, { recursive: true });
    let meta: Record<string, TopicMeta> = {};
    try {
      meta = JSON.parse(fs.readFileSync(this.metaPath, 'utf8')) as Record<string, TopicMeta>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read ${this.metaPath}: ${(err as Error).message}`, { cause: err });
    }
    const known = new Set<string>();
    for (const [name, m] of Object.entries(meta)) {
      const topic: Topic = { name, partitions: [], config: m.config ?? {}, createdAt: m.createdAt ?? Date.now() };
      for (let p = 0; p < m.partitions; p++) {
        const dir = this.partitionDir(name, p);
        known.add(path.basename(dir));
        topic.partitions.push(PartitionLog.open(dir, this.configFor(topic.config), this.log));
      }
      this.topics.set(name, topic);
    }
    // Directories of topics whose deletion was interrupted by a crash.
    for (const d of fs.readdirSync(this.logsDir)) {
      if (!known.has(d)) fs.rmSync(path.join(this.logsDir, d), { recursive: true, force: true });
    }
  }

  private partitionDir(topic: string, partition: number): string {
    return path.join(this.logsDir, `${topic}-${partition}`);
  }

  private configFor(o: TopicOverrides): LogConfig {
    return {
      segmentBytes: o.segmentBytes ?? this.defaults.segmentBytes,
      retentionMs: o.retentionMs ?? this.defaults.retentionMs,
      retentionBytes: o.retentionBytes ?? this.defaults.retentionBytes,
    };
  }

  private persist(): void {
    const meta: Record<string, TopicMeta> = {};
    for (const t of this.topics.values()) meta[t.name] = { partitions: t.partitions.length, config: t.config, createdAt: t.createdAt };
    fs.writeFileSync(`${this.metaPath}.tmp`, JSON.stringify(meta, null, 1));
    fs.renameSync(`${this.metaPath}.tmp`, this.metaPath);
  }

  get(name: string): Topic | undefined {
    return this.topics.get(name);
  }

  list(): Topic[] {
    return [...this.topics.values()];
  }

  /** Checks a create request; returns the error code (NONE if it could be created). */
  validateCreate(name: string, partitions: number): number {
    if (!isValidTopicName(name)) return ErrorCode.INVALID_TOPIC_EXCEPTION;
    if (this.topics.has(name)) return ErrorCode.TOPIC_ALREADY_EXISTS;
    if (!Number.isInteger(partitions) || partitions < 1 || partitions > MAX_PARTITIONS) return ErrorCode.INVALID_PARTITIONS;
    return ErrorCode.NONE;
  }

  create(name: string, partitions: number, config: TopicOverrides = {}): number {
    const err = this.validateCreate(name, partitions);
    if (err !== ErrorCode.NONE) return err;
    const topic: Topic = { name, partitions: [], config, createdAt: Date.now() };
    for (let p = 0; p < partitions; p++) {
      const dir = this.partitionDir(name, p);
      // Leftovers of an earlier topic with the same name must not leak into the new one.
      fs.rmSync(dir, { recursive: true, force: true });
      topic.partitions.push(PartitionLog.open(dir, this.configFor(config), this.log));
    }
    this.topics.set(name, topic);
    this.persist();
    this.log.info(`created topic ${name} with ${partitions} partition(s)`);
    return ErrorCode.NONE;
  }

  delete(name: string): number {
    const topic = this.topics.get(name);
    if (!topic) return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
    this.topics.delete(name);
    this.persist();
    topic.partitions.forEach((log, p) => {
      log.close();
      fs.rmSync(this.partitionDir(name, p), { recursive: true, force: true });
    });
    this.log.info(`deleted topic ${name}`);
    return ErrorCode.NONE;
  }

  enforceRetention(now: number): void {
    for (const t of this.topics.values()) {
      for (const p of t.partitions) {
        try {
          p.enforceRetention(now);
        } catch (err) {
          this.log.warn({ err, dir: p.dir }, 'retention failed');
        }
      }
    }
  }

  close(): void {
    for (const t of this.topics.values()) for (const p of t.partitions) p.close();
    this.topics.clear();
  }
}
