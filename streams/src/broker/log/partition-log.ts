import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '../protocol';
import { ProducerStateTable, lastSequence, type ProducerSnapshot } from '../producer-state';
import { ATTR_CONTROL, ATTR_TRANSACTIONAL, BATCH, batchSizeAt, crcValid, firstOffsetAtOrAfter, parseHeader, writeInt64, type BatchHeader } from './record-batch';
import { Segment, scanHeaders } from './segment';
import type { Logger } from '../../platform/logger';

export interface LogConfig {
  segmentBytes: number;
  /** -1 = keep forever */
  retentionMs: number;
  /** -1 = unlimited */
  retentionBytes: number;
}

export interface AppendResult {
  errorCode: number;
  baseOffset: number;
}

const SNAPSHOT_FILE = 'producer-state.json';
const SEGMENT_RE = /^(\d{20})\.log$/;

/**
 * The log of one topic-partition: a list of segment files named by base offset,
 * the in-memory end offset, and the idempotent-producer table.
 *
 * Durability: an append is acknowledged after write(2) returned, i.e. the bytes
 * are in the OS page cache. That survives a crash or kill -9 of this process
 * (the kernel still writes them out); only a power loss or kernel crash could
 * lose the tail, which is the same trade-off Kafka makes by default
 * (log.flush.interval.messages = unbounded, relying on replication). An fsync
 * per request would cost more than the whole rest of the produce path.
 */
export class PartitionLog {
  readonly producers = new ProducerStateTable();
  private readonly waiters = new Set<() => void>();
  private totalBytes = 0;

  private constructor(
    readonly dir: string,
    private config: LogConfig,
    private readonly segments: Segment[],
    public logEndOffset: number,
    private readonly log: Logger,
  ) {
    for (const s of segments) this.totalBytes += s.size;
  }

  get logStartOffset(): number {
    return this.segments[0]!.baseOffset;
  }

  get sizeBytes(): number {
    return this.totalBytes;
  }

  get segmentCount(): number {
    return this.segments.length;
  }

  private get active(): Segment {
    return this.segments[this.segments.length - 1]!;
  }

  setConfig(config: LogConfig): void {
    this.config = config;
  }

  /** Opens (or creates) the log in `dir`, truncating a torn tail left by a crash. */
  static open(dir: string, config: LogConfig, log: Logger): PartitionLog {
    fs.mkdirSync(dir, { recursive: true });
    const bases = fs
      .readdirSync(dir)
      .map((f) => SEGMENT_RE.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    if (bases.length === 0) return new PartitionLog(dir, config, [Segment.create(dir, 0)], 0, log);

    const segments: Segment[] = [];
    for (let i = 0; i < bases.length - 1; i++) {
      const p = path.join(dir, `${String(bases[i]).padStart(20, '0')}.log`);
      const fd = fs.openSync(p, 'r');
      segments.push(new Segment(bases[i]!, p, fd, fs.fstatSync(fd).size, bases[i + 1]!));
    }
    const active = Segment.create(dir, bases[bases.length - 1]!);
    segments.push(active);
    const plog = new PartitionLog(dir, config, segments, active.baseOffset, log);
    plog.recoverActive();
    return plog;
  }

  /** Re-scans the active segment: verifies offsets and CRCs, truncates a torn tail, rebuilds index and producer state. */
  private recoverActive(): void {
    const seg = this.active;
    const snapshot = this.readSnapshot();
    if (snapshot) this.producers.load(snapshot);
    const replayFrom = snapshot?.offset ?? 0;
    let expected = seg.baseOffset;
    let validEnd = 0;
    for (const { pos, header } of scanHeaders(seg.fd, 0, seg.size)) {
      if (header.baseOffset !== expected) break;
      if (!crcValid(seg.read(pos, header.size), 0, header.size)) break;
      seg.noteAppended(pos, header.baseOffset);
      if (header.producerId >= 0 && header.baseOffset >= replayFrom) this.recordProducer(header, header.baseOffset);
      expected = header.baseOffset + header.lastOffsetDelta + 1;
      validEnd = pos + header.size;
    }
    if (validEnd < seg.size) {
      this.log.warn({ dir: this.dir }, `truncating torn tail of ${seg.size - validEnd} bytes at position ${validEnd}`);
      fs.ftruncateSync(seg.fd, validEnd);
      this.totalBytes -= seg.size - validEnd;
      seg.size = validEnd;
    }
    seg.nextOffset = expected;
    this.logEndOffset = expected;
  }

  private readSnapshot(): ProducerSnapshot | null {
    try {
      return JSON.parse(fs.readFileSync(path.join(this.dir, SNAPSHOT_FILE), 'utf8')) as ProducerSnapshot;
    } catch {
      return null;
    }
  }

  private writeSnapshot(): void {
    const p = path.join(this.dir, SNAPSHOT_FILE);
    try {
      fs.writeFileSync(`${p}.tmp`, JSON.stringify(this.producers.snapshot(this.logEndOffset)));
      fs.renameSync(`${p}.tmp`, p);
    } catch (err) {
      this.log.warn({ err, dir: this.dir }, 'could not write producer snapshot');
    }
  }

  private recordProducer(h: BatchHeader, baseOffset: number): void {
    this.producers.record(h.producerId, h.producerEpoch, h.baseSequence, lastSequence(h.baseSequence, h.lastOffsetDelta), baseOffset, Date.now());
  }

  /**
   * Appends the record batches of one produce partition entry. Validates every
   * header and CRC first; writes all batches or none.
   */
  append(records: Buffer): AppendResult {
    const headers: Array<{ at: number; h: BatchHeader }> = [];
    let at = 0;
    while (at < records.length) {
      const h = parseHeader(records, at);
      if (h === null) {
        const magic = records.length - at > BATCH.MAGIC ? records.readInt8(at + BATCH.MAGIC) : 2;
        return { errorCode: magic !== 2 ? ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT : ErrorCode.CORRUPT_MESSAGE, baseOffset: -1 };
      }
      if (!crcValid(records, at, h.size)) return { errorCode: ErrorCode.CORRUPT_MESSAGE, baseOffset: -1 };
      if (h.attributes & ATTR_CONTROL) return { errorCode: ErrorCode.INVALID_REQUEST, baseOffset: -1 };
      // Transactions are not supported by this single-node broker.
      if (h.attributes & ATTR_TRANSACTIONAL) return { errorCode: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, baseOffset: -1 };
      headers.push({ at, h });
      at += h.size;
    }
    if (headers.length === 0) return { errorCode: ErrorCode.CORRUPT_MESSAGE, baseOffset: -1 };

    // Idempotence: a retried batch answers with its original offset; a gap is an error.
    const first = headers[0]!.h;
    if (first.producerId >= 0) {
      const check = this.producers.check(first.producerId, first.producerEpoch, first.baseSequence, lastSequence(first.baseSequence, first.lastOffsetDelta));
      if (check.kind === 'duplicate') return { errorCode: ErrorCode.NONE, baseOffset: check.baseOffset };
      if (check.kind === 'error') return { errorCode: check.code, baseOffset: -1 };
      for (let i = 1; i < headers.length; i++) {
        const prev = headers[i - 1]!.h;
        const cur = headers[i]!.h;
        if (cur.producerId === prev.producerId && cur.baseSequence !== (lastSequence(prev.baseSequence, prev.lastOffsetDelta) + 1) % 2147483648) {
          return { errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER, baseOffset: -1 };
        }
      }
    }

    if (this.active.size > 0 && this.active.size + records.length > this.config.segmentBytes) {
      this.roll();
      // Size only grows by appends, so a roll is the natural moment to apply retention.
      this.enforceRetention(Date.now());
    }
    const seg = this.active;
    const baseOffset = this.logEndOffset;
    let next = baseOffset;
    for (const { at: pos, h } of headers) {
      // Only bytes 0-7 change: the CRC covers bytes 21.. so the batch stays valid.
      writeInt64(records, pos + BATCH.BASE_OFFSET, next);
      h.baseOffset = next;
      next += h.lastOffsetDelta + 1;
    }
    const startPos = seg.size;
    try {
      let written = 0;
      while (written < records.length) written += fs.writeSync(seg.fd, records, written, records.length - written);
    } catch (err) {
      this.log.error({ err, dir: this.dir }, 'append failed');
      try {
        fs.ftruncateSync(seg.fd, startPos);
      } catch {
        // the segment is now suspect; the next open re-validates it
      }
      return { errorCode: ErrorCode.KAFKA_STORAGE_ERROR, baseOffset: -1 };
    }
    for (const { at: pos, h } of headers) {
      seg.noteAppended(startPos + pos, h.baseOffset);
      if (h.producerId >= 0) this.recordProducer(h, h.baseOffset);
    }
    seg.size += records.length;
    this.totalBytes += records.length;
    seg.nextOffset = next;
    this.logEndOffset = next;
    this.notify();
    return { errorCode: ErrorCode.NONE, baseOffset };
  }

  private roll(): void {
    // Snapshot first: recovery replays only the active segment on top of it.
    this.writeSnapshot();
    this.segments.push(Segment.create(this.dir, this.logEndOffset));
  }

  /** Index of the last segment whose base offset is <= offset, or -1. */
  private segmentIndexOf(offset: number): number {
    let lo = 0;
    let hi = this.segments.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.segments[mid]!.baseOffset <= offset) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  }

  /**
   * Whole batches starting with the one containing `offset`, at most `maxBytes`
   * in total; if not even one batch fits, the first batch is still returned when
   * its size is <= `firstBatchMax` (Infinity: always), so a big batch never
   * blocks a consumer.
   */
  read(offset: number, maxBytes: number, firstBatchMax: number): { errorCode: number; records: Buffer | null } {
    if (offset < this.logStartOffset || offset > this.logEndOffset) return { errorCode: ErrorCode.OFFSET_OUT_OF_RANGE, records: null };
    const limit = Math.max(maxBytes, 0);
    let idx = this.segmentIndexOf(offset);
    while (idx >= 0 && idx < this.segments.length && offset < this.logEndOffset) {
      const seg = this.segments[idx]!;
      const pos = seg.positionOf(offset);
      if (pos >= 0) {
        const avail = seg.size - pos;
        let buf = seg.read(pos, Math.min(avail, Math.max(limit, BATCH.LOG_OVERHEAD)));
        let end = 0;
        for (;;) {
          const size = batchSizeAt(buf, end);
          if (size < 0 || end + size > buf.length || end + size > limit) break;
          end += size;
        }
        if (end === 0) {
          const size = batchSizeAt(buf, 0);
          if (size <= 0 || size > firstBatchMax) return { errorCode: ErrorCode.NONE, records: null };
          buf = seg.read(pos, Math.min(size, avail));
          end = buf.length;
        }
        return { errorCode: ErrorCode.NONE, records: buf.subarray(0, end) };
      }
      // Offset lies past this segment's data (right at a roll): continue in the next one.
      idx++;
    }
    return { errorCode: ErrorCode.NONE, records: null };
  }

  /** ListOffsets by timestamp: first offset whose record timestamp >= ts, or null. */
  offsetForTimestamp(ts: number): { offset: number; timestamp: number } | null {
    for (const seg of this.segments) {
      for (const { pos, header } of scanHeaders(seg.fd, 0, seg.size)) {
        if (header.maxTimestamp >= ts) {
          return firstOffsetAtOrAfter(seg.read(pos, header.size), 0, header, ts);
        }
      }
    }
    return null;
  }

  /** Deletes whole old segments past retention (never the last one); returns how many. */
  enforceRetention(now: number): number {
    const { retentionMs, retentionBytes } = this.config;
    const expired = (s: Segment): boolean => retentionMs >= 0 && now - fs.fstatSync(s.fd).mtimeMs > retentionMs;
    // An idle topic would otherwise keep its expired data forever in the active segment.
    if (this.active.size > 0 && expired(this.active)) this.roll();
    let deleted = 0;
    while (this.segments.length > 1) {
      const first = this.segments[0]!;
      const bySize = retentionBytes >= 0 && this.totalBytes - first.size >= retentionBytes;
      if (!bySize && !expired(first)) break;
      this.segments.shift();
      first.close();
      fs.rmSync(first.filePath, { force: true });
      this.totalBytes -= first.size;
      deleted++;
    }
    if (deleted > 0) this.log.info({ dir: this.dir }, `retention deleted ${deleted} segment(s); log start offset now ${this.logStartOffset}`);
    return deleted;
  }

  /** Registers a callback run after the next append(s); returns the unsubscribe function. */
  onAppend(cb: () => void): () => void {
    this.waiters.add(cb);
    return () => this.waiters.delete(cb);
  }

  /** Wakes every waiter (on append, topic deletion or shutdown). */
  notify(): void {
    if (this.waiters.size === 0) return;
    const ws = [...this.waiters];
    this.waiters.clear();
    for (const w of ws) w();
  }

  close(): void {
    this.writeSnapshot();
    for (const s of this.segments) s.close();
    this.notify();
  }
}
