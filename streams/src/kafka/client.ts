import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from '../platform/logger';

const LEVELS: Record<number, 'debug' | 'info' | 'warn' | 'error'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** The one place a kafkajs client is built; everything else gets a Kafka instance from here. */
export function createKafka(opts: { brokers: string[]; clientId: string; log?: Logger }): Kafka {
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
      // kafkajs's own fields (broker, groupId, error, retryCount, ...) become fields of the line.
      const { message, timestamp: _timestamp, logger: _logger, ...details } = entry.log;
      log?.[LEVELS[entry.level] ?? 'info']({ kafkajs: entry.namespace, ...details }, `kafka: ${message}`);
    },
  });
}
