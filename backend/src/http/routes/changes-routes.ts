import Router from '@koa/router';
import type { Context } from 'koa';
import type pg from 'pg';
import type { z } from 'zod';
import {
  CHANGES_FEED_SIZE,
  changesFeedQuerySchema,
  changesQuerySchema,
  changesResponseSchema,
  type ChangesResponse,
} from '@mcp-census/schemas/api/changes';
import { HttpError, issueDetails, issueSummary } from '../error-handler';
import { renderChangesAtom } from '../../services/changes-feed-atom';
import { readChangesPage } from '../../services/changes-feed';

/** Feed readers poll; a minute's staleness is nothing for a feed and spares the database. */
const FEED_MAX_AGE_S = 60;

/**
 * The query string with `kind` allowed more than once (`?kind=a&kind=b` is
 * `?kind=a,b`); any other repeated or unknown parameter, or a bad value, is a
 * 400 naming it.
 */
function parseChangesQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (key !== 'kind') throw new HttpError(400, `Query parameter "${key}" is given more than once`);
      raw[key] = value.join(',');
    } else raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, `Invalid query parameters: ${issueSummary(parsed.error)}`, issueDetails(parsed.error));
  return parsed.data;
}

/**
 * GET /api/changes?kind=&category=&cursor=&limit= : the census-wide changes,
 * newest first, keyset paged by id. GET /feeds/changes.atom: the newest 100
 * as Atom 1.0 with the same filters. Public reads.
 */
export function changesRoutes(deps: { pool: pg.Pool; publicUrl: string; now?: () => Date }): Router {
  const now = deps.now ?? (() => new Date());
  const router = new Router();
  router.get('/api/changes', async (ctx) => {
    const q = parseChangesQuery(ctx, changesQuerySchema);
    const page = await readChangesPage(deps.pool, { kinds: q.kind, category: q.category, cursor: q.cursor, limit: q.limit });
    const body: ChangesResponse = { changes: page.changes, nextCursor: page.nextCursor };
    ctx.body = changesResponseSchema.parse(body);
  });
  router.get('/feeds/changes.atom', async (ctx) => {
    const filter = parseChangesQuery(ctx, changesFeedQuerySchema);
    const page = await readChangesPage(deps.pool, { kinds: filter.kind, category: filter.category, limit: CHANGES_FEED_SIZE });
    ctx.type = 'application/atom+xml; charset=utf-8';
    ctx.set('Cache-Control', `public, max-age=${FEED_MAX_AGE_S}`);
    ctx.body = renderChangesAtom({
      publicUrl: deps.publicUrl,
      filter,
      changes: page.changes.map((change, i) => ({ change, uid: page.uids[i] ?? '' })),
      now: now(),
    });
  });
  return router;
}
