import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testTopics } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { createKafka } from '../../src/kafka/client';
import { runConcurrentEventConsumer } from '../../src/kafka/concurrent-consumer';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { silentLogger } from '../../src/platform/logger';

const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'concurrent-consumer-listeners-test' });
let publisher: EventPublisher;

beforeAll(async () => {
  publisher = await createEventPublisher(kafka, 'concurrent-consumer-listeners-test');
});
afterAll(() => publisher?.disconnect());

describe('concurrent event consumer with many events in flight', () => {
  // Every event in flight may wait on the consumer's stop signal (a retry's back-off, the
  // handler's own waits): dozens of listeners are the design, and Node must not report a leak.
  it('raises no listener-leak warning when more than ten handlers wait on the stop signal', async () => {
    const topic = testTopics('concurrent-listeners').log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 1);
    const warnings: string[] = [];
    const onWarning = (w: Error) => void (w.name === 'MaxListenersExceededWarning' && warnings.push(w.message));
    process.on('warning', onWarning);
    let waiting = 0;
    let mostWaiting = 0;
    // handlers hold at this gate (listening on the stop signal, as a probe does) until more than ten wait
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const atGate = (signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const leave = () => {
          signal.removeEventListener('abort', leave);
          resolve();
        };
        signal.addEventListener('abort', leave, { once: true });
        void opened.then(leave);
      });
    const failedOnce = new Set<string>();
    const done = new Set<string>();
    const consumer = await runConcurrentEventConsumer({
      kafka, groupId: `group-${randomUUID()}`, topic, dlqTopic: `${topic}.dlq`, type: 'scan.log', concurrency: 32, log: silentLogger(),
      handle: async (event, signal) => {
        const id = event.payload.message;
        waiting += 1;
        mostWaiting = Math.max(mostWaiting, waiting);
        if (waiting > 10) open();
        try {
          await atGate(signal);
        } finally {
          waiting -= 1;
        }
        // a first failure sends every event through the consumer's own back-off wait too
        if (!failedOnce.has(id)) {
          failedOnce.add(id);
          throw new Error(`transient failure of ${id}`);
        }
        done.add(id);
      },
    });
    try {
      await publisher.publish(topic, 'scan.log', Array.from({ length: 40 }, (_, i) => ({ key: String(i), payload: { timestamp: new Date().toISOString(), level: 'info' as const, message: `m-${i}`, details: null } })));
      await waitFor('every event handled after its retry', () => done.size, (n) => n === 40, { timeoutMs: 30_000, intervalMs: 50 });
    } finally {
      await consumer.stop();
      process.off('warning', onWarning);
    }
    expect(mostWaiting).toBeGreaterThan(10);
    expect(warnings).toEqual([]);
  });
});
