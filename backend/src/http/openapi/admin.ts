import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminSessionResponseSchema,
  adminStatusSchema,
  emptyBodySchema,
  optOutDecisionResponseSchema,
  optOutIdParamSchema,
  optOutListResponseSchema,
  reportDeletionResponseSchema,
  reportIdParamSchema,
  scanControlResponseSchema,
} from '@mcp-census/schemas';
import { ADMIN_SECURITY, errors, json, jsonBody, route, WRITE_ERRORS, type RouteContract } from './contract';

/** backend/src/auth/admin-auth-routes.ts, http/routes/admin-routes.ts, admin-opt-out-routes.ts */
const adminWrite = (path: string, operationId: string, summary: string, schema: z.ZodType, extra: number[], pathParams?: z.ZodObject): RouteContract =>
  route('post', path, {
    operationId,
    summary,
    tags: ['admin'],
    security: ADMIN_SECURITY,
    ...(pathParams ? { requestParams: { path: pathParams } } : {}),
    // An empty body or `{}`: the call takes no parameters.
    requestBody: jsonBody(emptyBodySchema, false),
    responses: { '200': json(schema, summary), ...errors(...WRITE_ERRORS, 401, ...extra) },
  });

const optOutIdPath = z.object({ id: optOutIdParamSchema.describe('Opt-out request id') });

export const ADMIN_ROUTES: RouteContract[] = [
  route('post', '/api/admin/login', {
    operationId: 'adminLogin',
    summary: 'Log in; sets the session cookie',
    tags: ['admin'],
    requestBody: jsonBody(adminLoginRequestSchema),
    responses: { '200': json(adminSessionResponseSchema, 'Logged in; Set-Cookie carries the session'), ...errors(...WRITE_ERRORS, 401) },
  }),
  route('post', '/api/admin/logout', {
    operationId: 'adminLogout',
    summary: 'End the session and clear its cookie',
    tags: ['admin'],
    responses: { '200': json(adminSessionResponseSchema, 'Logged out'), ...errors(403, 429) },
  }),
  route('get', '/api/admin/session', {
    operationId: 'getAdminSession',
    summary: 'Whether the session cookie belongs to a live session',
    tags: ['admin'],
    responses: { '200': json(adminSessionResponseSchema, 'The session state') },
  }),
  route('get', '/api/admin/status', {
    operationId: 'getAdminStatus',
    summary: 'System status, scan progress, logs, history, subscriptions and recent scans',
    tags: ['admin'],
    security: ADMIN_SECURITY,
    responses: { '200': json(adminStatusSchema, 'The admin panel state'), ...errors(401) },
  }),
  adminWrite('/api/scan/pause', 'pauseScanning', 'Pause scanning', scanControlResponseSchema, []),
  adminWrite('/api/scan/resume', 'resumeScanning', 'Resume scanning', scanControlResponseSchema, []),
  route('delete', '/api/scan-reports/{id}', {
    operationId: 'deleteScanReport',
    summary: 'Schedule a scan report for deletion (tomorrow)',
    tags: ['admin'],
    security: ADMIN_SECURITY,
    requestParams: { path: z.object({ id: reportIdParamSchema.describe('Scan report id') }) },
    responses: { '200': json(reportDeletionResponseSchema, 'Scheduled'), ...errors(400, 401, 403, 404, 429) },
  }),
  route('get', '/api/admin/opt-outs', {
    operationId: 'listOptOuts',
    summary: 'Opt-out requests, pending first',
    tags: ['admin'],
    security: ADMIN_SECURITY,
    responses: { '200': json(optOutListResponseSchema, 'The requests'), ...errors(401) },
  }),
  adminWrite('/api/admin/opt-outs/{id}/approve', 'approveOptOut', 'Approve an opt-out request', optOutDecisionResponseSchema, [404, 409], optOutIdPath),
  adminWrite('/api/admin/opt-outs/{id}/reject', 'rejectOptOut', 'Reject an opt-out request', optOutDecisionResponseSchema, [404, 409], optOutIdPath),
];
