import { Partitioners, type Kafka, type Message, type Producer } from 'kafkajs';
import type { EventType } from '@mcp-census/schemas';
import { buildEnvelope, type PayloadOf, type TypedEnvelope } from './envelope';

export interface EventPublisher {
  publish<T extends EventType>(topic: string, type: T, items: { key: string; payload: PayloadOf<T> }[]): Promise<TypedEnvelope<T>[]>;
  disconnect(): Promise<void>;
}

export function toMessage(envelope: TypedEnvelope<EventType>): Message {
  return {
    key: envelope.key,
    value: JSON.stringify(envelope),
    headers: { eventId: envelope.eventId, type: envelope.type, schemaVersion: String(envelope.schemaVersion) },
  };
}

/**
 * Idempotent producer with acks from all replicas: a send resolves only once
 * the broker has the events, and errors reach the caller (never swallowed).
 */
export async function createEventPublisher(kafka: Kafka, producerName: string): Promise<EventPublisher> {
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  return {
    async publish(topic, type, items) {
      if (items.length === 0) return [];
      const envelopes = items.map((item) => buildEnvelope(type, item.key, item.payload, producerName));
      await producer.send({ topic, acks: -1, messages: envelopes.map((e) => toMessage(e)) });
      return envelopes;
    },
    disconnect: () => producer.disconnect(),
  };
}
