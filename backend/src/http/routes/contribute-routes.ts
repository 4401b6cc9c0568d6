import Router from '@koa/router';
import type pg from 'pg';
import { registrationBodySchema, subscriptionBodySchema, suggestionBodySchema, verifyEndpointBodySchema } from '@mcp-census/schemas';
import { registerEndpoint } from '../../services/endpoint-registrations';
import type { OneUrlScanner } from '../../services/one-url-scan';
import { storeSuggestion } from '../../services/scanning-suggestions';
import { subscribe } from '../../services/subscriptions';
import { parseJsonBody } from '../request-body';

/** Visitors' POSTs: endpoint verification and registration, suggestions, subscriptions. */
export function contributeRoutes(deps: { pool: pg.Pool; scanner: OneUrlScanner }): Router {
  const router = new Router();
  router.post('/api/verify-mcp-endpoint', async (ctx) => {
    const { endpoint } = await parseJsonBody(ctx, verifyEndpointBodySchema);
    ctx.body = await deps.scanner.verifyEndpoint(endpoint);
  });
  router.post('/api/register-mcp-endpoint', async (ctx) => {
    const body = await parseJsonBody(ctx, registrationBodySchema);
    const outcome = await registerEndpoint(deps.pool, (url) => deps.scanner.verifyEndpoint(url), body);
    ctx.status = 201;
    ctx.body = { id: outcome.id, status: 'verified', websiteId: outcome.websiteId, message: 'Endpoint verified and registered; the site will be scanned shortly.' };
  });
  router.post('/api/suggest-scanning-method', async (ctx) => {
    const id = await storeSuggestion(deps.pool, await parseJsonBody(ctx, suggestionBodySchema));
    ctx.status = 201;
    ctx.body = { id, message: 'Suggestion received; thank you.' };
  });
  router.post('/api/subscribe', async (ctx) => {
    const s = await subscribe(deps.pool, await parseJsonBody(ctx, subscriptionBodySchema));
    ctx.status = s.created ? 201 : 200;
    ctx.body = { id: s.id, email: s.email, frequency: s.frequency, created: s.created, message: s.created ? 'Subscribed.' : 'Subscription updated.' };
  });
  return router;
}
