import { crc32c } from '../crc32c';

/** Byte offsets of the RecordBatch v2 header fields. */
export const BATCH = {
  BASE_OFFSET: 0,
  LENGTH: 8,
  MAGIC: 16,
  CRC: 17,
  ATTRIBUTES: 21,
  LAST_OFFSET_DELTA: 23,
  BASE_TIMESTAMP: 27,
  MAX_TIMESTAMP: 35,
  PRODUCER_ID: 43,
  PRODUCER_EPOCH: 51,
  BASE_SEQUENCE: 53,
  RECORDS_COUNT: 57,
  HEADER_SIZE: 61,
  /** baseOffset + batchLength: bytes that precede what batchLength counts. */
  LOG_OVERHEAD: 12,
} as const;

export const ATTR_COMPRESSION_MASK = 0x07;
export const ATTR_TRANSACTIONAL = 0x10;
export const ATTR_CONTROL = 0x20;

/** The header fields the broker needs; records themselves are never parsed on the hot path. */
export interface BatchHeader {
  /** Total size including the 12-byte log overhead. */
  size: number;
  baseOffset: number;
  lastOffsetDelta: number;
  attributes: number;
  maxTimestamp: number;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
}

export function readInt64(buf: Buffer, at: number): number {
  return buf.readInt32BE(at) * 4294967296 + buf.readUInt32BE(at + 4);
}

export function writeInt64(buf: Buffer, at: number, v: number): void {
  buf.writeInt32BE(Math.floor(v / 4294967296), at);
  buf.writeUInt32BE(v >>> 0 === v ? v : v % 4294967296, at + 4);
}

/** Total batch size at `at`, or -1 when fewer than 12 bytes remain. */
export function batchSizeAt(buf: Buffer, at: number, end = buf.length): number {
  if (end - at < BATCH.LOG_OVERHEAD) return -1;
  return buf.readInt32BE(at + BATCH.LENGTH) + BATCH.LOG_OVERHEAD;
}

/**
 * Parses the header at `at`. Returns null when the bytes up to `end` do not
 * hold a complete, plausible v2 batch (torn write, garbage, wrong magic).
 */
export function parseHeader(buf: Buffer, at: number, end = buf.length): BatchHeader | null {
  if (end - at < BATCH.HEADER_SIZE) return null;
  const size = buf.readInt32BE(at + BATCH.LENGTH) + BATCH.LOG_OVERHEAD;
  if (size < BATCH.HEADER_SIZE || at + size > end) return null;
  if (buf.readInt8(at + BATCH.MAGIC) !== 2) return null;
  const lastOffsetDelta = buf.readInt32BE(at + BATCH.LAST_OFFSET_DELTA);
  if (lastOffsetDelta < 0) return null;
  return {
    size,
    baseOffset: readInt64(buf, at + BATCH.BASE_OFFSET),
    lastOffsetDelta,
    attributes: buf.readInt16BE(at + BATCH.ATTRIBUTES),
    maxTimestamp: readInt64(buf, at + BATCH.MAX_TIMESTAMP),
    producerId: readInt64(buf, at + BATCH.PRODUCER_ID),
    producerEpoch: buf.readInt16BE(at + BATCH.PRODUCER_EPOCH),
    baseSequence: buf.readInt32BE(at + BATCH.BASE_SEQUENCE),
  };
}

export function crcValid(buf: Buffer, at: number, size: number): boolean {
  return buf.readUInt32BE(at + BATCH.CRC) === crc32c(buf, at + BATCH.ATTRIBUTES, at + size);
}

function readVarint(buf: Buffer, pos: { at: number }, end: number): number {
  let shift = 0;
  let raw = 0;
  for (;;) {
    if (pos.at >= end || shift > 63) throw new Error('bad varint');
    const b = buf[pos.at++]!;
    raw += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) break;
    shift += 7;
  }
  // zig-zag decode without 32-bit truncation
  return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
}

/**
 * Offset of the first record with timestamp >= ts inside one uncompressed batch,
 * or the batch base offset when the records cannot be walked (compressed).
 * Returns that record's timestamp with it.
 * Only ListOffsets-by-timestamp uses this, never the produce/fetch path.
 */
export function firstOffsetAtOrAfter(buf: Buffer, at: number, h: BatchHeader, ts: number): { offset: number; timestamp: number } {
  const whole = { offset: h.baseOffset, timestamp: h.maxTimestamp };
  if ((h.attributes & ATTR_COMPRESSION_MASK) !== 0) return whole;
  try {
    const baseTs = readInt64(buf, at + BATCH.BASE_TIMESTAMP);
    const count = buf.readInt32BE(at + BATCH.RECORDS_COUNT);
    const end = at + h.size;
    const pos = { at: at + BATCH.HEADER_SIZE };
    for (let i = 0; i < count; i++) {
      const len = readVarint(buf, pos, end);
      const recEnd = pos.at + len;
      pos.at += 1; // attributes
      const tsDelta = readVarint(buf, pos, end);
      const offDelta = readVarint(buf, pos, end);
      if (baseTs + tsDelta >= ts) return { offset: h.baseOffset + offDelta, timestamp: baseTs + tsDelta };
      pos.at = recEnd;
    }
  } catch {
    // malformed records: fall back to batch granularity
  }
  return whole;
}
