import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorBodySchema } from '@mcp-census/schemas';

/**
 * One REST route as the OpenAPI document describes it. Catalogue files (one
 * per area) list these; document.ts assembles them. Every schema here is the
 * zod schema the route itself parses with or answers with (from schemas/), so
 * the document cannot drift from the code by being written twice.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI form: `/api/websites/{id}`. */
  path: string;
  operation: ZodOpenApiOperationObject & { operationId: string; summary: string; tags: [string] };
}

/** Tags in the order the document (and the documentation page) lists them. */
export const TAGS = [
  { name: 'public-data', description: 'Public, CORS-open reads of the census: metrics, websites, analytics, trends.' },
  { name: 'site-history', description: "A website's scan history and the definitions it names." },
  { name: 'scan', description: 'Scan progress and the Refresh Data trigger.' },
  { name: 'contribute', description: "Visitors' contributions: endpoint verification and registration, suggestions, subscriptions, opt-outs." },
  { name: 'admin', description: 'The operator: session login and the admin panel calls (session cookie required).' },
  { name: 'agent', description: 'Agent-facing discovery and the REST face of the MCP resources and tools.' },
  { name: 'system', description: 'Health, instance identity, Prometheus metrics, the report export and this document.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

/** The admin session cookie set by POST /api/admin/login (see backend/src/auth/session-cookie.ts). */
export const ADMIN_SECURITY_SCHEME = 'adminSession';
export const ADMIN_SECURITY = [{ [ADMIN_SECURITY_SCHEME]: [] }];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid parameters or body',
  401: 'Authentication required',
  403: 'Refused (cross-origin write, opted-out domain or origin not allowed)',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'Request body is not JSON',
  422: 'The request was understood but cannot be carried out',
  429: 'Too many requests; see Retry-After',
  503: 'A dependency is down',
};

/** Statuses every JSON-body write can answer (parseJsonBody, cross-origin guard, per-client write limits). */
export const WRITE_ERRORS = [400, 403, 413, 415, 429] as const;

export function json(schema: z.ZodType, description: string): ZodOpenApiResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** A non-JSON answer (HTML, CSV, text): its media type and a string body. */
export function media(mediaType: string, description: string): ZodOpenApiResponseObject {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** The `{ error, details? }` answers a route can give, by status. */
export function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const status of statuses) out[String(status) as `${4 | 5}${string}`] = json(errorBodySchema, ERROR_DESCRIPTIONS[status] ?? 'Error');
  return out;
}

/** A JSON request body, required unless the route takes an empty one. */
export function jsonBody(schema: z.ZodType, required = true): NonNullable<ZodOpenApiOperationObject['requestBody']> {
  return { required, content: { 'application/json': { schema } } };
}

export function route(method: HttpMethod, path: string, operation: RouteContract['operation']): RouteContract {
  return { method, path, operation };
}
