import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { captureLog } from '../../../test/support/test-logger';
import { waitFor } from '../../../test/support/wait-for';
import { LOCK_CLASS, LOCKS } from '../../src/platform/advisory-locks';
import { advisoryLeadership, type Leadership } from '../../src/platform/leadership';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const captured = captureLog();
const made: Leadership[] = [];

/** A contender for the scheduler's lock; advisory locks are per database, so this suite's own database keeps it apart. */
function contender(name: string, databaseUrl = db.url): Leadership {
  const leadership = advisoryLeadership({ databaseUrl, lock: 'scheduler', applicationName: `leadership-test-${name}`, lockName: 'test lock', log: captured.log.child({ component: name }) });
  made.push(leadership);
  return leadership;
}

const entriesOf = (component: string, level: string) => captured.entries.filter((e) => e.component === component && e.level === level);

beforeAll(async () => {
  db = await createTestDatabase('leadership');
});
afterEach(async () => {
  for (const l of made.splice(0)) await l.release();
  captured.entries.length = 0;
});
afterAll(() => db?.drop());

describe('advisoryLeadership', () => {
  it('lets exactly one contender lead, on the registry lock, and hands over when it releases', async () => {
    const a = contender('a');
    const b = contender('b');
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    const { rows } = await db.pool.query<{ held: number }>(
      "SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted",
      [LOCK_CLASS, LOCKS.scheduler],
    );
    expect(rows[0]?.held).toBe(1);
    expect(entriesOf('a', 'info').map((e) => e.msg)).toEqual(['active (holds the test lock)']);

    await a.release();
    expect(a.isLeader()).toBe(false);
    expect(await b.acquire()).toBe(true);
  });

  it('notices a lost session, logs it with the error, and a standby takes over', async () => {
    const a = contender('a');
    const b = contender('b');
    expect(await a.acquire()).toBe(true);
    await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'leadership-test-a'");
    await waitFor('the leader to notice its lost session', () => a.isLeader(), (leading) => !leading);
    const lost = entriesOf('a', 'warn');
    expect(lost.map((e) => e.msg)).toEqual(['lost the test lock']);
    const err = lost[0]?.err as { message?: string; stack?: string } | undefined;
    expect(err?.message).toMatch(/terminat/i);
    expect(err?.stack).toContain('error: terminating connection');
    expect(await b.acquire()).toBe(true);
  });

  it('reports an unreachable database as a warning with the error, and stays a standby', async () => {
    const unreachable = contender('c', 'postgres://nobody:secret@127.0.0.1:1/none');
    expect(await unreachable.acquire()).toBe(false);
    const [warning] = entriesOf('c', 'warn');
    expect(warning?.msg).toBe('cannot take the test lock');
    expect((warning?.err as { stack?: string } | undefined)?.stack).toContain('ECONNREFUSED');
  });
});
