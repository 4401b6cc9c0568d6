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
      // Producer retries are bounded on purpose (a send must fail rather than hang
      // during an outage); duplicates that a retry could cause are absorbed by the
      // idempotent consumers, so kafkajs's advisory about this is noise here.
      if (entry.log.message.startsWith('Limiting retries for the idempotent producer')) return;
      log?.(LEVELS[entry.level] ?? 'info', `kafka${entry.namespace ? ` ${entry.namespace}` : ''}: ${entry.log.message}`);
    },
  });
}
