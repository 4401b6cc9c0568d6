import Router from '@koa/router';
import type { Context } from 'koa';
import type pg from 'pg';
import { PRODUCT_NAME } from '@mcp-census/schemas';
import { verifyUnsubscribeToken } from '../../jobs/unsubscribe-token';
import { escapeHtml as e } from '../../services/html-escape';
import { deactivateSubscription } from '../../services/subscriptions';

/** A small self-contained page: no scripts, every value escaped. */
function page(ctx: Context, status: number, heading: string, message: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(`${PRODUCT_NAME}: ${heading}`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111;line-height:1.5}</style>
</head><body><main>
<h1>${e(heading)}</h1>
<p>${e(message)}</p>
<p><a href="/">Back to ${e(PRODUCT_NAME)}</a></p>
</main></body></html>
`;
}

/**
 * GET /api/unsubscribe?token=...: the signed link in every report mail sets
 * the subscription inactive and answers a confirmation page. A bad token is
 * a 400 page and changes nothing. HEAD (link scanners) never unsubscribes.
 */
export function unsubscribeRoutes(deps: { pool: pg.Pool; unsubscribeSecret: string }): Router {
  const router = new Router();
  router.get('/api/unsubscribe', async (ctx) => {
    const id = verifyUnsubscribeToken(deps.unsubscribeSecret, ctx.query.token);
    if (id === undefined) {
      page(ctx, 400, 'This unsubscribe link is not valid', 'The link is incomplete or has been altered, so nothing was changed. Use the link from your latest report e-mail.');
      return;
    }
    if (ctx.method === 'HEAD') {
      page(ctx, 200, 'Unsubscribe', 'Open this link to stop the MCP adoption reports.');
      return;
    }
    const result = await deactivateSubscription(deps.pool, id);
    if (result.outcome === 'not-found') {
      page(ctx, 400, 'This unsubscribe link has expired', 'The subscription it belongs to no longer exists, so nothing was changed.');
    } else if (result.outcome === 'already-inactive') {
      page(ctx, 200, 'You are already unsubscribed', `${result.email} receives no MCP adoption reports. You can subscribe again at any time on the Subscribe page.`);
    } else {
      page(ctx, 200, 'You are unsubscribed', `${result.email} will receive no more MCP adoption reports. You can subscribe again at any time on the Subscribe page.`);
    }
  });
  return router;
}
