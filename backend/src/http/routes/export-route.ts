import Router from '@koa/router';
import { loadAdoptionReportData } from '../../services/adoption-report-data';
import { renderAdoptionReport } from '../../services/adoption-report-html';
import type { PublicData } from '../../services/public-data';

/** Sites listed in the report: the first 100 MCP-enabled ones by name. */
const REPORT_SITES = 100;

/**
 * GET /api/export/pdf: the HTML report as an attachment named with the UTC
 * date (the path is the spec's; the content is HTML, printable to PDF from
 * the browser thanks to its print stylesheet).
 */
export function exportRoutes(data: PublicData, publicUrl: string, now: () => Date = () => new Date()): Router {
  const router = new Router();
  router.get('/api/export/pdf', async (ctx) => {
    const generatedAt = now();
    const report = await loadAdoptionReportData(data, { days: 30, generatedAt, publicUrl, mcpSites: REPORT_SITES });
    const day = generatedAt.toISOString().slice(0, 10);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="mcp-adoption-report-${day}.html"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderAdoptionReport(report, { medium: 'download' });
  });
  return router;
}
