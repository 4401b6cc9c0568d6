/**
 * Folds duplicates of one key inside a batch down to the latest entry, so a
 * multi-row upsert never touches a row twice (Postgres refuses that in one
 * INSERT ... ON CONFLICT DO UPDATE) and redelivery after a crash is harmless.
 * "Latest" is the order the projections' guards use: scan time, then event id
 * (lower-case, which compares like Postgres uuids) as tie-break.
 */
export function foldLatest<E extends { eventId: string }, K>(events: readonly E[], keyOf: (e: E) => K, timeOf: (e: E) => number): E[] {
  const latest = new Map<K, E>();
  for (const e of events) {
    const key = keyOf(e);
    const held = latest.get(key);
    if (!held || isLater(e, held, timeOf)) latest.set(key, e);
  }
  return [...latest.values()];
}

/** One entry per event id (ids compared case-insensitively, as Postgres uuids are). */
export function uniqueByEventId<E extends { eventId: string }>(events: readonly E[]): E[] {
  const seen = new Map<string, E>();
  for (const e of events) {
    const id = e.eventId.toLowerCase();
    if (!seen.has(id)) seen.set(id, e);
  }
  return [...seen.values()];
}

function isLater<E extends { eventId: string }>(a: E, b: E, timeOf: (e: E) => number): boolean {
  const dt = timeOf(a) - timeOf(b);
  if (dt !== 0) return dt > 0;
  return a.eventId.toLowerCase() > b.eventId.toLowerCase();
}

/**
 * The `limit` newest of `events` in the guards' order (scan time, then lower-case event id), newest
 * first. Each event's keys are computed once: a comparator parsing dates and lower-casing ids ran
 * them for every one of a chunk's tens of thousands of comparisons.
 */
export function newestFirst<E extends { eventId: string }>(events: readonly E[], timeOf: (e: E) => number, limit: number): E[] {
  const keyed = events.map((event) => ({ event, time: timeOf(event), id: event.eventId.toLowerCase() }));
  keyed.sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return keyed.slice(0, Math.max(0, limit)).map((k) => k.event);
}

/** Scan time of a scan.completed-like event in ms (the common fold order). */
export const scanTimeOf = (e: { payload: { scanTime: string } }): number => Date.parse(e.payload.scanTime);
