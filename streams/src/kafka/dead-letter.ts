import type { IHeaders, KafkaMessage, Message } from 'kafkajs';

export interface DeadLetterInfo {
  /** Why: the validation failure or the handler's error message. */
  reason: string;
  /** Where it failed: `parse` (invalid message) or `handle` (the handler kept failing). */
  step: 'parse' | 'handle';
  topic: string;
  partition: number;
  /** Handler attempts made before giving up (absent for parse failures). */
  attempts?: number;
}

/** A dead-letter copy of a message: the original key, value and headers, plus why, where and when. */
export function dlqMessage(message: KafkaMessage, info: DeadLetterInfo): Message {
  const headers: IHeaders = {
    ...(message.headers ?? {}),
    'dlq-reason': info.reason.slice(0, 1000),
    'dlq-step': info.step,
    'dlq-timestamp': new Date().toISOString(),
    'dlq-original-topic': info.topic,
    'dlq-original-partition': String(info.partition),
    'dlq-original-offset': message.offset,
    ...(info.attempts !== undefined ? { 'dlq-attempts': String(info.attempts) } : {}),
  };
  return { key: message.key, value: message.value, headers };
}
