import type { Logger } from '../util/logger';

/** Placeholder until the embedded broker exists: Kafka stays "not configured". */
export async function startEmbeddedKafka(
  _dataDir: string,
  _log: Logger,
): Promise<{ brokers: string[]; stop(): Promise<void> } | undefined> {
  return undefined;
}
