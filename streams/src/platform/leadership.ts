import pg from 'pg';
import { lockPair, type LockName } from './advisory-locks';
import type { Logger } from './logger';

export interface Leadership {
  /** Takes the lock when free; true while this process holds it. */
  acquire(): Promise<boolean>;
  isLeader(): boolean;
  /** Releases the lock by ending its session. */
  release(): Promise<void>;
}

export interface LeadershipOptions {
  databaseUrl: string;
  /** The registry entry (advisory-locks.ts) whose holder leads. */
  lock: LockName;
  applicationName: string;
  /** Names the lock in log lines, e.g. "scheduling lock". */
  lockName: string;
  log: Logger;
}

/**
 * Exactly one active process by a Postgres session advisory lock (the scan
 * scheduler, the job runner). The lock lives on a dedicated connection, so
 * it is released when the process dies or that connection drops, and a
 * standby takes over at its next attempt.
 */
export function advisoryLeadership(opts: LeadershipOptions): Leadership {
  let lockClient: pg.Client | undefined;
  let leader = false;

  async function connectLockClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: opts.databaseUrl, application_name: opts.applicationName });
    client.on('error', (err) => {
      // The session (and its lock) is gone; another process may take over.
      if (leader) opts.log.warn({ err }, `lost the ${opts.lockName}`);
      leader = false;
      if (lockClient === client) lockClient = undefined;
    });
    await client.connect();
    return client;
  }

  async function dropLockClient(): Promise<void> {
    const client = lockClient;
    lockClient = undefined;
    leader = false;
    await client?.end().catch(() => undefined);
  }

  return {
    async acquire() {
      if (leader) return true;
      try {
        lockClient ??= await connectLockClient();
        const { rows } = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', lockPair(opts.lock));
        leader = rows[0]?.ok === true;
        if (leader) opts.log.info(`active (holds the ${opts.lockName})`);
      } catch (err) {
        opts.log.warn({ err }, `cannot take the ${opts.lockName}`);
        await dropLockClient();
      }
      return leader;
    },
    isLeader: () => leader,
    release: () => dropLockClient(),
  };
}
