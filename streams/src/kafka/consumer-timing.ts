/**
 * Group timing of every kafkajs consumer, in one place. A member that dies
 * without leaving is expired after `sessionTimeout`, so the survivors take its
 * partitions within seconds (kafkajs's 30 s default made that ~45 s);
 * heartbeats go out well inside it. `rebalanceTimeout` bounds how long the
 * coordinator waits for live members to rejoin, which includes finishing the
 * chunk in hand: one projector transaction fits comfortably.
 */
export const CONSUMER_GROUP_TIMING = {
  sessionTimeout: 10_000,
  heartbeatInterval: 1_000,
  rebalanceTimeout: 30_000,
  // A stopping consumer waits for its fetch in flight: an idle topic holds a
  // fetch for this long (kafkajs default 5 s, which alone made a stop take 5 s).
  maxWaitTimeInMs: 1_000,
} as const;
