/** Kafka topics: one per event type and major version, each with a dead-letter companion. */
export const TOPICS = {
  scanRequested: 'scan.requested.v1',
  scanCompleted: 'scan.completed.v1',
  scanLog: 'scan.log.v1',
  dashboardDelta: 'dashboard.delta.v1',
} as const;

export type TopicName = (typeof TOPICS)[keyof typeof TOPICS];

export const deadLetterTopic = (topic: TopicName): string => `${topic}.dlq`;

/** Every topic the app needs, created at start-up when missing. */
export const ALL_TOPICS: readonly string[] = Object.values(TOPICS).flatMap((t) => [t, deadLetterTopic(t)]);
