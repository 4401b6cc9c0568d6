/** Thrown when a request body is shorter than its fields claim or otherwise undecodable. */
export class ProtocolError extends Error {}

/**
 * Bounds-checked big-endian reader over one request frame. Every read checks
 * the remaining length so a truncated or hostile frame becomes a ProtocolError
 * (handled per connection) instead of reading garbage or throwing a RangeError.
 */
export class Reader {
  offset: number;

  constructor(
    readonly buf: Buffer,
    offset = 0,
  ) {
    this.offset = offset;
  }

  get remaining(): number {
    return this.buf.length - this.offset;
  }

  private need(n: number): void {
    if (n < 0 || this.offset + n > this.buf.length) throw new ProtocolError(`truncated request: need ${n} bytes at ${this.offset}/${this.buf.length}`);
  }

  int8(): number {
    this.need(1);
    return this.buf.readInt8(this.offset++);
  }

  bool(): boolean {
    return this.int8() !== 0;
  }

  int16(): number {
    this.need(2);
    const v = this.buf.readInt16BE(this.offset);
    this.offset += 2;
    return v;
  }

  int32(): number {
    this.need(4);
    const v = this.buf.readInt32BE(this.offset);
    this.offset += 4;
    return v;
  }

  /** int64 as a JS number: offsets and timestamps stay far below 2^53. */
  int64(): number {
    this.need(8);
    const v = Number(this.buf.readBigInt64BE(this.offset));
    this.offset += 8;
    return v;
  }

  /** Nullable string (int16 length, -1 = null). */
  nullableString(): string | null {
    const len = this.int16();
    if (len < 0) return null;
    this.need(len);
    const s = this.buf.toString('utf8', this.offset, this.offset + len);
    this.offset += len;
    return s;
  }

  string(): string {
    const s = this.nullableString();
    if (s === null) throw new ProtocolError('unexpected null string');
    return s;
  }

  /** Nullable bytes (int32 length, -1 = null); returns a view, not a copy. */
  nullableBytes(): Buffer | null {
    const len = this.int32();
    if (len < 0) return null;
    this.need(len);
    const b = this.buf.subarray(this.offset, this.offset + len);
    this.offset += len;
    return b;
  }

  bytes(): Buffer {
    return this.nullableBytes() ?? Buffer.alloc(0);
  }

  /** Nullable array (int32 count, -1 = null). The count is sanity-checked against the bytes left. */
  nullableArray<T>(item: (r: Reader) => T): T[] | null {
    const n = this.int32();
    if (n < 0) return null;
    if (n > this.remaining) throw new ProtocolError(`array count ${n} exceeds remaining bytes`);
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(item(this));
    return out;
  }

  array<T>(item: (r: Reader) => T): T[] {
    return this.nullableArray(item) ?? [];
  }
}
