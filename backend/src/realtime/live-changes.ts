import { LIVE_MAX_CHANGES, type Change, type LiveChangesEvent } from '@mcp-census/schemas';
import type { LiveChangesSource } from '../services/changes-feed-live';

/**
 * Ids are drawn when a projector inserts and become visible when it commits,
 * so two projectors can commit out of id order: each read looks this many ids
 * back and skips the ones already pushed.
 */
export const LIVE_CHANGES_LOOKBACK = 100;
/** Ids remembered as pushed (well above the look-back). */
const REMEMBERED = 1_000;

export interface LiveChanges {
  /** changesSeq of the last event built. */
  readonly seq: number;
  /** Sets the starting point at the newest change (a first socket connected). */
  start(): Promise<void>;
  /** No socket is left: nothing is read until `start` again. */
  stop(): void;
  /** The next `changes` event (changesSeq not yet taken), or undefined when nothing is new or not started. */
  next(): Promise<LiveChangesEvent | undefined>;
  /** Takes the changesSeq of an event that was sent. */
  commit(event: LiveChangesEvent): void;
}

/** Reads what is new in the changes feed for `/live`, bounded, only while started. */
export function createLiveChanges(source: LiveChangesSource): LiveChanges {
  let seq = 0;
  let lastId: number | undefined;
  /** The newest id at the start: older ones were there before the sockets' REST snapshot. */
  let startId = 0;
  let starting: Promise<void> | undefined;
  const pushed = new Set<number>();
  const remember = (ids: number[]) => {
    for (const id of ids) pushed.add(id);
    // Sets iterate in insertion order: the oldest go first
    for (const id of pushed) {
      if (pushed.size <= REMEMBERED) break;
      pushed.delete(id);
    }
  };
  return {
    get seq() {
      return seq;
    },
    start() {
      if (lastId !== undefined) return Promise.resolve();
      starting ??= source
        .latestId()
        .then((id) => {
          if (lastId !== undefined) return;
          lastId = id;
          startId = id;
        })
        .finally(() => {
          starting = undefined;
        });
      return starting;
    },
    stop() {
      lastId = undefined;
      pushed.clear();
    },
    async next() {
      if (lastId === undefined) return undefined;
      const floor = Math.max(startId, lastId - LIVE_CHANGES_LOOKBACK);
      const rows = await source.since(floor, LIVE_MAX_CHANGES + LIVE_CHANGES_LOOKBACK + 1);
      if (lastId === undefined) return undefined; // stopped meanwhile
      const fresh: Change[] = rows.filter((c) => !pushed.has(c.id));
      if (fresh.length === 0) return undefined;
      const sent = fresh.slice(0, LIVE_MAX_CHANGES);
      lastId = Math.max(lastId, ...sent.map((c) => c.id));
      remember(sent.map((c) => c.id).reverse());
      // a full read may have left out older new ones, like a longer list than one event holds
      const truncated = fresh.length > LIVE_MAX_CHANGES || rows.length === LIVE_MAX_CHANGES + LIVE_CHANGES_LOOKBACK + 1;
      return { changesSeq: seq + 1, changes: sent, truncated };
    },
    commit(event) {
      seq = Math.max(seq, event.changesSeq);
    },
  };
}
