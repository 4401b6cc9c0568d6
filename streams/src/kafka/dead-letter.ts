import type { IHeaders, KafkaMessage, Message } from 'kafkajs';

/** A dead-letter copy of a message: the original key, value and headers, plus why, where and when. */
export function dlqMessage(message: KafkaMessage, info: { reason: string; step: string; topic: string; partition: number }): Message {
  const headers: IHeaders = {
    ...(message.headers ?? {}),
    'dlq-reason': info.reason.slice(0, 1000),
    'dlq-step': info.step,
    'dlq-timestamp': new Date().toISOString(),
    'dlq-original-topic': info.topic,
    'dlq-original-partition': String(info.partition),
    'dlq-original-offset': message.offset,
  };
  return { key: message.key, value: message.value, headers };
}
