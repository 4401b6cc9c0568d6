import { optOutDecisionResponseSchema, optOutListResponseSchema, optOutResponseSchema, type OptOutRequestBody } from '@mcp-census/schemas/api/opt-out';
import { apiJson } from './api-client';

/** A site owner's opt-out request (202: stored for review). */
export const requestOptOut = (body: OptOutRequestBody) => apiJson('/api/opt-out', optOutResponseSchema, { method: 'POST', body });

/** The admin's review of opt-out requests; the server checks the session on every call. */
export const fetchOptOuts = (signal?: AbortSignal) => apiJson('/api/admin/opt-outs', optOutListResponseSchema, { signal });
export const decideOptOut = (id: number, decision: 'approve' | 'reject') =>
  apiJson(`/api/admin/opt-outs/${id}/${decision}`, optOutDecisionResponseSchema, { method: 'POST' });
