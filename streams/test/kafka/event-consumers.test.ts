import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { runConcurrentEventConsumer } from '../../src/kafka/concurrent-consumer';
import type { TypedEnvelope } from '../../src/kafka/envelope';
import { runEventConsumer, type RunningConsumer } from '../../src/kafka/event-consumer';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { silentLogger } from '../../src/platform/logger';
import { waitFor } from '../../../test/support/wait-for';

const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'event-consumers-test' });
let publisher: EventPublisher;

beforeAll(async () => {
  publisher = await createEventPublisher(kafka, 'event-consumers-test');
});
afterAll(() => publisher?.disconnect());

async function publishLogs(topic: string, count: number, tag: string): Promise<void> {
  await publisher.publish(
    topic,
    'scan.log',
    Array.from({ length: count }, (_, i) => ({ key: String(i), payload: { timestamp: new Date().toISOString(), level: 'info' as const, message: `${tag}-${i}`, details: null } })),
  );
}

type Start = (topic: string, groupId: string, seen: string[]) => Promise<RunningConsumer>;

const consumers: Record<string, Start> = {
  chunked: (topic, groupId, seen) =>
    runEventConsumer({
      kafka, groupId, topic, dlqTopic: `${topic}.dlq`, type: 'scan.log', chunkSize: 7, log: silentLogger(),
      handle: async (events: TypedEnvelope<'scan.log'>[]) => void seen.push(...events.map((e) => e.payload.message)),
    }),
  concurrent: (topic, groupId, seen) =>
    runConcurrentEventConsumer({
      kafka, groupId, topic, dlqTopic: `${topic}.dlq`, type: 'scan.log', concurrency: 5, log: silentLogger(),
      handle: async (event: TypedEnvelope<'scan.log'>) => {
        await new Promise((r) => setTimeout(r, Math.random() * 10));
        seen.push(event.payload.message);
      },
    }),
};

describe.each(Object.keys(consumers))('%s event consumer', (kind) => {
  it('commits handled offsets, so a restarted group resumes after them', async () => {
    const topic = testTopics(`consumer-${kind}`).log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 2);
    const groupId = `group-${randomUUID()}`;
    const start = consumers[kind]!;

    const first: string[] = [];
    await publishLogs(topic, 40, 'first');
    const a = await start(topic, groupId, first);
    await waitFor('the consumers to catch up', () => first.length >= 40, Boolean, { timeoutMs: 20_000, intervalMs: 50 });
    await new Promise((r) => setTimeout(r, 300));
    await a.stop();

    await publishLogs(topic, 10, 'second');
    const second: string[] = [];
    const b = await start(topic, groupId, second);
    await waitFor('the consumers to catch up', () => second.length >= 10, Boolean, { timeoutMs: 20_000, intervalMs: 50 });
    await new Promise((r) => setTimeout(r, 500));
    await b.stop();
    expect(new Set(first).size).toBe(40);
    expect(second.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `second-${i}`).sort());
  });
});
