import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Consumer, Producer } from 'kafkajs';
import type { RunningBroker } from '../../src/broker';
import { RawClient, kafkaFor, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

/** Writes bytes on a fresh connection; resolves with whatever came back once the server closed it (or after ms). */
function sendRaw(port: number, bytes: Buffer, ms = 2_000): Promise<{ closedByServer: boolean; received: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const s = net.connect(port, '127.0.0.1', () => s.write(bytes));
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ closedByServer: false, received: Buffer.concat(chunks) });
    }, ms);
    s.on('data', (d) => chunks.push(d));
    s.on('error', () => {});
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ closedByServer: true, received: Buffer.concat(chunks) });
    });
  });
}

function frame(apiKey: number, version: number, correlationId: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(14);
  head.writeInt32BE(10 + body.length, 0);
  head.writeInt16BE(apiKey, 4);
  head.writeInt16BE(version, 6);
  head.writeInt32BE(correlationId, 8);
  head.writeInt16BE(-1, 12); // null client id
  return Buffer.concat([head, body]);
}

describe('hostile input', () => {
  let dir: string;
  let broker: RunningBroker;
  let producer: Producer;
  let consumer: Consumer;
  let produced = 0;
  let consumed = 0;
  let producing = true;
  let loop: Promise<void>;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir, { maxFrameBytes: 1024 * 1024 });
    const kafka = kafkaFor(broker.brokers);
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'steady', numPartitions: 2 }] });
    await admin.disconnect();
    producer = kafka.producer();
    await producer.connect();
    consumer = kafka.consumer({ groupId: 'steady-group', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'steady', fromBeginning: true });
    await consumer.run({ eachMessage: async () => void consumed++ });
    // Well-behaved traffic that must keep flowing while other connections misbehave.
    loop = (async () => {
      while (producing) {
        await producer.send({ topic: 'steady', messages: [{ value: `m${produced}` }] });
        produced++;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  });

  afterAll(async () => {
    producing = false;
    await loop?.catch(() => {});
    await consumer?.disconnect();
    await producer?.disconnect();
    await broker?.stop();
    await removeDir(dir);
  });

  it('closes a connection that declares a 2 GiB frame (or a negative size)', async () => {
    const huge = Buffer.alloc(8);
    huge.writeUInt32BE(0x80000000 - 1, 0);
    expect((await sendRaw(broker.port, huge)).closedByServer).toBe(true);
    const negative = Buffer.alloc(8);
    negative.writeUInt32BE(0x80000000, 0);
    expect((await sendRaw(broker.port, negative)).closedByServer).toBe(true);
    const overLimit = Buffer.alloc(8);
    overLimit.writeInt32BE(1024 * 1024 + 1, 0);
    expect((await sendRaw(broker.port, overLimit)).closedByServer).toBe(true);
  });

  it('survives random garbage on many connections', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => sendRaw(broker.port, randomBytes(16 + i * 97), 1_000)));
    // Whatever happened to each garbage connection, the broker is still answering.
    expect(results).toHaveLength(30);
    const c = await RawClient.connect(broker.port);
    const r = await c.request(18, 2, () => {});
    expect(r.int16()).toBe(0);
    c.close();
  });

  it('tolerates truncated frames and malformed bodies', async () => {
    // Declares 100 bytes, sends 20, then the client goes away.
    const partial = Buffer.alloc(24);
    partial.writeInt32BE(100, 0);
    const res = await sendRaw(broker.port, partial, 300);
    expect(res.received.length).toBe(0);
    // A complete frame whose body claims more than it holds: the server drops that connection.
    const body = Buffer.alloc(4);
    body.writeInt32BE(5, 0); // five topic names follow... but none do
    expect((await sendRaw(broker.port, frame(3, 1, 7, body))).closedByServer).toBe(true);
    // Too short to even hold a header.
    const tiny = Buffer.from([0, 0, 0, 3, 1, 2, 3]);
    expect((await sendRaw(broker.port, tiny)).closedByServer).toBe(true);
  });

  it('answers unknown api keys and unsupported versions with UNSUPPORTED_VERSION and keeps the connection', async () => {
    const c = await RawClient.connect(broker.port);
    try {
      expect((await c.request(999, 0, () => {})).int16()).toBe(35);
      expect((await c.request(0, 2, () => {})).int16()).toBe(35); // Produce v2 (pre-RecordBatch)
      // ApiVersions v3 (flexible): a v0-layout answer with error 35 and the supported list.
      const av = await c.request(18, 3, (w) => w.int8(0));
      expect(av.int16()).toBe(35);
      const apis = av.array((r) => [r.int16(), r.int16(), r.int16()]);
      expect(apis).toContainEqual([18, 0, 2]);
      expect(apis).toContainEqual([0, 3, 7]);
      expect(apis).toContainEqual([1, 4, 11]);
      const ok = await c.request(18, 0, () => {});
      expect(ok.int16()).toBe(0);
      expect(c.closed).toBe(false);
    } finally {
      c.close();
    }
  });

  it('kept serving the well-behaved client throughout', async () => {
    const before = produced;
    await waitFor('more produced messages', () => produced >= before + 20, Boolean, { timeoutMs: 10_000, intervalMs: 20 });
    await waitFor('consumer to catch up', () => consumed >= produced - 1, Boolean, { timeoutMs: 10_000, intervalMs: 20 });
    expect(consumed).toBeGreaterThanOrEqual(before + 19);
  }, 30_000);
});
