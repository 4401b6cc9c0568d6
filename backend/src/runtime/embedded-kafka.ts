import { startBroker, type RunningBroker } from '@mcp-census/streams';
import type { Logger } from '../util/logger';

/** The embedded single-node broker speaking the Kafka wire protocol, on loopback. */
export function startEmbeddedKafka(dataDir: string, log: Logger): Promise<RunningBroker> {
  return startBroker({
    dataDir,
    autoCreateTopics: false,
    logger: (level, msg) => log[level](msg),
  });
}
