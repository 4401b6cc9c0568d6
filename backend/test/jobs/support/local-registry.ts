import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local registry answers for one request: a JSON value, or raw text with a status. */
export type RegistryAnswer = { json: unknown } | { status: number; body: string; contentType?: string } | { hang: true };

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>`: the REGISTRY_URL of the tests. */
  url: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: Record<string, string> }[];
  /** Answers by cursor (`''`: the first page); a cursor not in the map gets 404. */
  setPages(pages: Record<string, RegistryAnswer>): void;
  close(): Promise<void>;
}

/**
 * A registry on loopback serving `GET /v0.1/servers` in the MCP Registry
 * API's shape (modelcontextprotocol/registry, docs/reference/api/openapi.yaml).
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  let pages: Record<string, RegistryAnswer> = {};
  const requests: LocalRegistry['requests'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registry.local');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const answer = url.pathname === '/v0.1/servers' ? pages[url.searchParams.get('cursor') ?? ''] : undefined;
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    if ('hang' in answer) {
      hanging.add(res);
      return;
    }
    if ('json' in answer) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/html' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPages(next) {
      pages = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback address where nothing listens: a port that was just freed. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** One list entry in the documented ServerResponse shape. */
export function entry(name: string, remotes: unknown[], extra: { title?: string; meta?: Record<string, unknown>; status?: string } = {}): unknown {
  return {
    server: {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name,
      description: `The ${name} server`,
      version: '1.0.0',
      ...(extra.title ? { title: extra.title } : {}),
      remotes,
      ...(extra.meta ? { _meta: extra.meta } : {}),
    },
    _meta: {
      'io.modelcontextprotocol.registry/official': {
        status: extra.status ?? 'active',
        publishedAt: '2026-10-01T10:00:00Z',
        updatedAt: '2026-10-01T10:00:00Z',
        isLatest: true,
      },
    },
  };
}

export const remote = (url: string, type = 'streamable-http'): unknown => ({ type, url });

/** A page: `{ servers, metadata: { nextCursor?, count } }`. */
export function page(servers: unknown[], nextCursor?: string): { json: unknown } {
  return { json: { servers, metadata: { ...(nextCursor ? { nextCursor } : {}), count: servers.length } } };
}
