import { getRequestListener } from '@hono/node-server';
import { StreamableHTTPTransport } from '@hono/mcp';
import { FastMCP } from 'fastmcp';
import { Hono } from 'hono';
import { createMcpHandler } from 'mcp-handler';
import { InMemorySessionAdapter, McpServer as LiteServer, StreamableHttpTransport as LiteTransport } from 'mcp-lite';
import { z } from 'zod';
import { SERVER_VERSION } from './catalogue';
import { freePort, listenNode, LOOPBACK, type RunningServer } from './listen';
import { newV1Server, populateV2 } from './populate-sdk';
import type { ServerSpec } from './servers-official';

/** Serves a Hono app on loopback through @hono/node-server's request listener (how Hono runs on Node). */
export function serveHono(app: Hono): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch);
  // the listener answers a failing request itself; anything escaping it is logged, not lost
  return listenNode((req, res) => {
    listener(req, res).catch((err: unknown) => {
      console.error('hono request listener failed', err);
      res.destroy();
    });
  });
}

const silent = { debug() {}, error() {}, info() {}, log() {}, warn() {} };

/**
 * fastmcp (punkpeye) in its HTTP mode: `start({ transportType: 'httpStream' })`
 * serves Streamable HTTP at `endpoint` (default `/mcp`) and old SSE at `/sse`
 * through mcp-proxy; `stateless: true` drops sessions. fastmcp does not report
 * the port it bound, so a free one is picked first (retried if taken meanwhile).
 */
export async function startFastMcp(spec: ServerSpec, opts: { endpoint?: `/${string}`; stateless: boolean }): Promise<RunningServer> {
  const server = new FastMCP({ name: spec.name, version: SERVER_VERSION, logger: silent });
  for (const t of spec.cat.tools) {
    server.addTool({
      name: t.name,
      description: t.description,
      parameters: z.object(t.arg ? { [t.arg]: z.string() } : {}),
      ...(t.annotations ? { annotations: t.annotations } : {}),
      execute: async () => spec.counter.hit().content[0]!.text,
    });
  }
  for (const r of spec.cat.resources) {
    server.addResource({ uri: r.uri, name: r.name, description: r.description, mimeType: 'text/markdown', load: async () => ({ text: `# ${r.name}` }) });
  }
  for (const t of spec.cat.templates) {
    server.addResourceTemplate({ uriTemplate: t.uriTemplate, name: t.name, description: t.description, mimeType: 'application/json', arguments: [{ name: t.variable, required: true }], load: async () => ({ text: '{}' }) });
  }
  for (const p of spec.cat.prompts) {
    server.addPrompt({ name: p.name, description: p.description, arguments: p.args.map((a) => ({ name: a, required: true })), load: async () => p.description });
  }
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      await server.start({ transportType: 'httpStream', httpStream: { port, host: LOOPBACK, stateless: opts.stateless, ...(opts.endpoint ? { endpoint: opts.endpoint } : {}) } });
      return { port, close: () => server.stop() };
    } catch (err) {
      if (attempt >= 3 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
}

/**
 * Vercel's mcp-handler 2.x: a web-standard handler that does not look at the
 * path; its README mounts it at `app/api/mcp/route.ts`, i.e. `/api/mcp`.
 * Serves 2026-07-28 natively and falls back to stateless legacy serving.
 */
export async function startMcpHandler(spec: ServerSpec, path: string): Promise<RunningServer> {
  const handler = createMcpHandler((server) => populateV2(server, spec.cat, spec.counter), { serverInfo: { name: spec.name, version: SERVER_VERSION } });
  const app = new Hono();
  app.all(path, (c) => handler(c.req.raw));
  return serveHono(app);
}

/**
 * @hono/mcp: the README's wiring, one SDK 1.x McpServer connected once to a
 * `StreamableHTTPTransport()` without a session id generator (stateless).
 */
export async function startHonoMcp(spec: ServerSpec, path: string): Promise<RunningServer> {
  const mcpServer = newV1Server(spec.name, spec.cat, spec.counter);
  const transport = new StreamableHTTPTransport();
  const app = new Hono();
  app.all(path, async (c) => {
    if (!mcpServer.isConnected()) await mcpServer.connect(transport);
    return (await transport.handleRequest(c)) ?? c.body(null, 500);
  });
  const running = await serveHono(app);
  return { port: running.port, close: async () => { await mcpServer.close(); await running.close(); } };
}

/** mcp-lite (Fiberplane): fetch-first server; sessions when an InMemorySessionAdapter is given. */
export async function startMcpLite(spec: ServerSpec, path: string, opts: { sessions: boolean }): Promise<RunningServer> {
  const mcp = new LiteServer({ name: spec.name, version: SERVER_VERSION, schemaAdapter: (schema) => z.toJSONSchema(schema as z.ZodType) });
  for (const t of spec.cat.tools) {
    mcp.tool(t.name, {
      description: t.description,
      inputSchema: z.object(t.arg ? { [t.arg]: z.string() } : {}),
      ...(t.annotations ? { annotations: t.annotations } : {}),
      handler: () => spec.counter.hit(),
    });
  }
  for (const r of spec.cat.resources) {
    mcp.resource(r.uri, { name: r.name, description: r.description, mimeType: 'text/markdown' }, async (uri) => ({ contents: [{ uri: uri.href, type: 'text', text: `# ${r.name}` }] }));
  }
  for (const t of spec.cat.templates) {
    mcp.resource(t.uriTemplate, { name: t.name, description: t.description, mimeType: 'application/json' }, async (uri) => ({ contents: [{ uri: uri.href, type: 'text', text: '{}' }] }));
  }
  for (const p of spec.cat.prompts) {
    mcp.prompt(p.name, {
      description: p.description,
      ...(p.args.length ? { arguments: z.object(Object.fromEntries(p.args.map((a) => [a, z.string()]))) } : {}),
      handler: () => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: p.description } }] }),
    });
  }
  const transport = new LiteTransport(opts.sessions ? { sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 64 }) } : {});
  const handle = transport.bind(mcp);
  const app = new Hono();
  app.all(path, (c) => handle(c.req.raw));
  return serveHono(app);
}
