import type { EventType } from '@mcp-census/schemas';
import type { PayloadOf } from './envelope';
import type { EventPublisher } from './event-publisher';

type Item<T extends EventType> = { key: string; payload: PayloadOf<T> };

/**
 * Gathers events published one at a time into few large sends (up to
 * `maxItems`, or whatever arrived within `maxDelayMs`); each caller's promise
 * settles with its send, so nothing is acknowledged before the broker has it.
 */
export function createBatchingPublisher<T extends EventType>(
  publisher: EventPublisher,
  topic: string,
  type: T,
  opts: { maxItems?: number; maxDelayMs?: number } = {},
): { add(item: Item<T>): Promise<void> } {
  const maxItems = opts.maxItems ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 20;
  let pending: { item: Item<T>; resolve(): void; reject(err: Error): void }[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    publisher.publish(topic, type, batch.map((p) => p.item)).then(
      () => batch.forEach((p) => p.resolve()),
      (err: Error) => batch.forEach((p) => p.reject(err)),
    );
  };

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        if (pending.length >= maxItems) flush();
        else timer ??= setTimeout(flush, maxDelayMs);
      });
    },
  };
}
