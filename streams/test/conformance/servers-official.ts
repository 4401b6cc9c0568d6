import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { CallCounter, Catalogue } from './catalogue';
import { listenNode, LOOPBACK, notFound, pathOf, readJson, sendJson, tracked, type RunningServer } from './listen';
import { newV1Server, newV2Server } from './populate-sdk';

/**
 * Servers built on the official TypeScript SDKs, wired the way their own
 * READMEs and examples wire them.
 */
export interface ServerSpec {
  /** serverInfo.name */
  name: string;
  cat: Catalogue;
  counter: CallCounter;
}

/** SDK 2.x `createMcpHandler` + `toNodeHandler` at `path`: 2026-07-28 stateless with the stateless legacy fallback. */
export async function startSdk2Handler(spec: ServerSpec, path: string): Promise<RunningServer> {
  const handler = createMcpHandler(() => newV2Server(spec.name, spec.cat, spec.counter));
  const node = toNodeHandler(handler);
  const running = await listenNode((req, res) => {
    if (pathOf(req) !== path) return notFound(res);
    void node(req, res);
  });
  return { port: running.port, close: async () => { await handler.close(); await running.close(); } };
}

interface SessionTransport {
  sessionId?: string | undefined;
  handleRequest(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
  close(): Promise<void>;
}

/** Stateful legacy Streamable HTTP (Mcp-Session-Id), the SDK README's session-table pattern. */
async function startSessions(path: string, open: (onInit: (id: string, t: SessionTransport) => void) => Promise<SessionTransport>): Promise<RunningServer> {
  const sessions = new Map<string, SessionTransport>();
  const running = await listenNode((req, res) => {
    void (async () => {
      if (pathOf(req) !== path) return notFound(res);
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const sid = req.headers['mcp-session-id'];
      const id = Array.isArray(sid) ? sid[0] : sid;
      const existing = id ? sessions.get(id) : undefined;
      if (existing) return existing.handleRequest(req, res, body);
      if (id) return sendJson(res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
      const isInit = typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
      if (req.method !== 'POST' || !isInit) return sendJson(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      const transport = await open((newId, t) => sessions.set(newId, t));
      await transport.handleRequest(req, res, body);
    })();
  });
  return {
    port: running.port,
    close: async () => {
      for (const t of sessions.values()) await t.close();
      await running.close();
    },
  };
}

/** SDK 1.x McpServer + StreamableHTTPServerTransport with sessions at `path`. */
export function startSdk1Stateful(spec: ServerSpec, path: string): Promise<RunningServer> {
  return startSessions(path, async (onInit) => {
    const server = newV1Server(spec.name, spec.cat, spec.counter);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => onInit(id, transport) });
    await server.connect(transport);
    return transport;
  });
}

/** SDK 2.x McpServer on NodeStreamableHTTPServerTransport with sessions (legacy only, no createMcpHandler). */
export function startSdk2Stateful(spec: ServerSpec, path: string): Promise<RunningServer> {
  return startSessions(path, async (onInit) => {
    const server = newV2Server(spec.name, spec.cat, spec.counter);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => onInit(id, transport) });
    await server.connect(transport);
    return transport;
  });
}

/** SDK 1.x old HTTP+SSE only: GET /sse opens the stream, POST /messages?sessionId=… carries requests. */
export async function startSdk1SseOnly(spec: ServerSpec): Promise<RunningServer> {
  const transports = new Map<string, SSEServerTransport>();
  const running = await listenNode((req, res) => {
    void (async () => {
      const path = pathOf(req);
      if (req.method === 'GET' && path === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        const server = newV1Server(spec.name, spec.cat, spec.counter);
        transports.set(transport.sessionId, transport);
        res.on('close', () => {
          transports.delete(transport.sessionId);
          void server.close();
        });
        await server.connect(transport);
        return;
      }
      if (req.method === 'POST' && path === '/messages') {
        const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
        const transport = transports.get(id);
        if (!transport) return sendJson(res, 404, { error: 'Session not found' });
        return transport.handlePostMessage(req, res, await readJson(req));
      }
      notFound(res);
    })();
  });
  return {
    port: running.port,
    close: async () => {
      for (const t of transports.values()) await t.close();
      await running.close();
    },
  };
}

/**
 * SDK 1.x `createMcpExpressApp()` with its defaults: bound to 127.0.0.1, it
 * installs the DNS-rebinding Host check (localhost, 127.0.0.1, [::1] only),
 * so any request naming the site's real host is answered 403 on every path.
 * Stateless Streamable HTTP at `/mcp` behind it.
 */
export async function startSdk1HostChecked(spec: ServerSpec): Promise<RunningServer> {
  const app = createMcpExpressApp();
  app.post('/mcp', (req, res) => {
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
  const http = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(0, LOOPBACK, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const close = tracked(http);
  return { port: (http.address() as AddressInfo).port, close };
}
