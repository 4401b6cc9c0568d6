import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import type pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { parseEnvelope } from '../../src/kafka/envelope';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { startStateProjector, type RunningStateProjector } from '../../src/projector-state/projector';
import { addSites, mcpResult, noMcpResult } from './helpers';
import { readLogRows } from './state-rows';
import { silentLogger } from '../../src/platform/logger';
import { waitFor } from '../../../test/support/wait-for';

const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers: brokers ?? [], clientId: 'projector-state-test' });
const topics = { ...testTopics('projector-state-test'), delta: `projector-state-test.${randomUUID().slice(0, 8)}.delta` };
const dlq = `${topics.completed}.dlq`;
let db: { pool: pg.Pool; drop(): Promise<void> };
let publisher: EventPublisher;
let projector: RunningStateProjector | undefined;
const now = new Date('2026-05-01T10:00:00Z');

async function readTopic(topic: string, atLeast: number, timeoutMs = 20_000): Promise<KafkaMessage[]> {
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const seen: KafkaMessage[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${seen.length}/${atLeast} messages on ${topic}`)), timeoutMs);
    void consumer.run({
      eachMessage: async ({ message }) => {
        seen.push(message);
        if (seen.length >= atLeast) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return seen;
}

/** Every message on the topic so far. */
async function readAll(topic: string): Promise<KafkaMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const total = offsets.reduce((n, o) => n + Number(o.high) - Number(o.low), 0);
  return total === 0 ? [] : readTopic(topic, total);
}

beforeAll(async () => {
  if (!brokers) throw new Error('the test stack provides no Kafka brokers');
  db = await createTestDatabase('projector_state_consumer');
  await ensureTopics(kafka, [topics.completed, dlq, topics.log, `${topics.log}.dlq`, topics.delta], 2);
  publisher = await createEventPublisher(kafka, 'projector-state-test');
});
afterAll(async () => {
  await projector?.stop();
  await publisher?.disconnect();
  await db?.drop();
});

describe('state projector through the broker', () => {
  it('projects scan.completed and scan.log, publishes a delta, and dead-letters invalid messages', async () => {
    const ids = await addSites(db.pool, 20);
    const items = ids.map((id, i) => ({
      key: String(id),
      payload: { websiteId: id, url: `https://site${id}.example`, batchId: null, scanTime: new Date(now.getTime() - i * 1000).toISOString(), result: i < 4 ? mcpResult(i + 2) : noMcpResult() },
    }));
    await publisher.publish(topics.completed, 'scan.completed', items);
    await publisher.publish(topics.log, 'scan.log', [{ key: 'log', payload: { timestamp: now.toISOString(), level: 'success', message: 'Scan finished', details: '20 sites' } }]);
    const raw = kafka.producer();
    await raw.connect();
    await raw.send({ topic: topics.completed, messages: [{ key: 'bad', value: JSON.stringify({ eventId: randomUUID(), type: 'scan.completed', payload: {} }) }] });
    await raw.disconnect();

    projector = await startStateProjector({
      kafka, pool: db.pool, publisher, log: silentLogger(), now: () => now,
      topics: { completed: topics.completed, log: topics.log, delta: topics.delta },
      groupIds: { completed: `g-${randomUUID()}`, logs: `g-${randomUUID()}` },
    });

    await waitFor('the projection', async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM latest_scans')).rows[0]?.n === 20, Boolean, { timeoutMs: 60_000 });
    await waitFor('the projection', async () => (await readLogRows(db.pool, 10)).length === 1, Boolean, { timeoutMs: 20_000 });
    expect((await readLogRows(db.pool, 10))[0]).toMatchObject({ level: 'success', message: 'Scan finished', details: '20 sites' });
    const tools = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM site_tools');
    expect(tools.rows[0]?.n).toBe(2 + 3 + 4 + 5);

    const [dead] = await readTopic(dlq, 1);
    expect(dead?.headers?.['dlq-reason']?.toString()).toMatch(/invalid envelope/);

    // At least one delta; together they name every projected site. They carry no figures: the API
    // reads those when it pushes (backend/test/realtime/live-figures.test.ts checks what reaches sockets).
    let messages = await readAll(topics.delta);
    const changedIn = (list: KafkaMessage[]) =>
      new Set(list.map((m) => parseEnvelope('dashboard.delta', m.value)).flatMap((d) => (d.ok ? d.event.payload.changedWebsiteIds : [])));
    await waitFor('the projection', async () => {
      messages = await readAll(topics.delta);
      return changedIn(messages).size === ids.length;
    }, Boolean, { timeoutMs: 60_000 });
    const lastValue = messages[messages.length - 1]?.value ?? null;
    const last = parseEnvelope('dashboard.delta', lastValue);
    if (!last.ok) throw new Error('no valid delta');
    expect(last.event.type).toBe('dashboard.delta');
    expect(last.event.payload.truncated).toBe(false);
    expect(Object.keys(z.object({ payload: z.record(z.string(), z.unknown()) }).parse(JSON.parse(String(lastValue))).payload).sort()).toEqual(['changedWebsiteIds', 'occurredAt', 'truncated']);
    expect([...changedIn(messages)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  }, 150_000);
});
