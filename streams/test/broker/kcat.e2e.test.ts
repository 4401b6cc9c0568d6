import { execFileSync, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBroker } from '../../src/broker';
import { kafkaFor, removeDir, startTestBroker, tempDir } from './helpers';
import { waitFor } from '../../../test/support/wait-for';

/** Runs kcat (librdkafka) asynchronously: the broker lives in this process. */
function kcat(args: string[], input?: string, timeoutMs = 30_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('kcat', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kcat ${args.join(' ')} timed out; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

describe('interop with librdkafka (kcat)', () => {
  let dir: string;
  let broker: RunningBroker;
  let bootstrap: string;

  beforeAll(async () => {
    execFileSync('kcat', ['-V']); // fails clearly if kcat is not installed (apt-get install kcat)
    dir = await tempDir();
    broker = await startTestBroker(dir);
    bootstrap = broker.brokers[0]!;
  });

  afterAll(async () => {
    await broker?.stop();
    await removeDir(dir);
  });

  it('kcat produces (plain and gzip + idempotent), kafkajs consumes everything in order', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `kcat-${i}`);
    const plain = await kcat(['-b', bootstrap, '-t', 'from-kcat', '-P', '-X', 'api.version.request=true'], `${lines.join('\n')}\n`);
    expect(plain.code).toBe(0);
    const gz = await kcat(['-b', bootstrap, '-t', 'from-kcat', '-P', '-z', 'gzip', '-X', 'enable.idempotence=true', '-K', ':'], `${lines.map((l) => `key-${l}:${l}-gz`).join('\n')}\n`);
    expect(gz.code).toBe(0);

    const got: Array<{ key: string | null; value: string }> = [];
    const consumer = kafkaFor(broker.brokers).consumer({ groupId: 'kcat-reader', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'from-kcat', fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void got.push({ key: message.key?.toString() ?? null, value: message.value!.toString() }) });
    await waitFor('kcat messages', () => got.length >= 1000, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    await consumer.disconnect();
    expect(got.slice(0, 500).map((m) => m.value)).toEqual(lines);
    expect(got.slice(500).map((m) => m.value)).toEqual(lines.map((l) => `${l}-gz`));
    expect(got[500]?.key).toBe('key-kcat-0');
  }, 60_000);

  it('kafkajs produces, kcat consumes with CRC checks on', async () => {
    const producer = kafkaFor(broker.brokers).producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const values = Array.from({ length: 300 }, (_, i) => `kjs-${i}`);
    for (let i = 0; i < values.length; i += 100) {
      await producer.send({ topic: 'to-kcat', messages: values.slice(i, i + 100).map((value) => ({ value, headers: { source: 'kafkajs' } })) });
    }
    await producer.disconnect();
    const res = await kcat(['-b', bootstrap, '-t', 'to-kcat', '-C', '-o', 'beginning', '-e', '-q', '-X', 'check.crcs=true']);
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual(values);
  }, 60_000);

  it('kcat consumer group (librdkafka group protocol) consumes and commits', async () => {
    const args = ['-b', bootstrap, '-G', 'kcat-group', 'to-kcat', '-e', '-q', '-X', 'auto.offset.reset=earliest', '-X', 'check.crcs=true'];
    const first = await kcat(args);
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(300);
    const admin = kafkaFor(broker.brokers).admin();
    await admin.connect();
    const committed = await admin.fetchOffsets({ groupId: 'kcat-group', topics: ['to-kcat'] });
    await admin.disconnect();
    expect(committed[0]?.partitions[0]?.offset).toBe('300');
    // A second run resumes at the committed offset: nothing left to read.
    const second = await kcat(args);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('');
  }, 60_000);

  it('kcat -L lists brokers and topics', async () => {
    const res = await kcat(['-b', bootstrap, '-L', '-J']);
    expect(res.code).toBe(0);
    const meta = JSON.parse(res.stdout) as { controllerid: number; brokers: Array<{ id: number; name: string }>; topics: Array<{ topic: string; partitions: unknown[] }> };
    expect(meta.controllerid).toBe(0);
    expect(meta.brokers).toEqual([{ id: 0, name: bootstrap }]);
    expect(meta.topics.map((t) => t.topic).sort()).toEqual(['from-kcat', 'to-kcat']);
  });
});
