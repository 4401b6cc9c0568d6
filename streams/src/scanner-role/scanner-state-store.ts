import type pg from 'pg';
import type { Logger } from '../platform/logger';
import type { DetectorState } from './outage-detector';

/**
 * Keeps this scanner process's row of `scanner_instances` current: written at
 * once on every change and refreshed every `refreshMs`, so readers tell a live
 * scanner (row updated within ~30 s) from one that is gone. `updated_at` is
 * the database's clock, never ours, so instances on skewed hosts compare fairly.
 */
export interface ScannerStateStore {
  /** Writes the current state now (after a transition). Never throws. */
  write(): Promise<void>;
  /** Stops refreshing and removes the row (a clean stop; a crash leaves it to age out). */
  stop(): Promise<void>;
}

export function startScannerStateStore(opts: {
  pool: pg.Pool;
  instanceId: string;
  current: () => DetectorState;
  refreshMs?: number;
  log: Logger;
}): ScannerStateStore {
  let failing = false;
  let chain: Promise<void> = Promise.resolve();
  const upsert = async () => {
    const s = opts.current();
    try {
      await opts.pool.query(
        `INSERT INTO scanner_instances (instance_id, state, since, reason, updated_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (instance_id) DO UPDATE SET state = excluded.state, since = excluded.since, reason = excluded.reason, updated_at = excluded.updated_at`,
        [opts.instanceId, s.state, s.since, s.reason],
      );
      if (failing) opts.log.info('scanner state: written to Postgres again');
      failing = false;
    } catch (err) {
      // Logged once per failure streak: Postgres being down must not log every few seconds.
      if (!failing) opts.log.warn({ err }, 'scanner state: cannot write to Postgres');
      failing = true;
    }
  };
  // Writes run one after another, so an older state never lands after a newer one.
  const write = () => (chain = chain.then(upsert));
  const timer = setInterval(() => void write(), opts.refreshMs ?? 5_000);
  timer.unref();
  void write();
  return {
    write,
    async stop() {
      clearInterval(timer);
      await chain;
      await opts.pool.query('DELETE FROM scanner_instances WHERE instance_id = $1', [opts.instanceId]).catch(() => undefined);
    },
  };
}
