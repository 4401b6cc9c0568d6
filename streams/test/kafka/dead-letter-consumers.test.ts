import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { eventEnvelopeSchema, scanLogPayloadSchema } from '@mcp-census/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import type { RunningConsumer } from '../../src/kafka/event-consumer';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { highWatermarks, waitForGroupToReach } from '../../src/kafka/group-offsets';
import { ensureTopics } from '../../src/kafka/topics';
import { waitFor } from '../../../test/support/wait-for';
import { scanLogConsumers } from './fixtures/scan-log-consumers';

// The failure policy on the real embedded broker: a poison event is
// dead-lettered and its partition moves on; an infrastructure failure is
// retried past the budget until the fault clears.
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'dead-letter-consumers-test' });
let publisher: EventPublisher;
const running: RunningConsumer[] = [];

beforeAll(async () => {
  publisher = await createEventPublisher(kafka, 'dead-letter-consumers-test');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(() => publisher?.disconnect());

async function publishLogs(topic: string, messages: string[]): Promise<void> {
  // one key: one partition, so "after it" is well defined
  await publisher.publish(topic, 'scan.log', messages.map((message) => ({ key: 'same', payload: { timestamp: new Date().toISOString(), level: 'info' as const, message, details: null } })));
}

/** Every message on `topic` so far (a fresh group from the beginning). */
async function readAll(topic: string): Promise<KafkaMessage[]> {
  const total = [...(await highWatermarks(kafka, topic)).values()].reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const seen: KafkaMessage[] = [];
  await consumer.run({ eachMessage: async ({ message }) => void seen.push(message) });
  try {
    await waitFor('every published message read back', () => seen.length >= total, Boolean, { timeoutMs: 20_000, intervalMs: 50 });
  } finally {
    await consumer.disconnect();
  }
  return seen;
}

const consumers = scanLogConsumers(kafka, 7);

describe.each(Object.keys(consumers) as (keyof typeof consumers)[])('%s consumer failure policy', (kind) => {
  const start = consumers[kind];

  it('dead-letters an event that always fails and moves on past it', async () => {
    const topic = testTopics(`poison-${kind}`).log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 1);
    const groupId = `group-${randomUUID()}`;
    const messages = Array.from({ length: 12 }, (_, i) => (i === 4 ? 'poison' : `ok-${i}`));
    await publishLogs(topic, messages);
    const handled = new Set<string>();
    let poisonAttempts = 0;
    running.push(
      await start(topic, groupId, async (message) => {
        if (message === 'poison') {
          poisonAttempts += 1;
          throw new TypeError("Cannot read properties of undefined (reading 'tools')");
        }
        handled.add(message);
      }),
    );
    // every event after the poison one on the same partition is handled
    await waitFor('every message but the poison one handled', () => messages.every((m) => m === 'poison' || handled.has(m)), Boolean, { timeoutMs: 20_000, intervalMs: 50 });
    // and the committed offset moves past it, to the end of the partition
    await waitForGroupToReach(kafka, groupId, topic, await highWatermarks(kafka, topic), { timeoutMs: 20_000 });
    const dead = await readAll(`${topic}.dlq`);
    expect(dead).toHaveLength(1);
    const [letter] = dead;
    const header = (name: string) => letter?.headers?.[name]?.toString();
    expect(scanLogPayloadSchema.parse(eventEnvelopeSchema.parse(JSON.parse(letter!.value!.toString())).payload).message).toBe('poison');
    expect(header('dlq-step')).toBe('handle');
    expect(header('dlq-reason')).toBe("Cannot read properties of undefined (reading 'tools')");
    expect(Number(header('dlq-attempts'))).toBeGreaterThanOrEqual(3);
    expect(Number(header('dlq-attempts'))).toBe(poisonAttempts);
    expect(Date.parse(header('dlq-timestamp') ?? '')).not.toBeNaN();
    expect(header('dlq-original-offset')).toBe('4');
  });

  it('retries an infrastructure failure beyond the budget, never dead-letters it, and succeeds once it clears', async () => {
    const topic = testTopics(`flaky-${kind}`).log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 1);
    const groupId = `group-${randomUUID()}`;
    const messages = Array.from({ length: 6 }, (_, i) => `ev-${i}`);
    await publishLogs(topic, messages);
    const handled = new Set<string>();
    let failures = 0;
    running.push(
      await start(topic, groupId, async (message) => {
        if (message === 'ev-2' && failures < 5) {
          failures += 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        handled.add(message);
      }),
    );
    await waitFor('every message handled once the fault clears', () => messages.every((m) => handled.has(m)), Boolean, { timeoutMs: 30_000, intervalMs: 50 });
    expect(failures).toBe(5); // more than the 3-attempt budget of other failures
    await waitForGroupToReach(kafka, groupId, topic, await highWatermarks(kafka, topic), { timeoutMs: 20_000 });
    expect(await readAll(`${topic}.dlq`)).toEqual([]);
  });
});
