import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Reader } from '../../src/broker/codec/reader';
import { Writer } from '../../src/broker/codec/writer';
import { crc32c } from '../../src/broker/crc32c';
import { startBroker, type BrokerOptions, type RunningBroker } from '../../src/broker';

process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';

export async function tempDir(prefix = 'broker-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export async function startTestBroker(dataDir: string, opts: Partial<BrokerOptions> = {}): Promise<RunningBroker> {
  return startBroker({ dataDir, ...opts });
}

export function kafkaFor(brokers: string[], clientId = 'broker-test'): Kafka {
  return new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 100 } });
}

/** A minimal raw Kafka-protocol client for requests kafkajs cannot be made to send (duplicates, garbage). */
export class RawClient {
  private buf = Buffer.alloc(0);
  private readonly pending = new Map<number, (body: Reader) => void>();
  private nextId = 1;
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      while (this.buf.length >= 4 && this.buf.length >= 4 + this.buf.readInt32BE(0)) {
        const size = this.buf.readInt32BE(0);
        const frame = this.buf.subarray(4, 4 + size);
        this.buf = this.buf.subarray(4 + size);
        const id = frame.readInt32BE(0);
        this.pending.get(id)?.(new Reader(frame, 4));
        this.pending.delete(id);
      }
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {});
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  /** Sends one request and resolves with the response body (after the correlation id). */
  request(apiKey: number, apiVersion: number, body: (w: Writer) => void, expectResponse = true): Promise<Reader> {
    const id = this.nextId++;
    const w = new Writer();
    w.int16(apiKey).int16(apiVersion).int32(id).string('raw-client');
    body(w);
    const payload = Buffer.concat(w.finish());
    const size = Buffer.alloc(4);
    size.writeInt32BE(payload.length);
    const p = expectResponse
      ? new Promise<Reader>((resolve, reject) => {
          this.pending.set(id, resolve);
          setTimeout(() => reject(new Error(`no response to api ${apiKey}`)), 10_000).unref();
        })
      : Promise.resolve(new Reader(Buffer.alloc(0)));
    this.socket.write(Buffer.concat([size, payload]));
    return p;
  }

  close(): void {
    this.socket.destroy();
  }
}

function varint(out: number[], v: number): void {
  let z = v >= 0 ? v * 2 : -v * 2 - 1;
  while (z >= 0x80) {
    out.push((z % 0x80) | 0x80);
    z = Math.floor(z / 0x80);
  }
  out.push(z);
}

/** Encodes an uncompressed RecordBatch v2 (with a valid CRC-32C). */
export function recordBatch(opts: { values: string[]; producerId?: number; producerEpoch?: number; baseSequence?: number; timestamp?: number }): Buffer {
  const ts = opts.timestamp ?? Date.now();
  const records: Buffer[] = opts.values.map((value, i) => {
    const body: number[] = [0];
    varint(body, 0); // timestamp delta
    varint(body, i); // offset delta
    varint(body, -1); // null key
    const v = Buffer.from(value);
    varint(body, v.length);
    const head = Buffer.from(body);
    const tail: number[] = [];
    varint(tail, 0); // headers
    const rec = Buffer.concat([head, v, Buffer.from(tail)]);
    const len: number[] = [];
    varint(len, rec.length);
    return Buffer.concat([Buffer.from(len), rec]);
  });
  const recs = Buffer.concat(records);
  const b = Buffer.alloc(61 + recs.length);
  b.writeBigInt64BE(0n, 0);
  b.writeInt32BE(b.length - 12, 8);
  b.writeInt32BE(-1, 12);
  b.writeInt8(2, 16);
  b.writeInt16BE(0, 21);
  b.writeInt32BE(opts.values.length - 1, 23);
  b.writeBigInt64BE(BigInt(ts), 27);
  b.writeBigInt64BE(BigInt(ts), 35);
  b.writeBigInt64BE(BigInt(opts.producerId ?? -1), 43);
  b.writeInt16BE(opts.producerEpoch ?? -1, 51);
  b.writeInt32BE(opts.baseSequence ?? -1, 53);
  b.writeInt32BE(opts.values.length, 57);
  recs.copy(b, 61);
  b.writeUInt32BE(crc32c(b, 21), 17);
  return b;
}

/** Produce v7 of one batch to one partition; returns [errorCode, baseOffset]. */
export async function rawProduce(c: RawClient, topic: string, partition: number, batch: Buffer, acks = -1): Promise<{ errorCode: number; baseOffset: number }> {
  const r = await c.request(0, 7, (w) => {
    w.string(null).int16(acks).int32(5000);
    w.int32(1).string(topic).int32(1).int32(partition).bytes(batch);
  });
  r.int32(); // topics
  r.string();
  r.int32(); // partitions
  r.int32();
  return { errorCode: r.int16(), baseOffset: r.int64() };
}

/** InitProducerId v1 → producer id. */
export async function rawInitProducerId(c: RawClient): Promise<number> {
  const r = await c.request(22, 1, (w) => w.string(null).int32(60_000));
  r.int32();
  if (r.int16() !== 0) throw new Error('InitProducerId failed');
  return r.int64();
}

/** Fetch v11 of one partition; returns the error code and the raw records. */
export async function rawFetch(c: RawClient, topic: string, partition: number, offset: number, maxWaitMs = 0): Promise<{ errorCode: number; highWatermark: number; records: Buffer }> {
  const r = await c.request(1, 11, (w) => {
    w.int32(-1).int32(maxWaitMs).int32(1).int32(1 << 20).int8(0).int32(0).int32(-1);
    w.int32(1).string(topic).int32(1).int32(partition).int32(-1).int64(offset).int64(-1).int32(1 << 20);
    w.int32(0).string('');
  });
  r.int32();
  r.int16();
  r.int32();
  r.int32();
  r.string();
  r.int32();
  r.int32();
  const errorCode = r.int16();
  const highWatermark = r.int64();
  r.int64();
  r.int64();
  r.array(() => null);
  r.int32();
  return { errorCode, highWatermark, records: r.bytes() };
}
