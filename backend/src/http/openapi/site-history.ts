import { noQuerySchema } from '@mcp-census/schemas';
import { definitionBodyResponseSchema, definitionHashSchema, siteHistoryQuerySchema, siteHistoryResponseSchema } from '@mcp-census/schemas/api/site-history';
import { errors, json, route, type RouteContract } from './contract';
import { websiteIdPath } from './public-data';

/** backend/src/http/routes/site-history-routes.ts */
export const SITE_HISTORY_ROUTES: RouteContract[] = [
  route('get', '/api/websites/{id}/history', {
    operationId: 'getWebsiteHistory',
    summary: "A website's scans, newest first, each with its changes since the previous scan",
    tags: ['site-history'],
    requestParams: { path: websiteIdPath, query: siteHistoryQuerySchema },
    responses: { '200': json(siteHistoryResponseSchema, 'One page of the history'), ...errors(400, 404) },
  }),
  route('get', '/api/websites/{id}/definitions/{hash}', {
    operationId: 'getWebsiteDefinition',
    summary: "A tool, resource or prompt definition named in a website's history",
    tags: ['site-history'],
    requestParams: { path: websiteIdPath.extend({ hash: definitionHashSchema.describe('sha256 of the definition, 64 lower-case hex digits') }), query: noQuerySchema },
    responses: { '200': json(definitionBodyResponseSchema, 'The definition'), ...errors(400, 404) },
  }),
];
