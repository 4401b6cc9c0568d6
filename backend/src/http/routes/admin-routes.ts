import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type pg from 'pg';
import { emptyBodySchema as emptyBody, reportIdParamSchema, type AdminStatus, type ReportDeletionResponse, type ScanControlResponse } from '@mcp-census/schemas';
import { setScanningPaused } from '@mcp-census/streams';
import { scheduleReportDeletion } from '../../services/report-deletions';
import type { ScanStateFeed } from '../../services/scan-state-feed';
import { parseParam } from '../query-params';
import { parseJsonBody } from '../request-body';

/** The operator's calls; every one passes `requireAdmin` first (401 without a session). */
export function adminRoutes(deps: {
  pool: pg.Pool;
  requireAdmin: Middleware;
  readStatus: () => Promise<AdminStatus>;
  /** Told after Pause and Resume, so the sockets push the new scanner state at once. */
  scanState?: Pick<ScanStateFeed, 'changed'>;
  now?: () => Date;
}): Router {
  const now = deps.now ?? (() => new Date());
  const router = new Router();
  router.get('/api/admin/status', deps.requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.readStatus();
  });
  const control = (paused: boolean) => async (ctx: Context) => {
    await parseJsonBody(ctx, emptyBody);
    await setScanningPaused(deps.pool, paused, now());
    deps.scanState?.changed();
    const body: ScanControlResponse = { paused, message: paused ? 'Scanning paused' : 'Scanning resumed' };
    ctx.body = body;
  };
  router.post('/api/scan/pause', deps.requireAdmin, control(true));
  router.post('/api/scan/resume', deps.requireAdmin, control(false));
  router.delete('/api/scan-reports/:id', deps.requireAdmin, async (ctx) => {
    const id = parseParam(ctx.params.id, reportIdParamSchema, 'Report id must be a positive whole number');
    const { scheduledDate } = await scheduleReportDeletion(deps.pool, id, now());
    const body: ReportDeletionResponse = { id, scheduledDate, message: `Scan report #${id} has been scheduled for deletion on ${scheduledDate}` };
    ctx.body = body;
  });
  return router;
}
