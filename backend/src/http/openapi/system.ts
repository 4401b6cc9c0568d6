import {
  healthResponseSchema,
  instanceInfoSchema,
  openApiDocumentSchema,
  scanProgressResponseSchema,
  scanRequestBodySchema,
  scanRequestResponseSchema,
} from '@mcp-census/schemas';
import { errors, json, jsonBody, media, route, WRITE_ERRORS, type RouteContract } from './contract';

/** Routes mounted by createApp (health, metrics, instance, scan) and the export and document routes. */
export const SYSTEM_ROUTES: RouteContract[] = [
  route('get', '/healthz', {
    operationId: 'getHealth',
    summary: 'Health of the process and its dependencies',
    tags: ['system'],
    responses: { '200': json(healthResponseSchema, 'Every dependency answers'), '503': json(healthResponseSchema, 'A dependency is down or no scanner is online') },
  }),
  route('get', '/metrics', {
    operationId: 'getPrometheusMetrics',
    summary: 'Prometheus metrics (text exposition format)',
    tags: ['system'],
    // Open unless METRICS_TOKEN is set; then the token as a bearer token.
    security: [{}, { metricsToken: [] }],
    responses: { '200': media('text/plain', 'The metrics'), ...errors(401) },
  }),
  route('get', '/api/instance', {
    operationId: 'getInstance',
    summary: 'Product identity and whether the data comes from a simulated web',
    tags: ['system'],
    responses: { '200': json(instanceInfoSchema, 'The instance') },
  }),
  route('get', '/api/scan-progress', {
    operationId: 'getScanProgress',
    summary: 'Public scan progress and scanner state',
    tags: ['scan'],
    responses: { '200': json(scanProgressResponseSchema, 'The progress') },
  }),
  route('post', '/api/scan', {
    operationId: 'requestScan',
    summary: 'Refresh Data: queue a scan batch of the sites most due',
    tags: ['scan'],
    requestBody: jsonBody(scanRequestBodySchema, false),
    responses: {
      '200': json(scanRequestResponseSchema, 'Nothing is due; nothing queued'),
      '202': json(scanRequestResponseSchema, 'Queued, or a requested batch is still pending'),
      ...errors(...WRITE_ERRORS, 409),
    },
  }),
  route('get', '/api/export/pdf', {
    operationId: 'exportReport',
    summary: 'The adoption report as a printable HTML download (the path is historical)',
    tags: ['system'],
    responses: { '200': media('text/html', 'The report, as an attachment') },
  }),
  route('get', '/api/openapi.json', {
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tags: ['system'],
    responses: { '200': json(openApiDocumentSchema, 'The document') },
  }),
];
