import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testTopics } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { createKafka } from '../../src/kafka/client';
import { runConcurrentEventConsumer } from '../../src/kafka/concurrent-consumer';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { silentLogger } from '../../src/platform/logger';
import { SCANNER_FETCH_BYTES_PER_PARTITION } from '../../src/scanner-role/scanner-worker';

const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'concurrent-consumer-batch-tail-test' });
let publisher: EventPublisher;

beforeAll(async () => {
  publisher = await createEventPublisher(kafka, 'concurrent-consumer-batch-tail-test');
});
afterAll(() => publisher?.disconnect());

describe("the scanner's consumer and one slow site", () => {
  // A partition's next batch is fetched only once every event of the current one is done, so a
  // slow event holds back everything past its batch. The scanner's fetch size keeps a day's
  // requests in one batch: ~3 MiB of events behind one slow site must not wait for it.
  it('handles the events of the next few MiB of its partition while one event is still running', async () => {
    const topic = testTopics('concurrent-batch-tail').log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 1);
    const total = 6_000;
    const padding = 'x'.repeat(400); // ~500 bytes an event: more than kafkajs' default 1 MiB fetch in all
    let release = () => {};
    const slowMayFinish = new Promise<void>((resolve) => (release = resolve));
    const done = new Set<number>();
    // all of them in the partition before the first fetch (a fetch takes what is there)
    for (let start = 0; start < total; start += 1_000) {
      await publisher.publish(
        topic,
        'scan.log',
        Array.from({ length: 1_000 }, (_, i) => ({ key: 'one-partition', payload: { timestamp: new Date().toISOString(), level: 'info' as const, message: `${start + i} ${padding}`, details: null } })),
      );
    }
    const consumer = await runConcurrentEventConsumer({
      kafka,
      groupId: `group-${randomUUID()}`,
      topic,
      dlqTopic: `${topic}.dlq`,
      type: 'scan.log',
      concurrency: 64,
      maxBytesPerPartition: SCANNER_FETCH_BYTES_PER_PARTITION,
      log: silentLogger(),
      handle: async (event) => {
        const n = Number(event.payload.message.split(' ')[0]);
        if (n === 0) await slowMayFinish;
        done.add(n);
      },
    });
    try {
      await waitFor('every event but the slow one handled', () => done.size, (n) => n === total - 1, { timeoutMs: 30_000, intervalMs: 50 });
      expect(done.has(0)).toBe(false);
    } finally {
      release();
      await waitFor('the slow event handled once released', () => done.size, (n) => n === total, { timeoutMs: 10_000, intervalMs: 20 }).catch(() => undefined);
      await consumer.stop();
    }
    expect(done.size).toBe(total);
  });
});
