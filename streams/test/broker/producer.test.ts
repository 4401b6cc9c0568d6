import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kafka } from 'kafkajs';
import type { RunningBroker } from '../../src/broker';
import { RawClient, kafkaFor, rawFetch, rawInitProducerId, rawProduce, recordBatch, removeDir, startTestBroker, tempDir } from './helpers';

async function consumeAll(kafka: Kafka, topic: string, expected: number): Promise<Array<{ partition: number; offset: string; value: string }>> {
  const consumer = kafka.consumer({ groupId: `read-${topic}-${Math.random()}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const out: Array<{ partition: number; offset: string; value: string }> = [];
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ partition, message }) => {
        out.push({ partition, offset: message.offset, value: message.value?.toString() ?? '' });
        if (out.length >= expected) resolve();
      },
    });
  });
  await consumer.disconnect();
  return out;
}

describe('broker produce path', () => {
  let dir: string;
  let broker: RunningBroker;
  let kafka: Kafka;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir);
    kafka = kafkaFor(broker.brokers);
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  it('plain producer with acks -1, 1 and 0; offsets are contiguous', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'plain', numPartitions: 1 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    const r1 = await producer.send({ topic: 'plain', acks: -1, messages: [{ key: 'a', value: 'one' }, { value: 'two', headers: { h: 'v' } }] });
    expect(r1[0]).toMatchObject({ errorCode: 0, baseOffset: '0' });
    const r2 = await producer.send({ topic: 'plain', acks: 1, messages: [{ value: 'three' }] });
    expect(r2[0]).toMatchObject({ errorCode: 0, baseOffset: '2' });
    await producer.send({ topic: 'plain', acks: 0, messages: [{ value: 'four' }] });
    // acks=0 has no response; a following acked send proves it was appended in order.
    const r3 = await producer.send({ topic: 'plain', acks: -1, messages: [{ value: 'five' }] });
    expect(r3[0]).toMatchObject({ baseOffset: '4' });
    await producer.disconnect();

    const got = await consumeAll(kafka, 'plain', 5);
    expect(got.map((m) => [m.offset, m.value])).toEqual([
      ['0', 'one'],
      ['1', 'two'],
      ['2', 'three'],
      ['3', 'four'],
      ['4', 'five'],
    ]);
  });

  it('idempotent producer delivers every message once', async () => {
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    for (let i = 0; i < 20; i++) await producer.send({ topic: 'idem', messages: [{ value: `m${i}` }, { value: `n${i}` }] });
    await producer.disconnect();
    const got = await consumeAll(kafka, 'idem', 40);
    expect(got).toHaveLength(40);
    expect(got.map((m) => m.value)).toEqual(Array.from({ length: 20 }, (_, i) => [`m${i}`, `n${i}`]).flat());
  });

  it('de-duplicates a retried batch and rejects sequence gaps (raw Produce frames)', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'dedup', numPartitions: 1 }] });
    await admin.disconnect();
    const c = await RawClient.connect(broker.port);
    try {
      const pid = await rawInitProducerId(c);
      const first = recordBatch({ values: ['a', 'b', 'c'], producerId: pid, producerEpoch: 0, baseSequence: 0 });
      expect(await rawProduce(c, 'dedup', 0, Buffer.from(first))).toEqual({ errorCode: 0, baseOffset: 0 });
      // The identical frame again, as a client retry after a lost response would send it.
      expect(await rawProduce(c, 'dedup', 0, Buffer.from(first))).toEqual({ errorCode: 0, baseOffset: 0 });
      const second = recordBatch({ values: ['d'], producerId: pid, producerEpoch: 0, baseSequence: 3 });
      expect(await rawProduce(c, 'dedup', 0, second)).toEqual({ errorCode: 0, baseOffset: 3 });
      // An older batch (not the latest) is still recognised as a duplicate.
      expect(await rawProduce(c, 'dedup', 0, Buffer.from(first))).toEqual({ errorCode: 0, baseOffset: 0 });
      const gap = recordBatch({ values: ['x'], producerId: pid, producerEpoch: 0, baseSequence: 10 });
      expect(await rawProduce(c, 'dedup', 0, gap)).toMatchObject({ errorCode: 45 });
      expect(await rawProduce(c, 'dedup', 0, recordBatch({ values: ['x'], producerId: pid, producerEpoch: 0, baseSequence: 4 }))).toEqual({ errorCode: 0, baseOffset: 4 });
      // A bumped epoch must restart at sequence 0; an older epoch is fenced.
      expect((await rawProduce(c, 'dedup', 0, recordBatch({ values: ['y'], producerId: pid, producerEpoch: 1, baseSequence: 5 }))).errorCode).toBe(45);
      expect(await rawProduce(c, 'dedup', 0, recordBatch({ values: ['y'], producerId: pid, producerEpoch: 1, baseSequence: 0 }))).toEqual({ errorCode: 0, baseOffset: 5 });
      expect((await rawProduce(c, 'dedup', 0, recordBatch({ values: ['z'], producerId: pid, producerEpoch: 0, baseSequence: 5 }))).errorCode).toBe(47);

      const fetched = await rawFetch(c, 'dedup', 0, 0);
      expect(fetched.errorCode).toBe(0);
      expect(fetched.highWatermark).toBe(6);
    } finally {
      c.close();
    }
    const got = await consumeAll(kafka, 'dedup', 6);
    expect(got.map((m) => m.value)).toEqual(['a', 'b', 'c', 'd', 'x', 'y']);
  });

  it('rejects corrupt batches without affecting the log', async () => {
    const c = await RawClient.connect(broker.port);
    try {
      const batch = recordBatch({ values: ['ok'] });
      expect((await rawProduce(c, 'corrupt', 0, batch)).errorCode).toBe(3); // topic does not exist: Produce never auto-creates
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: 'corrupt', numPartitions: 1 }] });
      await admin.disconnect();
      const bad = Buffer.from(batch);
      bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1); // payload no longer matches the CRC
      expect((await rawProduce(c, 'corrupt', 0, bad)).errorCode).toBe(2);
      const oldMagic = Buffer.from(batch);
      oldMagic.writeInt8(1, 16);
      expect((await rawProduce(c, 'corrupt', 0, oldMagic)).errorCode).toBe(43);
      expect((await rawProduce(c, 'corrupt', 0, batch.subarray(0, 40))).errorCode).toBe(2);
      expect(await rawProduce(c, 'corrupt', 0, batch)).toEqual({ errorCode: 0, baseOffset: 0 });
      expect((await rawFetch(c, 'corrupt', 0, 0)).highWatermark).toBe(1);
      expect((await rawFetch(c, 'corrupt', 0, 7)).errorCode).toBe(1); // OFFSET_OUT_OF_RANGE
      expect((await rawFetch(c, 'corrupt', 3, 0)).errorCode).toBe(3); // no such partition
    } finally {
      c.close();
    }
  });

  it('stores batches byte-exact: only the base offset changes', async () => {
    const c = await RawClient.connect(broker.port);
    try {
      const batch = recordBatch({ values: ['p', 'q'] });
      const sent = Buffer.from(batch);
      await rawProduce(c, 'corrupt', 0, batch);
      const { records } = await rawFetch(c, 'corrupt', 0, 1);
      expect(records.length).toBe(sent.length);
      expect(records.readBigInt64BE(0)).toBe(1n);
      expect(records.subarray(8).equals(sent.subarray(8))).toBe(true);
    } finally {
      c.close();
    }
  });

  it('long-polls an empty fetch and wakes as soon as data arrives', async () => {
    const c = await RawClient.connect(broker.port);
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'longpoll', messages: [{ value: 'first' }] });
    try {
      const started = Date.now();
      const empty = await rawFetch(c, 'longpoll', 0, 1, 300);
      expect(empty.records.length).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);

      const t0 = Date.now();
      const pending = rawFetch(c, 'longpoll', 0, 1, 10_000);
      setTimeout(() => void producer.send({ topic: 'longpoll', messages: [{ value: 'second' }] }), 200);
      const got = await pending;
      expect(got.records.length).toBeGreaterThan(0);
      expect(Date.now() - t0).toBeLessThan(3_000);
    } finally {
      c.close();
      await producer.disconnect();
    }
  });
});
