import type { Reader } from './codec/reader';
import type { Writer } from './codec/writer';
import type { GroupCoordinator } from './groups/coordinator';
import type { Logger } from '../platform/logger';
import type { OffsetStore } from './offsets-store';
import type { ProducerIdAllocator } from './producer-ids';
import type { TopicRegistry } from './topics';

/** Everything a request handler may touch. */
export interface BrokerState {
  topics: TopicRegistry;
  groups: GroupCoordinator;
  offsets: OffsetStore;
  producerIds: ProducerIdAllocator;
  log: Logger;
  advertisedHost: string;
  port: number;
  autoCreateTopics: boolean;
  defaultPartitions: number;
  /** Set once stop() begins: long polls return at once. */
  stopping: boolean;
}

export interface Request {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  clientId: string | null;
  clientHost: string;
  body: Reader;
}

/** Returns the response body, or null when the request expects none (acks=0 produce). */
export type Handler = (req: Request, broker: BrokerState) => Writer | null | Promise<Writer | null>;
