/** Postgres advisory lock keys (class, object); every process uses the same pairs. */
export const LOCK_CLASS = 0x6d6370; // "mcp"
export const LOCKS = {
  postgresMigrations: 1,
  clickhouseMigrations: 2,
  scheduler: 3,
  /** The single active runner of backend/src/jobs (reports, history, deletions, retention). */
  scheduledJobs: 4,
} as const;
