import fs from 'node:fs';
import path from 'node:path';
import { BATCH, parseHeader, type BatchHeader } from './record-batch';

/** A sparse index entry every this many bytes keeps lookups to one small read. */
export const INDEX_INTERVAL_BYTES = 4096;

export function segmentFileName(baseOffset: number): string {
  return `${String(baseOffset).padStart(20, '0')}.log`;
}

/**
 * One append-only segment file. Batches are stored exactly as received (with
 * only baseOffset rewritten), so the file is a plain concatenation of
 * RecordBatch v2 — the same bytes Fetch returns.
 */
export class Segment {
  /** Sparse index: base offsets and file positions of some batches, ascending. Null until built. */
  private idxOffsets: number[] | null = null;
  private idxPositions: number[] = [];
  private lastIndexedPos = -INDEX_INTERVAL_BYTES;

  constructor(
    readonly baseOffset: number,
    readonly filePath: string,
    readonly fd: number,
    /** Bytes in the file (valid batches only). */
    public size: number,
    /** Offset after the last batch in this segment. */
    public nextOffset: number,
  ) {}

  static create(dir: string, baseOffset: number): Segment {
    const p = path.join(dir, segmentFileName(baseOffset));
    const fd = fs.openSync(p, 'a+');
    const seg = new Segment(baseOffset, p, fd, fs.fstatSync(fd).size, baseOffset);
    seg.idxOffsets = [];
    return seg;
  }

  /** Records a batch appended at `pos` in the sparse index. */
  noteAppended(pos: number, baseOffset: number): void {
    if (this.idxOffsets === null) return;
    if (pos - this.lastIndexedPos >= INDEX_INTERVAL_BYTES) {
      this.idxOffsets.push(baseOffset);
      this.idxPositions.push(pos);
      this.lastIndexedPos = pos;
    }
  }

  /** Builds the index of a closed segment lazily, on first read. */
  private ensureIndex(): void {
    if (this.idxOffsets !== null) return;
    this.idxOffsets = [];
    for (const { pos, header } of scanHeaders(this.fd, 0, this.size)) this.noteAppended(pos, header.baseOffset);
  }

  /** File position of the last indexed batch whose base offset is <= offset. */
  floorPosition(offset: number): number {
    this.ensureIndex();
    const offs = this.idxOffsets!;
    let lo = 0;
    let hi = offs.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (offs[mid]! <= offset) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best < 0 ? 0 : this.idxPositions[best]!;
  }

  /** Position of the batch that contains `offset` (or the first batch after it), or -1 if none. */
  positionOf(offset: number): number {
    for (const { pos, header } of scanHeaders(this.fd, this.floorPosition(offset), this.size, 16 * 1024)) {
      if (header.baseOffset + header.lastOffsetDelta >= offset) return pos;
    }
    return -1;
  }

  read(pos: number, len: number): Buffer {
    const buf = Buffer.allocUnsafe(len);
    let done = 0;
    while (done < len) {
      const n = fs.readSync(this.fd, buf, done, len - done, pos + done);
      if (n === 0) break;
      done += n;
    }
    return done === len ? buf : buf.subarray(0, done);
  }

  close(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

/**
 * Walks batch headers of a segment file from `from` to `end` with buffered
 * reads; stops at the first incomplete or implausible batch.
 */
export function* scanHeaders(fd: number, from: number, end: number, chunk = 1024 * 1024): Generator<{ pos: number; header: BatchHeader }> {
  const buf = Buffer.allocUnsafe(Math.max(chunk, BATCH.HEADER_SIZE));
  let bufStart = from;
  let bufLen = 0;
  let pos = from;
  while (pos + BATCH.HEADER_SIZE <= end) {
    if (pos + BATCH.HEADER_SIZE > bufStart + bufLen) {
      bufLen = fs.readSync(fd, buf, 0, Math.min(buf.length, end - pos), pos);
      bufStart = pos;
      if (bufLen < BATCH.HEADER_SIZE) return;
    }
    const rel = pos - bufStart;
    // Only the 61 header bytes must be buffered; the size is checked against the file end.
    const header = parseHeader(buf, rel, rel + (end - pos));
    if (header === null) return;
    yield { pos, header };
    pos += header.size;
  }
}
