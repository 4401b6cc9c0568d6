import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kafka } from 'kafkajs';
import type { RunningBroker } from '../../src/broker';
import { RawClient, kafkaFor, rawFetch, rawInitProducerId, rawProduce, recordBatch, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

async function consume(kafka: Kafka, groupId: string, topic: string, expected: number, settleMs = 500): Promise<string[]> {
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const got: string[] = [];
  await consumer.run({ eachMessage: async ({ message }) => void got.push(message.value!.toString()) });
  await waitFor(`${expected} messages`, () => got.length >= expected, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
  // Give a wrong implementation the chance to deliver extra (already committed) messages.
  await new Promise((r) => setTimeout(r, settleMs));
  await consumer.disconnect();
  return got;
}

describe('restart durability', () => {
  let dir: string;
  let broker: RunningBroker;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir);
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  const restart = async (): Promise<void> => {
    await broker.stop();
    broker = await startTestBroker(dir);
  };

  it('resumes topics, data and committed offsets after stop + start on the same dir', async () => {
    let kafka = kafkaFor(broker.brokers);
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'resume', numPartitions: 2 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'resume', messages: Array.from({ length: 100 }, (_, i) => ({ key: `k${i}`, value: `first-${i}` })) });
    await producer.disconnect();
    const firstRun = await consume(kafka, 'resume-group', 'resume', 100);
    expect(firstRun).toHaveLength(100);

    await restart();
    kafka = kafkaFor(broker.brokers);
    const admin2 = kafka.admin();
    await admin2.connect();
    expect(await admin2.listTopics()).toEqual(['resume']);
    const offsets = await admin2.fetchTopicOffsets('resume');
    expect(offsets.reduce((n, o) => n + Number(o.high), 0)).toBe(100);
    const committed = await admin2.fetchOffsets({ groupId: 'resume-group', topics: ['resume'] });
    expect(committed[0]!.partitions.reduce((n, p) => n + Number(p.offset), 0)).toBe(100);
    await admin2.disconnect();

    const p2 = kafka.producer();
    await p2.connect();
    await p2.send({ topic: 'resume', messages: Array.from({ length: 30 }, (_, i) => ({ key: `k${i}`, value: `second-${i}` })) });
    await p2.disconnect();
    const secondRun = await consume(kafka, 'resume-group', 'resume', 30);
    expect(secondRun.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `second-${i}`).sort());
  }, 60_000);

  it('keeps producer ids unique and idempotence state across restarts', async () => {
    let c = await RawClient.connect(broker.port);
    const pid = await rawInitProducerId(c);
    const admin = kafkaFor(broker.brokers).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'idem-restart', numPartitions: 1 }] });
    await admin.disconnect();
    const batch = recordBatch({ values: ['a', 'b'], producerId: pid, producerEpoch: 0, baseSequence: 0 });
    expect(await rawProduce(c, 'idem-restart', 0, Buffer.from(batch))).toEqual({ errorCode: 0, baseOffset: 0 });
    c.close();

    await restart();
    c = await RawClient.connect(broker.port);
    try {
      expect(await rawInitProducerId(c)).toBeGreaterThan(pid);
      // The retry of a batch acknowledged before the restart is still recognised.
      expect(await rawProduce(c, 'idem-restart', 0, Buffer.from(batch))).toEqual({ errorCode: 0, baseOffset: 0 });
      expect((await rawProduce(c, 'idem-restart', 0, recordBatch({ values: ['c'], producerId: pid, producerEpoch: 0, baseSequence: 5 }))).errorCode).toBe(45);
      expect(await rawProduce(c, 'idem-restart', 0, recordBatch({ values: ['c'], producerId: pid, producerEpoch: 0, baseSequence: 2 }))).toEqual({ errorCode: 0, baseOffset: 2 });
    } finally {
      c.close();
    }
  }, 30_000);

  it('keeps idempotence state of producers whose batches are in rolled segments', async () => {
    await broker.stop();
    const dir2 = await tempDir();
    broker = await startTestBroker(dir2, { segmentBytes: 1024 });
    try {
      let c = await RawClient.connect(broker.port);
      const admin = kafkaFor(broker.brokers).admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: 'idem-roll', numPartitions: 1 }] });
      await admin.disconnect();
      const pid = await rawInitProducerId(c);
      const mine = recordBatch({ values: ['mine'], producerId: pid, producerEpoch: 0, baseSequence: 0 });
      expect((await rawProduce(c, 'idem-roll', 0, Buffer.from(mine))).baseOffset).toBe(0);
      // Other traffic rolls several segments.
      for (let i = 0; i < 5; i++) await rawProduce(c, 'idem-roll', 0, recordBatch({ values: ['x'.repeat(900)] }));
      expect(fs.readdirSync(path.join(dir2, 'logs', 'idem-roll-0')).filter((f) => f.endsWith('.log')).length).toBeGreaterThan(3);
      c.close();
      await broker.stop();
      broker = await startTestBroker(dir2, { segmentBytes: 1024 });
      c = await RawClient.connect(broker.port);
      expect(await rawProduce(c, 'idem-roll', 0, Buffer.from(mine))).toEqual({ errorCode: 0, baseOffset: 0 });
      c.close();
    } finally {
      await broker.stop();
      await removeDir(dir2);
      broker = await startTestBroker(dir);
    }
  }, 30_000);

  it('truncates a torn trailing batch on open and keeps serving', async () => {
    const kafka = kafkaFor(broker.brokers);
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'torn', messages: [{ value: 'one' }, { value: 'two' }] });
    await producer.disconnect();
    await broker.stop();

    // Simulate a crash in the middle of a write: half a batch at the end of the segment.
    const segDir = path.join(dir, 'logs', 'torn-0');
    const seg = path.join(segDir, fs.readdirSync(segDir).find((f) => f.endsWith('.log'))!);
    const sizeBefore = fs.statSync(seg).size;
    const half = recordBatch({ values: ['lost'] });
    half.writeBigInt64BE(2n, 0);
    fs.appendFileSync(seg, half.subarray(0, 30));

    broker = await startTestBroker(dir);
    expect(fs.statSync(seg).size).toBe(sizeBefore);
    const c = await RawClient.connect(broker.port);
    try {
      expect(await rawProduce(c, 'torn', 0, recordBatch({ values: ['three'] }))).toEqual({ errorCode: 0, baseOffset: 2 });
      const fetched = await rawFetch(c, 'torn', 0, 0);
      expect(fetched.highWatermark).toBe(3);
    } finally {
      c.close();
    }
  }, 30_000);
});
