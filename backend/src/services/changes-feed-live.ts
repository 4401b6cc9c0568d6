import type pg from 'pg';
import type { Change } from '@mcp-census/schemas/api/changes';
import { latestChangeId, listChanges } from '../queries/list-changes';
import { toChange } from './changes-feed';

/** What `/live` reads to push new changes (realtime/live-changes.ts). */
export interface LiveChangesSource {
  /** The newest change id now (0: none yet). */
  latestId(): Promise<number>;
  /** Changes with an id above `afterId`, newest first, at most `limit`. */
  since(afterId: number, limit: number): Promise<Change[]>;
}

export function liveChangesSource(pool: pg.Pool): LiveChangesSource {
  return {
    latestId: () => latestChangeId(pool),
    since: async (afterId, limit) => (await listChanges(pool, { afterId, limit })).map(toChange),
  };
}
