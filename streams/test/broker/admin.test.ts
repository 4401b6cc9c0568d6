import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from 'kafkajs';
import type { RunningBroker } from '../../src/broker';
import { kafkaFor, removeDir, startTestBroker, tempDir } from './helpers';

describe('broker admin APIs (kafkajs admin)', () => {
  let dir: string;
  let broker: RunningBroker;
  let admin: Admin;

  beforeAll(async () => {
    dir = await tempDir();
    broker = await startTestBroker(dir, { defaultPartitions: 2 });
    admin = kafkaFor(broker.brokers).admin();
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.disconnect();
    await broker?.stop();
    await removeDir(dir);
  });

  it('binds loopback and advertises the address clients should use', () => {
    expect(broker.brokers).toEqual([`127.0.0.1:${broker.port}`]);
  });

  it('creates, lists, describes and deletes topics', async () => {
    expect(await admin.createTopics({ topics: [{ topic: 'adm.a', numPartitions: 3 }, { topic: 'adm_b' }] })).toBe(true);
    // Creating an existing topic is reported as "not created", not as a failure.
    expect(await admin.createTopics({ topics: [{ topic: 'adm.a', numPartitions: 3 }] })).toBe(false);
    expect((await admin.listTopics()).sort()).toEqual(['adm.a', 'adm_b']);

    const meta = await admin.fetchTopicMetadata({ topics: ['adm.a', 'adm_b'] });
    const byName = new Map(meta.topics.map((t) => [t.name, t.partitions.length]));
    expect(byName.get('adm.a')).toBe(3);
    expect(byName.get('adm_b')).toBe(2); // defaultPartitions

    const offsets = await admin.fetchTopicOffsets('adm.a');
    expect(offsets.map((o) => [o.partition, o.low, o.high]).sort()).toEqual([
      [0, '0', '0'],
      [1, '0', '0'],
      [2, '0', '0'],
    ]);

    await admin.deleteTopics({ topics: ['adm_b'] });
    expect(await admin.listTopics()).toEqual(['adm.a']);
  });

  it('rejects illegal topic names and bad partition counts', async () => {
    await expect(admin.createTopics({ topics: [{ topic: 'bad/name' }] })).rejects.toThrow();
    await expect(admin.createTopics({ topics: [{ topic: 'x'.repeat(250) }] })).rejects.toThrow();
    await expect(admin.createTopics({ topics: [{ topic: 'zero-parts', numPartitions: 0 }] })).rejects.toThrow();
    expect(await admin.listTopics()).not.toContain('zero-parts');
  });

  it('reports offsets after producing, including lookups by timestamp', async () => {
    await admin.createTopics({ topics: [{ topic: 'adm-offsets', numPartitions: 1 }] });
    const producer = kafkaFor(broker.brokers).producer();
    await producer.connect();
    const t0 = Date.now() - 10_000;
    await producer.send({ topic: 'adm-offsets', messages: [0, 1, 2].map((i) => ({ value: `old-${i}`, timestamp: String(t0 + i) })) });
    await producer.send({ topic: 'adm-offsets', messages: [0, 1].map((i) => ({ value: `new-${i}`, timestamp: String(t0 + 5000 + i) })) });
    await producer.disconnect();

    const [p0] = await admin.fetchTopicOffsets('adm-offsets');
    expect(p0).toMatchObject({ partition: 0, low: '0', high: '5' });
    expect(await admin.fetchTopicOffsetsByTimestamp('adm-offsets', t0 + 1)).toEqual([{ partition: 0, offset: '1' }]);
    expect(await admin.fetchTopicOffsetsByTimestamp('adm-offsets', t0 + 4000)).toEqual([{ partition: 0, offset: '3' }]);
  });

  it('deleting a topic removes its data; a re-created topic starts empty', async () => {
    await admin.createTopics({ topics: [{ topic: 'adm-recreate' }] });
    const producer = kafkaFor(broker.brokers).producer();
    await producer.connect();
    await producer.send({ topic: 'adm-recreate', messages: [{ value: 'x' }, { value: 'y' }] });
    await admin.deleteTopics({ topics: ['adm-recreate'] });
    await admin.createTopics({ topics: [{ topic: 'adm-recreate', numPartitions: 1 }] });
    const [p0] = await admin.fetchTopicOffsets('adm-recreate');
    expect(p0?.high).toBe('0');
    await producer.disconnect();
  });

  it('lists and describes consumer groups', async () => {
    await admin.createTopics({ topics: [{ topic: 'adm-groups' }] });
    const consumer = kafkaFor(broker.brokers).consumer({ groupId: 'adm-group', sessionTimeout: 10_000, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'adm-groups', fromBeginning: true });
    let joined = false;
    consumer.on(consumer.events.GROUP_JOIN, () => {
      joined = true;
    });
    await consumer.run({ eachMessage: async () => {} });
    const deadline = Date.now() + 20_000;
    while (!joined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(joined).toBe(true);

    const { groups } = await admin.listGroups();
    expect(groups).toContainEqual({ groupId: 'adm-group', protocolType: 'consumer' });
    const described = await admin.describeGroups(['adm-group']);
    expect(described.groups[0]).toMatchObject({ groupId: 'adm-group', state: 'Stable', protocolType: 'consumer', protocol: 'RoundRobinAssigner' });
    expect(described.groups[0]?.members).toHaveLength(1);
    await consumer.disconnect();
  }, 30_000);

  it('does not auto-create topics when disabled', async () => {
    const dir2 = await tempDir();
    const b2 = await startTestBroker(dir2, { autoCreateTopics: false });
    try {
      const producer = kafkaFor(b2.brokers).producer({ retry: { retries: 1, initialRetryTime: 50 } });
      await producer.connect();
      await expect(producer.send({ topic: 'not-there', messages: [{ value: 'x' }] })).rejects.toThrow();
      await producer.disconnect();
      const a2 = kafkaFor(b2.brokers).admin();
      await a2.connect();
      expect(await a2.listTopics()).toEqual([]);
      await a2.disconnect();
    } finally {
      await b2.stop();
      await removeDir(dir2);
    }
  }, 30_000);
});
