/**
 * Every Postgres advisory lock the product takes, in one place, so no two
 * concerns can pick the same key by accident. All processes of a deployment
 * (and of a rolling upgrade) must agree on these numbers: never renumber one.
 *
 * Two key spaces, which Postgres keeps apart (a two-key lock never conflicts
 * with a one-key lock):
 * - (LOCK_CLASS, n) pairs, for pg_advisory_lock(int, int);
 * - single bigint keys, for pg_advisory_xact_lock(bigint).
 */
export const LOCK_CLASS = 0x6d6370; // "mcp"

/** Object ids under LOCK_CLASS. */
export const LOCKS = {
  postgresMigrations: 1,
  clickhouseMigrations: 2,
  /** The single active scan scheduler (streams/src/scheduler). */
  scheduler: 3,
  /** The single active runner of backend/src/jobs (reports, history, deletions, retention). */
  scheduledJobs: 4,
  /** The trends projectors' daily-totals refreshes, one at a time across replicas (streams/src/projector-trends/rollup). */
  trendsRefresh: 5,
} as const;

export type LockName = keyof typeof LOCKS;

/** The (class, object) pair of a two-key lock, as query parameters. */
export function lockPair(name: LockName): [number, number] {
  return [LOCK_CLASS, LOCKS[name]];
}

/** Single bigint keys, as decimal strings (query parameters; the catalogue key exceeds a JS safe integer). */
export const SINGLE_KEY_LOCKS = {
  /** Serialises manual "scan now" requests so repeated presses add one batch. */
  manualScanBatch: String(0x6d637001),
  /** Serialises processes loading the website catalogue at start-up. */
  catalogueSeed: (0x6d6370_0000_0c47n).toString(), // "mcp" · catalogue
} as const;
