/**
 * Answers handed unchanged to every caller for a while (the cached public
 * reads). Marking them lets the JSON encoder serialise, hash and compress each
 * one once, not once per request. A marked object must never be mutated.
 */
const shared = new WeakSet<object>();

export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) shared.add(value);
  return value;
}

export function isShared(value: object): boolean {
  return shared.has(value);
}
