import { ErrorCode } from './protocol';

/** Kafka keeps the last five batches per producer for de-duplication of retries. */
const CACHED_BATCHES = 5;
/** Bounds memory: producers idle this long are forgotten (Kafka: transactional.id.expiration.ms). */
const PRODUCER_EXPIRY_MS = 7 * 24 * 3600 * 1000;
const MAX_PRODUCERS = 10_000;

interface CachedBatch {
  firstSeq: number;
  lastSeq: number;
  baseOffset: number;
}

interface ProducerEntry {
  epoch: number;
  batches: CachedBatch[];
  lastSeen: number;
}

export type SequenceCheck = { kind: 'append' } | { kind: 'duplicate'; baseOffset: number } | { kind: 'error'; code: number };

export interface ProducerSnapshot {
  offset: number;
  producers: Array<[number, ProducerEntry]>;
}

export function lastSequence(baseSeq: number, lastOffsetDelta: number): number {
  // Sequences wrap at Int32.MAX_VALUE back to 0.
  return (baseSeq + lastOffsetDelta) % 2147483648;
}

/** Idempotent-producer state of one partition: (producerId, epoch) -> recent sequence ranges. */
export class ProducerStateTable {
  private readonly producers = new Map<number, ProducerEntry>();

  check(producerId: number, epoch: number, baseSeq: number, lastSeq: number): SequenceCheck {
    const entry = this.producers.get(producerId);
    // Unknown producer (new, or its state aged out): accept, as there is nothing to compare against.
    if (!entry) return { kind: 'append' };
    if (epoch < entry.epoch) return { kind: 'error', code: ErrorCode.INVALID_PRODUCER_EPOCH };
    if (epoch > entry.epoch) return baseSeq === 0 ? { kind: 'append' } : { kind: 'error', code: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
    for (const b of entry.batches) {
      if (b.firstSeq === baseSeq && b.lastSeq === lastSeq) return { kind: 'duplicate', baseOffset: b.baseOffset };
    }
    const last = entry.batches[entry.batches.length - 1];
    const expected = last ? (last.lastSeq + 1) % 2147483648 : 0;
    if (baseSeq !== expected) return { kind: 'error', code: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
    return { kind: 'append' };
  }

  record(producerId: number, epoch: number, baseSeq: number, lastSeq: number, baseOffset: number, now: number): void {
    let entry = this.producers.get(producerId);
    if (!entry || entry.epoch !== epoch) {
      entry = { epoch, batches: [], lastSeen: now };
      this.producers.delete(producerId);
      this.producers.set(producerId, entry);
    }
    entry.batches.push({ firstSeq: baseSeq, lastSeq, baseOffset });
    if (entry.batches.length > CACHED_BATCHES) entry.batches.shift();
    entry.lastSeen = now;
    if (this.producers.size > MAX_PRODUCERS) this.expire(now);
  }

  /** Drops producers idle past the expiry; if still over the cap, the least recently created ones. */
  expire(now: number): void {
    for (const [id, e] of this.producers) if (now - e.lastSeen > PRODUCER_EXPIRY_MS) this.producers.delete(id);
    while (this.producers.size > MAX_PRODUCERS) {
      const first = this.producers.keys().next();
      if (first.done) break;
      this.producers.delete(first.value);
    }
  }

  snapshot(offset: number): ProducerSnapshot {
    return { offset, producers: [...this.producers] };
  }

  load(s: ProducerSnapshot): void {
    this.producers.clear();
    for (const [id, e] of s.producers) this.producers.set(id, e);
  }
}
