import Router from '@koa/router';
import { OPEN_DATA_MEDIA_TYPES, noQuerySchema, openDataFileParamSchema, openDataQuerySchema } from '@mcp-census/schemas';
import { encodeCsv } from '../../services/open-data/csv-encoder';
import { openDataIndex } from '../../services/open-data/data-index';
import { datasetColumns, datasetRows, type OpenDataSources } from '../../services/open-data/datasets';
import { encodeParquet } from '../../services/open-data/parquet-encoder';
import { primeRows } from '../../services/open-data/prime-rows';
import { parseParam, parseQuery } from '../query-params';

/**
 * Open data: GET /api/data (the dictionary) and
 * GET /api/data/<dataset>.<csv|parquet>[?category=] (streamed downloads).
 */
export function openDataRoutes(deps: OpenDataSources & { onStreamError?: (err: unknown) => void }): Router {
  const router = new Router();
  const index = openDataIndex();
  router.get('/api/data', (ctx) => {
    parseQuery(ctx, noQuerySchema);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = index;
  });
  router.get('/api/data/:file', async (ctx) => {
    const { dataset, format } = parseParam(ctx.params.file, openDataFileParamSchema, `Unknown download; one of ${index.datasets.flatMap((d) => d.downloads.map((x) => x.url)).join(', ')}`);
    const q = parseQuery(ctx, openDataQuerySchema);
    // the client going away (or the response ending) stops the query
    const abort = new AbortController();
    ctx.res.once('close', () => abort.abort());
    const columns = datasetColumns(dataset);
    const rows = await primeRows(datasetRows(dataset, deps, q, abort.signal));
    const body = format === 'csv' ? encodeCsv(rows, columns.map((c) => c.name)) : encodeParquet(rows, columns);
    // a failure after the headers can only cut the download short; report it unless the client left first
    body.on('error', (err) => {
      if (!abort.signal.aborted) deps.onStreamError?.(err);
    });
    const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const suffix = q.category ? `-${q.category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : '';
    ctx.type = OPEN_DATA_MEDIA_TYPES[format];
    ctx.set('Content-Disposition', `attachment; filename="mcp-census-${dataset}${suffix}-${day}.${format}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = body;
  });
  return router;
}
