import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import type { TypedEnvelope } from '../../src/kafka/envelope';
import { runEventConsumer, type RunningConsumer } from '../../src/kafka/event-consumer';
import { createEventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { waitFor } from '../../../test/support/wait-for';
import { silentLogger } from '../../src/platform/logger';

// A group member that dies without leaving (SIGKILL) must be expired after
// the session timeout and its partitions handed to the survivor in seconds.
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'group-member.ts');
const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers, clientId: 'dead-member-test' });
const children: ChildProcess[] = [];
let survivor: RunningConsumer | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await survivor?.stop();
});

describe('consumer group after a member dies', () => {
  it('gives the survivor every partition within 15 s of a SIGKILL', async () => {
    const topic = testTopics('dead-member').log;
    await ensureTopics(kafka, [topic, `${topic}.dlq`], 4);
    const groupId = `group-${randomUUID()}`;

    let victimPartitions: number[] = [];
    const victim = fork(FIXTURE, [brokers.join(','), topic, groupId], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(victim);
    victim.on('message', (m) => {
      victimPartitions = (m as { partitions: number[] }).partitions;
    });
    await waitFor('the first member owns every partition', () => victimPartitions.length === 4, Boolean, { timeoutMs: 30_000, intervalMs: 50 });

    let mine: number[] = [];
    const seen = new Set<string>();
    survivor = await runEventConsumer({
      kafka, groupId, topic, dlqTopic: `${topic}.dlq`, type: 'scan.log', log: silentLogger(),
      handle: async (events: TypedEnvelope<'scan.log'>[]) => void events.forEach((e) => seen.add(e.payload.message)),
      onAssigned: (partitions) => {
        mine = partitions;
      },
    });
    await waitFor('the two members share the partitions', () => mine.length === 2 && victimPartitions.length === 2, Boolean, { timeoutMs: 30_000, intervalMs: 50 });

    victim.kill('SIGKILL');
    const killedAt = Date.now();
    await waitFor('the survivor owns every partition', () => mine.length === 4, Boolean, { timeoutMs: 15_000, intervalMs: 50 });
    const took = Date.now() - killedAt;
    expect(took).toBeLessThan(15_000);

    // and it consumes them: events on every partition after the kill are handled
    const publisher = await createEventPublisher(kafka, 'dead-member-test');
    const messages = Array.from({ length: 16 }, (_, i) => `after-kill-${i}`);
    await publisher.publish(topic, 'scan.log', messages.map((message, i) => ({ key: String(i), payload: { timestamp: new Date().toISOString(), level: 'info' as const, message, details: null } })));
    await publisher.disconnect();
    await waitFor('the survivor handles every partition', () => messages.every((m) => seen.has(m)), Boolean, { timeoutMs: 15_000, intervalMs: 50 });
  });
});
