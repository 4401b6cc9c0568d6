import type { Kafka } from 'kafkajs';

/** Creates the missing topics; existing ones are left as they are. */
export async function ensureTopics(kafka: Kafka, topics: readonly string[], numPartitions: number): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor: -1 })),
      });
    }
    return missing;
  } finally {
    await admin.disconnect();
  }
}
