import Router from '@koa/router';
import { SCAN_PAUSED_MESSAGE, scanRequestBodySchema, type ScanProgressResponse, type ScanProgressSnapshot, type ScanRequestResponse } from '@mcp-census/schemas';
import { HttpError } from '../error-handler';
import { parseJsonBody } from '../request-body';

export interface ScanService {
  requestBatch(
    batchSize: number,
  ): Promise<{ status: 'queued'; batchId: string; siteCount: number } | { status: 'pending'; batchId: string } | { status: 'nothing-due' } | { status: 'paused' }>;
  progress(): Promise<ScanProgressSnapshot>;
}

const MESSAGES = {
  queued: 'Scan batch queued',
  pending: 'A requested scan batch is still pending',
  'nothing-due': 'No active websites to scan',
} as const;

/** Public scan progress and the Refresh Data trigger. */
export function scanRoutes(service: ScanService): Router {
  const router = new Router();
  router.get('/api/scan-progress', async (ctx) => {
    const p = await service.progress();
    const body: ScanProgressResponse = {
      scanningActive: p.scanningActive,
      totalWebsites: p.totalWebsites,
      mcpEnabledCount: p.mcpEnabledCount,
      scannedToday: p.scannedToday,
      lastScanTime: p.lastScanTime,
      ...(p.scanner ? { scanner: p.scanner } : {}),
      scanState: p.scanState,
      batchesInFlight: p.batchesInFlight,
      manualBatchesInFlight: p.manualBatchesInFlight,
      schedulerActive: p.schedulerActive,
    };
    ctx.body = body;
  });
  router.post('/api/scan', async (ctx) => {
    const { batchSize } = await parseJsonBody(ctx, scanRequestBodySchema);
    const result = await service.requestBatch(batchSize);
    // Pause stops Refresh Data too: refused, nothing queued.
    if (result.status === 'paused') throw new HttpError(409, SCAN_PAUSED_MESSAGE);
    const body: ScanRequestResponse = {
      status: result.status,
      batchId: result.status === 'nothing-due' ? null : result.batchId,
      siteCount: result.status === 'queued' ? result.siteCount : 0,
      message: MESSAGES[result.status],
    };
    ctx.status = result.status === 'nothing-due' ? 200 : 202;
    ctx.body = body;
  });
  return router;
}
