import { startBroker, type RunningBroker } from '@mcp-census/streams';
import type { Logger } from '@mcp-census/streams/platform/logger';

/** The embedded single-node broker speaking the Kafka wire protocol, on loopback (`port` 0: a free one). */
export function startEmbeddedKafka(dataDir: string, port: number, log: Logger): Promise<RunningBroker> {
  return startBroker({
    dataDir,
    port,
    autoCreateTopics: false,
    log,
  });
}
