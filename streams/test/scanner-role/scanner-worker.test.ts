import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scanCompletedPayloadSchema, scanLogPayloadSchema } from '@mcp-census/schemas';
import { testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { parseEnvelope } from '../../src/kafka/envelope';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import type { RunningConsumer } from '../../src/kafka/event-consumer';
import { ensureTopics } from '../../src/kafka/topics';
import { createProber } from '../../src/scanner/index';
import { startScannerWorker } from '../../src/scanner-role/scanner-worker';
import { startSimulatedWeb, type ProfileName, type SimulatedWeb } from '../../src/simweb/index';
import { silentLogger } from '../../src/platform/logger';

const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'scanner-worker-test' });
const topics = testTopics('scanner-worker');
// Every failure class sits in the same batch as working servers: none may stop the others.
const PROFILES: ProfileName[] = ['no-mcp', 'legacy-streamable', 'stateless-2026', 'old-sse', 'auth-wall', 'malformed-json', 'slow', 'redirect-loop', 'oversized', 'http-not-mcp'];

let web: SimulatedWeb;
let publisher: EventPublisher;
let worker: RunningConsumer;

/** Reads `count` messages from a topic of the suite's own. */
async function readTopic(topic: string, count: number, timeoutMs = 60_000): Promise<KafkaMessage[]> {
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const messages: KafkaMessage[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${messages.length}/${count} messages on ${topic}`)), timeoutMs);
      void consumer.run({
        eachMessage: async ({ message }) => {
          messages.push(message);
          if (messages.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return messages;
}

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: PROFILES.length, assign: PROFILES, slowMs: 3_000 });
  await ensureTopics(kafka, [topics.requested, `${topics.requested}.dlq`, topics.completed, topics.log], 2);
  publisher = await createEventPublisher(kafka, 'scanner-worker-test');
  worker = await startScannerWorker({
    kafka,
    publisher,
    // Per-host pacing (2/s by default) would not fit this test's short site deadline; it is tested in scanner/pacing.test.ts.
    prober: createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 1_000, siteDeadlineMs: 5_000, hostRps: 50 }),
    groupId: `scanner-${randomUUID()}`,
    topics,
    concurrency: 8,
    log: silentLogger(),
  });
});

afterAll(async () => {
  await worker?.stop();
  await publisher?.disconnect();
  await web?.stop();
});

describe('scanner worker', () => {
  it('turns every scan request into one scan.completed and one scan.log, whatever each site does', async () => {
    const batchId = randomUUID();
    await publisher.publish(
      topics.requested,
      'scan.requested',
      web.sites.map((site) => ({ key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId, reason: 'manual' as const } })),
    );
    const completed = await readTopic(topics.completed, web.sites.length);
    const results = new Map<number, ReturnType<typeof scanCompletedPayloadSchema.parse>>();
    for (const message of completed) {
      const parsed = parseEnvelope('scan.completed', message.value);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(message.key?.toString()).toBe(String(parsed.event.payload.websiteId));
      results.set(parsed.event.payload.websiteId, scanCompletedPayloadSchema.parse(parsed.event.payload));
    }
    expect(results.size).toBe(web.sites.length);
    for (const site of web.sites) {
      const payload = results.get(site.id);
      expect(payload?.batchId, site.profile).toBe(batchId);
      expect(payload?.result.hasMcp, site.profile).toBe(site.expected.hasMcp);
      expect(payload?.result.errorClass ?? null, site.profile).toBe(site.expected.errorClass);
      // Every simulated site answers on its host, whatever its MCP does: none is unreachable.
      expect(payload?.result.reachability, site.profile).toBe('reached');
    }
    const logs = await readTopic(topics.log, web.sites.length);
    const levels = logs.map((m) => {
      const parsed = parseEnvelope('scan.log', m.value);
      if (!parsed.ok) throw new Error(parsed.reason);
      return scanLogPayloadSchema.parse(parsed.event.payload).level;
    });
    expect(levels.filter((l) => l === 'success').length).toBe(web.sites.filter((s) => s.expected.hasMcp).length);
    expect(web.stats().toolCalls).toBe(0);
  });

  it('answers an opted-out site "not scanned (opt-out)" without sending it a single request', async () => {
    const [site] = web.sites;
    if (!site) throw new Error('no simulated site');
    const before = web.stats().requests;
    const batchId = randomUUID();
    const seen = (await readTopic(topics.completed, web.sites.length)).length;
    await publisher.publish(topics.requested, 'scan.requested', [
      { key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId, reason: 'scheduled' as const, optedOut: true } },
    ]);
    const messages = await readTopic(topics.completed, seen + 1);
    const announced = messages
      .map((m) => parseEnvelope('scan.completed', m.value))
      .flatMap((p) => (p.ok && p.event.payload.batchId === batchId ? [p.event.payload] : []));
    expect(announced).toHaveLength(1);
    expect(announced[0]?.result).toMatchObject({ hasMcp: false, reachability: 'reached', notScanned: { reason: 'opt-out' } });
    expect(web.stats().requests).toBe(before);
  });

  it('sends a request that fails validation to the dead-letter topic with the reason', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: topics.requested, messages: [{ key: 'bad', value: JSON.stringify({ type: 'scan.requested', nonsense: true }) }] });
    await producer.disconnect();
    const [dead] = await readTopic(`${topics.requested}.dlq`, 1);
    expect(dead?.key?.toString()).toBe('bad');
    expect(dead?.headers?.['dlq-reason']?.toString()).toMatch(/invalid envelope/);
    expect(dead?.headers?.['dlq-original-topic']?.toString()).toBe(topics.requested);
    expect(dead?.headers?.['dlq-step']?.toString()).toBe('parse');
  });
});
