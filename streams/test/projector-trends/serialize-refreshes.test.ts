import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { untilSessionsWaitOnLocks } from '../../../test/support/lock-waiters';
import { waitFor } from '../../../test/support/wait-for';
import { serializeRefreshes } from '../../src/projector-trends/rollup/serialize-refreshes';

// Two trends projector replicas, each with its own pool: their daily-totals refreshes take turns.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let otherReplica: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('trends_refresh_lock');
  otherReplica = new pg.Pool({ connectionString: db.url, max: 2 });
});
afterAll(async () => {
  await otherReplica?.end();
  await db?.drop();
});

describe('serializeRefreshes', () => {
  it("runs one replica's refresh at a time, and a failed one lets the next run", async () => {
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = serializeRefreshes(db.pool)(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ends');
    });
    await waitFor('the first refresh to start', () => order.length, (n) => n === 1);
    const second = serializeRefreshes(otherReplica)(async () => {
      order.push('second runs');
      return 'second';
    });
    await untilSessionsWaitOnLocks(db.pool, 1);
    expect(order).toEqual(['first starts']);
    finishFirst();
    await first;
    await expect(second).resolves.toBe('second');
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);

    await expect(serializeRefreshes(otherReplica)(() => Promise.reject(new Error('ClickHouse went away')))).rejects.toThrow('ClickHouse went away');
    await expect(serializeRefreshes(db.pool)(async () => 'ran')).resolves.toBe('ran');
  });
});
