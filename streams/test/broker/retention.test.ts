import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBroker } from '../../src/broker';
import { RawClient, kafkaFor, rawFetch, rawProduce, recordBatch, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

const SEGMENT = 4096;
const RETAIN = 16 * 1024;

function segmentFiles(dir: string, topicPartition: string): string[] {
  return fs.readdirSync(path.join(dir, 'logs', topicPartition)).filter((f) => f.endsWith('.log'));
}

describe('segments and retention', () => {
  let dir: string;
  let broker: RunningBroker;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir, { segmentBytes: SEGMENT, retentionBytes: RETAIN });
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  it('rolls segments, deletes whole old ones by size and advances the log start offset', async () => {
    const c = await RawClient.connect(broker.port);
    const admin = kafkaFor(broker.brokers).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'retained', numPartitions: 1 }] });
    try {
      for (let i = 0; i < 100; i++) {
        const res = await rawProduce(c, 'retained', 0, recordBatch({ values: [`${i}:${'v'.repeat(1000)}`] }));
        expect(res).toEqual({ errorCode: 0, baseOffset: i });
      }
      const files = segmentFiles(dir, 'retained-0');
      const bytes = files.reduce((n, f) => n + fs.statSync(path.join(dir, 'logs', 'retained-0', f)).size, 0);
      // Whole segments go, and only while what remains still exceeds the limit.
      expect(bytes).toBeLessThanOrEqual(RETAIN + SEGMENT);
      expect(bytes).toBeGreaterThanOrEqual(RETAIN - SEGMENT);
      const [p0] = await admin.fetchTopicOffsets('retained');
      const low = Number(p0!.low);
      expect(p0!.high).toBe('100');
      expect(low).toBeGreaterThan(50);
      // The oldest file is named by the new log start offset.
      expect(files.sort()[0]).toBe(`${String(low).padStart(20, '0')}.log`);

      expect((await rawFetch(c, 'retained', 0, low - 1)).errorCode).toBe(1); // OFFSET_OUT_OF_RANGE
      const atStart = await rawFetch(c, 'retained', 0, low);
      expect(atStart.errorCode).toBe(0);
      expect(atStart.records.readBigInt64BE(0)).toBe(BigInt(low));

      // A consumer starting "from beginning" starts at the log start offset.
      const consumer = kafkaFor(broker.brokers).consumer({ groupId: 'retained-group', maxWaitTimeInMs: 100 });
      const offsets: number[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic: 'retained', fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void offsets.push(Number(message.offset)) });
      await waitFor('retained messages', () => offsets.length >= 100 - low, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
      await consumer.disconnect();
      expect(offsets[0]).toBe(low);
      expect(offsets).toHaveLength(100 - low);

      // The log start offset survives a restart (it is the first remaining segment);
      // the check at startup may drop one more segment since the active one grew.
      await admin.disconnect();
      c.close();
      await broker.stop();
      broker = await startTestBroker(dir, { segmentBytes: SEGMENT, retentionBytes: RETAIN });
      const admin2 = kafkaFor(broker.brokers).admin();
      await admin2.connect();
      const [after] = await admin2.fetchTopicOffsets('retained');
      expect(after!.high).toBe('100');
      expect(Number(after!.low)).toBeGreaterThanOrEqual(low);
      expect(Number(after!.low)).toBeLessThan(100);
      await admin2.disconnect();
    } finally {
      c.close();
      await admin.disconnect();
    }
  }, 60_000);

  it('deletes segments older than retentionMs, even of an idle topic', async () => {
    const dir2 = await tempDir();
    const b2 = await startTestBroker(dir2, { segmentBytes: SEGMENT, retentionMs: 800 });
    const c = await RawClient.connect(b2.port);
    try {
      const admin = kafkaFor(b2.brokers).admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: 'aging', numPartitions: 1 }] });
      for (let i = 0; i < 10; i++) await rawProduce(c, 'aging', 0, recordBatch({ values: ['a'.repeat(1500)] }));
      expect(segmentFiles(dir2, 'aging-0').length).toBeGreaterThan(2);
      await waitFor('expired segments to be deleted', () => segmentFiles(dir2, 'aging-0').length === 1 && fs.statSync(path.join(dir2, 'logs', 'aging-0', segmentFiles(dir2, 'aging-0')[0]!)).size === 0, Boolean, { timeoutMs: 10_000, intervalMs: 20 });
      expect(await admin.fetchTopicOffsets('aging')).toEqual([{ partition: 0, offset: '10', high: '10', low: '10' }]);
      expect(await rawProduce(c, 'aging', 0, recordBatch({ values: ['fresh'] }))).toEqual({ errorCode: 0, baseOffset: 10 });
      await admin.disconnect();
    } finally {
      c.close();
      await b2.stop();
      await removeDir(dir2);
    }
  }, 30_000);
});
