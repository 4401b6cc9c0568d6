import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler as createSdkHandler } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { createMcpHandler, protectedResourceHandler, withMcpAuth } from 'mcp-handler';
import { SERVER_VERSION } from './catalogue';
import { listenNode, LOOPBACK, notFound, pathOf, tracked, type RunningServer } from './listen';
import { newV1Server, newV2Server, populateV2 } from './populate-sdk';
import type { ServerSpec } from './servers-official';
import { serveHono } from './servers-vendors';

/** The only token the corpus servers accept; the prober never has it. */
export const CORPUS_TOKEN = 'corpus-secret-token';
/** The authorization server the RFC 9728 document names (never contacted). */
export const AUTH_SERVER = 'https://auth.conformance.example';

/**
 * SDK 2.x handler behind a hand-written API-key check: `401` with no
 * `WWW-Authenticate` header and no protected-resource metadata anywhere.
 * Only `path` is guarded; every other path is a plain 404.
 */
export async function startBare401(spec: ServerSpec, path: string): Promise<RunningServer> {
  const handler = createSdkHandler(() => newV2Server(spec.name, spec.cat, spec.counter));
  const node = toNodeHandler(handler);
  const running = await listenNode((req, res) => {
    if (pathOf(req) !== path) return notFound(res);
    if (req.headers.authorization !== `Bearer ${CORPUS_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    void node(req, res);
  });
  return { port: running.port, close: async () => { await handler.close(); await running.close(); } };
}

/**
 * SDK 1.x express app with the SDK's own `requireBearerAuth` middleware and no
 * `resourceMetadataUrl`: `401` with `WWW-Authenticate: Bearer
 * error="invalid_token", error_description=...` and no metadata document.
 * `allowedHosts` names the site so its Host check lets the scanner through.
 */
export async function startInvalidToken(spec: ServerSpec, path: string, hostname: string): Promise<RunningServer> {
  const app = createMcpExpressApp({ allowedHosts: [hostname] });
  const verifier = {
    verifyAccessToken: async (token: string) => {
      if (token !== CORPUS_TOKEN) throw new InvalidTokenError('Invalid token');
      return { token, clientId: 'corpus', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    },
  };
  app.post(path, requireBearerAuth({ verifier }), (req, res) => {
    void (async () => {
      const server = newV1Server(spec.name, spec.cat, spec.counter);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    })();
  });
  const http = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, LOOPBACK, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const close = tracked(http);
  return { port: (http.address() as AddressInfo).port, close };
}

/**
 * Vercel mcp-handler with `withMcpAuth(..., { required: true })` and the
 * package's `protectedResourceHandler` at its default
 * `/.well-known/oauth-protected-resource`: `401` with
 * `WWW-Authenticate: Bearer ..., resource_metadata="<origin>/.well-known/oauth-protected-resource"`.
 */
export async function startOAuthProtected(spec: ServerSpec, path: string): Promise<RunningServer> {
  const handler = createMcpHandler((server) => populateV2(server, spec.cat, spec.counter), { serverInfo: { name: spec.name, version: SERVER_VERSION } });
  const guarded = withMcpAuth(handler, (_req, token) => (token === CORPUS_TOKEN ? { token, clientId: 'corpus', scopes: ['mcp'] } : undefined), { required: true });
  const metadata = protectedResourceHandler({ authServerUrls: [AUTH_SERVER] });
  const app = new Hono();
  app.all(path, (c) => guarded(c.req.raw));
  app.get('/.well-known/oauth-protected-resource', (c) => metadata(c.req.raw));
  return serveHono(app);
}
