/**
 * Big-endian response writer. Small fields go into a growing scratch buffer;
 * large payloads (fetched record batches) are appended by reference with
 * `raw()` so a fetch response never copies log data in user space.
 */
export class Writer {
  private chunks: Buffer[] = [];
  private buf: Buffer;
  private pos = 0;
  private flushedBytes = 0;

  constructor(initial = 256) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n, 256));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  get length(): number {
    return this.flushedBytes + this.pos;
  }

  int8(v: number): this {
    this.ensure(1);
    this.buf.writeInt8(v, this.pos);
    this.pos += 1;
    return this;
  }

  bool(v: boolean): this {
    return this.int8(v ? 1 : 0);
  }

  int16(v: number): this {
    this.ensure(2);
    this.buf.writeInt16BE(v, this.pos);
    this.pos += 2;
    return this;
  }

  int32(v: number): this {
    this.ensure(4);
    this.buf.writeInt32BE(v, this.pos);
    this.pos += 4;
    return this;
  }

  int64(v: number): this {
    this.ensure(8);
    this.buf.writeBigInt64BE(BigInt(v), this.pos);
    this.pos += 8;
    return this;
  }

  string(s: string | null): this {
    if (s === null) return this.int16(-1);
    const len = Buffer.byteLength(s);
    this.int16(len);
    this.ensure(len);
    this.buf.write(s, this.pos, 'utf8');
    this.pos += len;
    return this;
  }

  bytes(b: Buffer | null): this {
    if (b === null) return this.int32(-1);
    this.int32(b.length);
    return this.raw(b);
  }

  /** Appends a buffer; big ones by reference (the caller must not mutate it before the write). */
  raw(b: Buffer): this {
    if (b.length < 1024) {
      this.ensure(b.length);
      b.copy(this.buf, this.pos);
      this.pos += b.length;
      return this;
    }
    this.cut();
    this.chunks.push(b);
    this.flushedBytes += b.length;
    return this;
  }

  array<T>(items: readonly T[] | null, each: (w: Writer, item: T) => void): this {
    if (items === null) return this.int32(-1);
    this.int32(items.length);
    for (const it of items) each(this, it);
    return this;
  }

  private cut(): void {
    if (this.pos === 0) return;
    this.chunks.push(this.buf.subarray(0, this.pos));
    this.flushedBytes += this.pos;
    // Keep writing into the unused tail of the scratch buffer (no new allocation).
    this.buf = this.buf.length - this.pos >= 64 ? this.buf.subarray(this.pos) : Buffer.allocUnsafe(256);
    this.pos = 0;
  }

  /** The encoded bytes as a list of chunks (for socket writev). */
  finish(): Buffer[] {
    this.cut();
    const out = this.chunks;
    this.chunks = [];
    this.flushedBytes = 0;
    return out;
  }
}
