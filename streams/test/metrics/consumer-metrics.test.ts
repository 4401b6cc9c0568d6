import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { testTopics } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { createKafka } from '../../src/kafka/client';
import type { RunningConsumer } from '../../src/kafka/event-consumer';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { consumerMetrics } from '../../src/platform/metrics/consumer-metrics';
import { processRegistry } from '../../src/platform/metrics/registry';
import { scanLogConsumers } from '../kafka/fixtures/scan-log-consumers';

// The shared consumer code counts for every consumer built on it, on the real embedded broker.
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'consumer-metrics-test' });
let publisher: EventPublisher;
const running: RunningConsumer[] = [];

beforeAll(async () => {
  publisher = await createEventPublisher(kafka, 'consumer-metrics-test');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(() => publisher?.disconnect());

/** A series' value from the registry's own view (labels must match exactly). */
async function value(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = processRegistry.getSingleMetric(name);
  const data = await metric?.get();
  return data?.values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l) && Object.keys(v.labels).length === Object.keys(labels).length)?.value;
}

const consumers = scanLogConsumers(kafka, 4);

describe.each(Object.keys(consumers) as (keyof typeof consumers)[])('%s consumer metrics', (kind) => {
  const start = consumers[kind];

  it('counts handled, retried and dead-lettered events by step per partition, and the lag drops to 0', async () => {
    const topic = testTopics(`metrics-${kind}`).log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 1);
    const groupId = `group-${randomUUID()}`;
    const messages = Array.from({ length: 10 }, (_, i) => (i === 3 ? 'poison' : `ok-${i}`));
    // one key: one partition (0)
    await publisher.publish(topic, 'scan.log', messages.map((message) => ({ key: 'same', payload: { timestamp: new Date().toISOString(), level: 'info' as const, message, details: null } })));
    const raw = kafka.producer();
    await raw.connect();
    await raw.send({ topic, messages: [{ key: 'same', value: 'not an event envelope' }] });
    await raw.disconnect();
    running.push(
      await start(topic, groupId, async (message) => {
        if (message === 'poison') throw new TypeError('a deterministic handler bug');
      }),
    );
    const labels = { group: groupId, topic, partition: '0' };
    const counts = async () => ({
      parse: await value('census_consumer_dead_lettered_total', { ...labels, step: 'parse' }),
      handle: await value('census_consumer_dead_lettered_total', { ...labels, step: 'handle' }),
      handled: await value('census_consumer_events_handled_total', labels),
    });
    await waitFor('every message handled or dead-lettered', counts, (c) => c.parse === 1 && c.handle === 1 && c.handled !== undefined && c.handled >= 9, { timeoutMs: 30_000, intervalMs: 50 });
    expect(await counts()).toEqual({ parse: 1, handle: 1, handled: 9 });
    // the poison event's failed attempts before its budget was spent (a chunk's first attempt too)
    expect(await value('census_consumer_retries_total', labels)).toBeGreaterThanOrEqual(2);
    expect(await value('census_consumer_lag_messages', labels)).toBe(0);
    // a stopped consumer reports no lag any more; its counters stay
    await running.pop()?.stop();
    expect(await value('census_consumer_lag_messages', labels)).toBeUndefined();
    expect(await value('census_consumer_events_handled_total', labels)).toBe(9);
  }, 60_000);
});

describe('consumer metrics', () => {
  it('reports lag from the high watermark, and drops the lag of partitions given up', async () => {
    const metrics = consumerMetrics('unit-group', 'unit-topic');
    metrics.partition(0).lag('120', 100);
    metrics.partition(1).lag('5', 9); // a watermark older than the offset never reads negative
    const lag = async () => Object.fromEntries(((await processRegistry.getSingleMetric('census_consumer_lag_messages')?.get())?.values ?? []).filter((v) => v.labels.group === 'unit-group').map((v): [string, number] => [String(v.labels.partition), v.value]));
    expect(await lag()).toEqual({ '0': 20, '1': 0 });
    metrics.keepOnly([1]);
    expect(await lag()).toEqual({ '1': 0 });
    metrics.close();
    expect(await lag()).toEqual({});
  });

  it("reports 0 for a partition's counters before its first event or failure, so rates and alerts see 0, not an absent series", async () => {
    const metrics = consumerMetrics('quiet-group', 'quiet-topic');
    metrics.partition(3);
    const labels = { group: 'quiet-group', topic: 'quiet-topic', partition: '3' };
    expect(await value('census_consumer_events_handled_total', labels)).toBe(0);
    expect(await value('census_consumer_retries_total', labels)).toBe(0);
    expect(await value('census_consumer_dead_lettered_total', { ...labels, step: 'parse' })).toBe(0);
    expect(await value('census_consumer_dead_lettered_total', { ...labels, step: 'handle' })).toBe(0);
    metrics.close();
  });
});
