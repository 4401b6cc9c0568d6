import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { kafkaFor, removeDir, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'broker-process.ts');

function spawnBroker(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // Small segments so the kill can also land around a roll (producer snapshot + new file).
    const child = fork(FIXTURE, [dataDir, String(256 * 1024)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`broker process exited early (${code})`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('crash durability (kill -9)', () => {
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await tempDir();
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await removeDir(dir);
  });

  it('every acknowledged message survives a kill -9 mid-production', async () => {
    const first = await spawnBroker(dir);
    children.push(first.child);
    const brokers = [`127.0.0.1:${first.port}`];
    const kafka = new Kafka({ clientId: 'crash', brokers, logLevel: logLevel.NOTHING, retry: { retries: 0 } });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'crash', numPartitions: 3 }] });
    await admin.disconnect();

    const acked = new Set<string>();
    let stop = false;
    const payload = 'p'.repeat(1000);
    const loop = async (id: number): Promise<void> => {
      const producer = kafka.producer({ retry: { retries: 0 } });
      await producer.connect();
      for (let n = 0; !stop; n++) {
        const values = Array.from({ length: 50 }, (_, i) => `${id}-${n}-${i}`);
        try {
          await producer.send({ topic: 'crash', acks: -1, messages: values.map((v) => ({ key: v, value: `${v}|${payload}` })) });
          for (const v of values) acked.add(v);
        } catch {
          return; // the broker is gone: whatever was not acknowledged may be lost
        }
      }
      await producer.disconnect().catch(() => {});
    };
    const loops = [0, 1, 2, 3].map((id) => loop(id));
    await waitFor('acknowledged messages before the kill', () => acked.size >= 20_000, Boolean, { timeoutMs: 60_000, intervalMs: 20 });
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(loops);
    await exited(first.child);
    expect(acked.size).toBeGreaterThanOrEqual(20_000);

    const second = await spawnBroker(dir);
    children.push(second.child);
    const kafka2 = kafkaFor([`127.0.0.1:${second.port}`]);
    const admin2 = kafka2.admin();
    await admin2.connect();
    const offsets = await admin2.fetchTopicOffsets('crash');
    await admin2.disconnect();
    const total = offsets.reduce((n, o) => n + Number(o.high), 0);
    expect(total).toBeGreaterThanOrEqual(acked.size);

    const seen = new Set<string>();
    const consumer = kafka2.consumer({ groupId: 'crash-check', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'crash', fromBeginning: true });
    let count = 0;
    await consumer.run({
      eachBatch: async ({ batch }) => {
        for (const m of batch.messages) {
          seen.add(m.value!.toString().split('|')[0]!);
          count++;
        }
      },
    });
    await waitFor('reading back the whole log', () => count >= total, Boolean, { timeoutMs: 60_000, intervalMs: 20 });
    await consumer.disconnect();
    const missing = [...acked].filter((v) => !seen.has(v));
    expect(missing.slice(0, 5)).toEqual([]);

    // The recovered log accepts new data at the right offsets.
    const producer = kafka2.producer();
    await producer.connect();
    const [res] = await producer.send({ topic: 'crash', messages: [{ partition: 0, value: 'after-crash' }] });
    expect(res?.baseOffset).toBe(offsets.find((o) => o.partition === 0)!.high);
    await producer.disconnect();
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 150_000);
});
