import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminStatusSchema } from '@mcp-census/schemas';
import { testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { DeadLetterCounter } from '../../src/kafka/dead-letter-counts';
import type { TypedEnvelope } from '../../src/kafka/envelope';
import { runEventConsumer, type RunningConsumer } from '../../src/kafka/event-consumer';
import { createEventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { waitFor } from '../../../test/support/wait-for';
import { silentLogger } from '../../src/platform/logger';

// The admin status's dead-letter counts come from the .dlq topics' offsets,
// so they hold across processes and restarts; reads are cached.
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'dead-letter-counts-test' });
const topic = testTopics('dlq-count').log;
let clock = 1_000_000;
const counter = new DeadLetterCounter(kafka, { topics: [topic, `missing-${randomUUID()}`], cacheMs: 5_000, now: () => clock });
let consumer: RunningConsumer | undefined;

afterAll(async () => {
  await consumer?.stop();
  await counter.close();
});

describe('dead-letter counts', () => {
  it('counts a dead-lettered event on its topic, and reuses a read for the cache period', async () => {
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 2);
    const before = await counter.read();
    expect(before).toEqual([
      { topic, count: 0 },
      { topic: expect.stringMatching(/^missing-/) as string, count: 0 },
    ]);

    const publisher = await createEventPublisher(kafka, 'dead-letter-counts-test');
    await publisher.publish(topic, 'scan.log', ['fine', 'poison'].map((message) => ({ key: 'k', payload: { timestamp: new Date().toISOString(), level: 'info' as const, message, details: null } })));
    await publisher.disconnect();
    consumer = await runEventConsumer({
      kafka, groupId: `group-${randomUUID()}`, topic, dlqTopic: `${topic}.dlq`, type: 'scan.log', log: silentLogger(),
      handle: async (events: TypedEnvelope<'scan.log'>[]) => {
        if (events.some((e) => e.payload.message === 'poison')) throw new Error('cannot project this one');
      },
    });

    // cached: the same answer until the cache period has passed
    expect(await counter.read()).toBe(before);
    await waitFor('the dead letter counted once the cache expires', async () => {
      clock += 5_000;
      return (await counter.read())[0]?.count === 1;
    }, Boolean, { timeoutMs: 20_000 });
    const counts = await counter.read();
    expect(counts[0]).toEqual({ topic, count: 1 });
    // the shape GET /api/admin/status carries
    expect(adminStatusSchema.shape.deadLetters.parse(counts)).toEqual(counts);
  });
});
