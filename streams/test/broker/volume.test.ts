import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBroker } from '../../src/broker';
import { kafkaFor, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

const TOTAL = 100_000;
const PARTITIONS = 4;

describe('volume', () => {
  let dir: string;
  let broker: RunningBroker;

  beforeAll(async () => {
    dir = await tempDir();
    // Small segments so the run also crosses many segment rolls.
    broker = await startTestBroker(dir, { segmentBytes: 1024 * 1024 });
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  it(`produces and consumes ${TOTAL} messages exactly once, in order per partition`, async () => {
    const kafka = kafkaFor(broker.brokers);
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'volume', numPartitions: PARTITIONS }] });
    await admin.disconnect();

    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const perPartition = TOTAL / PARTITIONS;
    const chunk = 2_500;
    for (let start = 0; start < perPartition; start += chunk) {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [
          {
            topic: 'volume',
            messages: Array.from({ length: PARTITIONS * chunk }, (_, i) => {
              const partition = i % PARTITIONS;
              const seq = start + Math.floor(i / PARTITIONS);
              return { partition, value: `${partition}:${seq}:${'x'.repeat(100)}` };
            }),
          },
        ],
      });
    }
    await producer.disconnect();

    const next = new Array<number>(PARTITIONS).fill(0);
    let count = 0;
    const errors: string[] = [];
    const consumer = kafka.consumer({ groupId: 'volume-group', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'volume', fromBeginning: true });
    await consumer.run({
      eachBatch: async ({ batch }) => {
        for (const m of batch.messages) {
          const [p, seq] = m.value!.toString().split(':').map(Number) as [number, number];
          if (p !== batch.partition) errors.push(`message of partition ${p} in ${batch.partition}`);
          if (seq !== next[p]) errors.push(`partition ${p}: expected ${next[p]} got ${seq}`);
          if (Number(m.offset) !== seq) errors.push(`partition ${p}: offset ${m.offset} for seq ${seq}`);
          next[p] = seq + 1;
          count++;
        }
      },
    });
    await waitFor(`${TOTAL} messages`, () => count >= TOTAL || errors.length > 0, Boolean, { timeoutMs: 60_000, intervalMs: 20 });
    await new Promise((r) => setTimeout(r, 300));
    await consumer.disconnect();
    expect(errors.slice(0, 5)).toEqual([]);
    expect(count).toBe(TOTAL);
    expect(next).toEqual(new Array(PARTITIONS).fill(perPartition));
  }, 120_000);
});
