/**
 * Throughput and latency benchmark of the embedded Kafka-protocol broker with
 * real kafkajs clients: `npm run bench:broker`.
 *
 * The broker runs in a child process (as a separate service would), so the
 * kafkajs encode/decode work and the broker do not share one event loop.
 * Prints one JSON object. Env: BENCH_MESSAGES (default 200000), BENCH_LATENCY_SECONDS (default 10).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { startBroker } from '../src/broker';

process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';

const TARGETS = { produceMsgPerSec: 50_000, consumeMsgPerSec: 50_000, latencyP99Ms: 50 };
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const PARTITIONS = 4;
const PER_REQUEST = 2_000;
const IN_FLIGHT = 4;
const now = (): number => performance.timeOrigin + performance.now();

async function runBrokerChild(dataDir: string): Promise<void> {
  const broker = await startBroker({ dataDir });
  process.send?.({ port: broker.port });
  process.on('disconnect', () => void broker.stop().then(() => process.exit(0)));
}

async function spawnBroker(dataDir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--broker-child', dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`broker exited (${code})`)));
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (n: number): number => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'broker-bench-'));
  const broker = await spawnBroker(dataDir);
  const kafka = new Kafka({ clientId: 'bench', brokers: [`127.0.0.1:${broker.port}`], logLevel: logLevel.NOTHING });
  try {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'bench', numPartitions: PARTITIONS }, { topic: 'latency', numPartitions: 1 }] });
    await admin.disconnect();

    // Throughput: produce
    const value = Buffer.alloc(1024, 'x');
    const batch = Array.from({ length: PER_REQUEST }, (_, i) => ({ partition: i % PARTITIONS, value }));
    const producer = kafka.producer();
    await producer.connect();
    let sent = 0;
    const t0 = now();
    const worker = async (): Promise<void> => {
      while (sent < MESSAGES) {
        sent += PER_REQUEST;
        await producer.sendBatch({ acks: -1, topicMessages: [{ topic: 'bench', messages: batch }] });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const produceSecs = (now() - t0) / 1000;
    const produced = Math.ceil(MESSAGES / PER_REQUEST) * PER_REQUEST;

    // Throughput: consume
    const consumer = kafka.consumer({ groupId: 'bench-consumer', maxBytes: 50 * 1024 * 1024, maxBytesPerPartition: 10 * 1024 * 1024, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'bench', fromBeginning: true });
    let consumed = 0;
    let firstAt = 0;
    let lastAt = 0;
    const startedAt = now();
    await new Promise<void>((resolve) => {
      void consumer.run({
        autoCommitInterval: 1000,
        eachBatch: async ({ batch: b }) => {
          if (!firstAt) firstAt = now();
          consumed += b.messages.length;
          lastAt = now();
          if (consumed >= produced) resolve();
        },
      });
    });
    const consumeSecs = (lastAt - startedAt) / 1000;
    await consumer.disconnect();

    // Latency at 1,000 msg/s
    const latConsumer = kafka.consumer({ groupId: 'bench-latency', maxWaitTimeInMs: 500 });
    await latConsumer.connect();
    await latConsumer.subscribe({ topic: 'latency', fromBeginning: true });
    const latencies: number[] = [];
    let joined = false;
    latConsumer.on(latConsumer.events.GROUP_JOIN, () => {
      joined = true;
    });
    await latConsumer.run({
      eachMessage: async ({ message }) => {
        latencies.push(now() - Number(message.value!.toString()));
      },
    });
    while (!joined) await new Promise((r) => setTimeout(r, 10));
    const latProducer = kafka.producer();
    await latProducer.connect();
    const rate = 1_000;
    const total = rate * LATENCY_SECONDS;
    const start = now();
    let n = 0;
    const pending: Promise<unknown>[] = [];
    while (n < total) {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate));
      // One message per send, as an app publishing events one by one would.
      for (; n < due; n++) pending.push(latProducer.send({ topic: 'latency', acks: -1, messages: [{ value: String(now()) }] }));
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(pending);
    const deadline = now() + 10_000;
    while (latencies.length < total && now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await latConsumer.disconnect();
    await latProducer.disconnect();
    await producer.disconnect();

    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      messages: produced,
      messageBytes: value.length,
      produceMsgPerSec: Math.round(produced / produceSecs),
      consumeMsgPerSec: Math.round(consumed / consumeSecs),
      consumeMsgPerSecAfterJoin: Math.round(consumed / ((lastAt - firstAt) / 1000)),
      latencyMessages: latencies.length,
      latencyP50Ms: round(percentile(sorted, 50)),
      latencyP99Ms: round(percentile(sorted, 99)),
      latencyMaxMs: round(sorted[sorted.length - 1] ?? NaN),
      targets: TARGETS,
      pass: false,
    };
    result.pass =
      result.produceMsgPerSec >= TARGETS.produceMsgPerSec &&
      result.consumeMsgPerSec >= TARGETS.consumeMsgPerSec &&
      result.latencyP99Ms < TARGETS.latencyP99Ms &&
      latencies.length === total;
    console.log(JSON.stringify(result));
  } finally {
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--broker-child') {
  await runBrokerChild(process.argv[3]!);
} else {
  await main();
}
