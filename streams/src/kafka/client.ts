import { Kafka, logLevel, type LogEntry } from 'kafkajs';

export type KafkaLogger = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

const LEVELS: Record<number, 'debug' | 'info' | 'warn' | 'error'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** The one place a kafkajs client is built; everything else gets a Kafka instance from here. */
export function createKafka(opts: { brokers: string[]; clientId: string; log?: KafkaLogger }): Kafka {
  const log = opts.log;
  return new Kafka({
    clientId: opts.clientId,
    brokers: opts.brokers,
    connectionTimeout: 3_000,
    requestTimeout: 30_000,
    retry: { retries: 5, initialRetryTime: 200 },
    logLevel: log ? logLevel.WARN : logLevel.NOTHING,
    logCreator: () => (entry: LogEntry) => {
      log?.(LEVELS[entry.level] ?? 'info', `kafka ${entry.namespace}: ${entry.log.message}`);
    },
  });
}
