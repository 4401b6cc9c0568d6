import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Consumer, Kafka } from 'kafkajs';
import type { Reader } from '../../src/broker/codec/reader';
import type { RunningBroker } from '../../src/broker';
import { RawClient, kafkaFor, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

interface JoinResponse {
  errorCode: number;
  generationId: number;
  protocol: string;
  leaderId: string;
  memberId: string;
  members: string[];
}

function join(c: RawClient, groupId: string, memberId: string, protocols: string[], sessionMs = 1500, rebalanceMs = 2000): Promise<JoinResponse> {
  return c
    .request(11, 5, (w) => {
      w.string(groupId).int32(sessionMs).int32(rebalanceMs).string(memberId).string(null).string('consumer');
      w.array(protocols, (w, p) => w.string(p).bytes(Buffer.from(`meta-${p}`)));
    })
    .then((r: Reader) => {
      r.int32();
      return {
        errorCode: r.int16(),
        generationId: r.int32(),
        protocol: r.string(),
        leaderId: r.string(),
        memberId: r.string(),
        members: r.array((r) => {
          const id = r.string();
          r.nullableString();
          r.bytes();
          return id;
        }),
      };
    });
}

async function sync(c: RawClient, groupId: string, generationId: number, memberId: string, assignments: Array<[string, string]>): Promise<{ errorCode: number; assignment: string }> {
  const r = await c.request(14, 3, (w) => {
    w.string(groupId).int32(generationId).string(memberId).string(null);
    w.array(assignments, (w, [m, a]) => w.string(m).bytes(Buffer.from(a)));
  });
  r.int32();
  return { errorCode: r.int16(), assignment: r.bytes().toString() };
}

async function heartbeat(c: RawClient, groupId: string, generationId: number, memberId: string): Promise<number> {
  const r = await c.request(12, 3, (w) => w.string(groupId).int32(generationId).string(memberId).string(null));
  r.int32();
  return r.int16();
}

async function leave(c: RawClient, groupId: string, memberId: string): Promise<number> {
  const r = await c.request(13, 2, (w) => w.string(groupId).string(memberId));
  r.int32();
  return r.int16();
}

async function commit(c: RawClient, groupId: string, generationId: number, memberId: string, topic: string, offset: number, partition = 0): Promise<number> {
  const r = await c.request(8, 5, (w) => w.string(groupId).int32(generationId).string(memberId).int32(1).string(topic).int32(1).int32(partition).int64(offset).string('meta'));
  r.int32();
  r.int32();
  r.string();
  r.int32();
  r.int32();
  return r.int16();
}

describe('consumer groups', () => {
  let dir: string;
  let broker: RunningBroker;
  let kafka: Kafka;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir);
    kafka = kafkaFor(broker.brokers);
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  it('two kafkajs consumers share 4 partitions; after one leaves the other owns all 4 and consumes the rest', async () => {
    const topic = 'group-share';
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    const produce = async (from: number, to: number): Promise<void> => {
      for (let p = 0; p < 4; p++) {
        const messages = [];
        for (let i = from; i < to; i++) messages.push({ partition: p, value: `${p}:${i}` });
        await producer.send({ topic, messages });
      }
    };
    await produce(0, 50);

    const seen = new Map<string, Set<string>>([['A', new Set()], ['B', new Set()]]);
    const assigned = new Map<string, number>();
    const start = async (name: string): Promise<Consumer> => {
      const consumer = kafkaFor(broker.brokers, `consumer-${name}`).consumer({ groupId: 'share-group', sessionTimeout: 10_000, heartbeatInterval: 300, maxWaitTimeInMs: 200 });
      consumer.on(consumer.events.GROUP_JOIN, (e) => {
        assigned.set(name, e.payload.memberAssignment[topic]?.length ?? 0);
      });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          seen.get(name)!.add(message.value!.toString());
        },
      });
      return consumer;
    };
    const a = await start('A');
    await waitFor('A to own all partitions alone', () => assigned.get('A') === 4, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    const b = await start('B');
    await waitFor('a 2+2 split', () => assigned.get('A') === 2 && assigned.get('B') === 2, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    await produce(50, 100);
    const union = (): Set<string> => new Set([...seen.get('A')!, ...seen.get('B')!]);
    await waitFor('first 400 messages', () => union().size === 400, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    expect(seen.get('B')!.size).toBeGreaterThan(0);

    await b.disconnect();
    await waitFor('A to take over all 4 partitions', () => assigned.get('A') === 4, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    const beforeRest = seen.get('A')!.size;
    await produce(100, 150);
    await waitFor('the rest consumed by A', () => union().size === 600, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    expect(seen.get('A')!.size).toBeGreaterThanOrEqual(beforeRest + 200);
    for (let p = 0; p < 4; p++) for (let i = 100; i < 150; i++) expect(seen.get('A')!.has(`${p}:${i}`)).toBe(true);
    await a.disconnect();
    await producer.disconnect();
  }, 90_000);

  it('implements the join/sync/heartbeat/leave protocol and its errors', async () => {
    const g = 'raw-group';
    const c1 = await RawClient.connect(broker.port);
    const c2 = await RawClient.connect(broker.port);
    const c3 = await RawClient.connect(broker.port);
    try {
      // JoinGroup v4+: the first join with an empty member id only hands out an id.
      const first = await join(c1, g, '', ['range', 'roundrobin']);
      expect(first.errorCode).toBe(79);
      const m1 = first.memberId;
      expect(m1).not.toBe('');
      expect(await join(c1, g, 'who-is-this', ['range'])).toMatchObject({ errorCode: 25 });

      const j1 = await join(c1, g, m1, ['range', 'roundrobin']);
      expect(j1).toMatchObject({ errorCode: 0, generationId: 1, protocol: 'range', leaderId: m1, memberId: m1, members: [m1] });
      expect(await sync(c1, g, 1, m1, [[m1, 'A1']])).toEqual({ errorCode: 0, assignment: 'A1' });
      expect(await heartbeat(c1, g, 1, m1)).toBe(0);
      expect(await heartbeat(c1, g, 7, m1)).toBe(22);
      expect(await heartbeat(c1, g, 1, 'nobody')).toBe(25);
      expect(await sync(c1, g, 7, m1, [])).toMatchObject({ errorCode: 22 });

      // A member with no protocol in common is refused.
      expect((await join(c3, g, '', ['something-else'])).errorCode).toBe(23);

      // A second member joins: the first learns of the rebalance from its heartbeat.
      const m2 = (await join(c2, g, '', ['roundrobin'])).memberId;
      const j2p = join(c2, g, m2, ['roundrobin']);
      await new Promise((r) => setTimeout(r, 100));
      expect(await heartbeat(c1, g, 1, m1)).toBe(27);
      // Members of the current generation may still commit while the rebalance is prepared.
      expect(await commit(c1, g, 1, m1, 'raw-group-topic', 5)).toBe(3); // unknown topic
      const j1b = await join(c1, g, m1, ['range', 'roundrobin']);
      const j2 = await j2p;
      // The only protocol both support wins; only the leader sees the member list.
      expect(j1b).toMatchObject({ errorCode: 0, generationId: 2, protocol: 'roundrobin', leaderId: m1 });
      expect(j1b.members.sort()).toEqual([m1, m2].sort());
      expect(j2).toMatchObject({ errorCode: 0, generationId: 2, protocol: 'roundrobin', leaderId: m1, members: [] });
      const s2p = sync(c2, g, 2, m2, []);
      const s1 = await sync(c1, g, 2, m1, [
        [m1, 'for-1'],
        [m2, 'for-2'],
      ]);
      expect(s1).toEqual({ errorCode: 0, assignment: 'for-1' });
      expect(await s2p).toEqual({ errorCode: 0, assignment: 'for-2' });

      // m2 stops heartbeating: after its 1.5 s session it is evicted and the group rebalances.
      const hbDeadline = Date.now() + 5_000;
      let code = 0;
      while (Date.now() < hbDeadline) {
        code = await heartbeat(c1, g, 2, m1);
        if (code !== 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(code).toBe(27);
      const j3 = await join(c1, g, m1, ['range', 'roundrobin']);
      expect(j3).toMatchObject({ errorCode: 0, generationId: 3, protocol: 'range', members: [m1] });
      expect(await heartbeat(c2, g, 2, m2)).toBe(25);
      expect(await sync(c1, g, 3, m1, [[m1, 'solo']])).toEqual({ errorCode: 0, assignment: 'solo' });

      // A new member triggers a rebalance; m1 never rejoins, so the rebalance timeout drops it.
      const m4 = (await join(c2, g, '', ['range'])).memberId;
      const started = Date.now();
      const j4 = await join(c2, g, m4, ['range']);
      expect(j4).toMatchObject({ errorCode: 0, generationId: 4, leaderId: m4, members: [m4] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(await heartbeat(c1, g, 3, m1)).toBe(25);

      expect(await sync(c2, g, 4, m4, [[m4, 'x']])).toMatchObject({ errorCode: 0 });
      expect(await leave(c2, g, m4)).toBe(0);
      expect(await leave(c2, g, m4)).toBe(25);
      expect(await heartbeat(c2, g, 4, m4)).toBe(25);
    } finally {
      c1.close();
      c2.close();
      c3.close();
    }
  }, 30_000);

  it('commits and fetches offsets for a group without members (simple commit)', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'simple-commit', numPartitions: 2 }] });
    const c = await RawClient.connect(broker.port);
    try {
      expect(await commit(c, 'simple-group', -1, '', 'simple-commit', 7, 0)).toBe(0);
      expect(await commit(c, 'simple-group', -1, '', 'simple-commit', 9, 1)).toBe(0);
      expect(await commit(c, 'simple-group', 3, 'not-a-member', 'simple-commit', 9, 1)).toBe(25);
    } finally {
      c.close();
    }
    const offsets = await admin.fetchOffsets({ groupId: 'simple-group', topics: ['simple-commit'] });
    expect(offsets[0]?.partitions.sort((x, y) => x.partition - y.partition)).toEqual([
      { partition: 0, offset: '7', metadata: 'meta' },
      { partition: 1, offset: '9', metadata: 'meta' },
    ]);
    await admin.disconnect();
  });
});
