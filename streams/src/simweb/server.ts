import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { acceptsCard, catalog, corsHeaders, robotsFor, serverCard } from './good-citizen';
import { createV2Handler, serveV1Stateless, V1SessionManager, V1SseManager, type McpCounters } from './mcp-servers';
import { SiteModes } from './site-modes';
import { generateSites, type ProfileName, type SimSite } from './sites';
import { createStatsBuffer, SimStats } from './stats';


export interface SimServerOptions {
  sites: number;
  seed?: number;
  latencyMs?: [number, number];
  profiles?: Partial<Record<ProfileName, number>>;
  assign?: readonly ProfileName[];
  host?: string;
  port?: number;
  slowMs?: number;
  oversizedBytes?: number;
  /** Where the counters live (shared with the main thread when serving from a worker). */
  statsBuffer?: SharedArrayBuffer;
}

/** The server side of the simulated web (runs in a worker thread or in-process). */
export interface SimServer {
  port: number;
  sites: SimSite[];
  stats: SimStats;
  /** Test controls: per-site modes and a network outage (site-modes.ts). */
  modes: SiteModes;
  stop(): Promise<void>;
}

const HTML_404 = '<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';

function html(site: SimSite): string {
  return `<!doctype html><html><head><title>${site.name}</title></head><body><h1>${site.name}</h1><p>${site.category} website.</p></body></html>`;
}

/**
 * One loopback HTTP server hosting N virtual sites by Host header. Sites
 * with an `mcp.` subdomain profile also answer on `mcp.<host>`.
 */
export async function startSimServer(opts: SimServerOptions): Promise<SimServer> {
  const [minLat, maxLat] = opts.latencyMs ?? [0, 0];
  const slowMs = opts.slowMs ?? 8_000;
  const oversizedBytes = opts.oversizedBytes ?? 2 * 1024 * 1024;
  const stats = new SimStats(opts.statsBuffer ?? createStatsBuffer());
  const modes = new SiteModes();
  const counters: McpCounters = { toolRun: () => stats.toolRun() };
  const inFlight = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const byHost = new Map<string, { site: SimSite; sub: boolean }>();
  const sessions = new V1SessionManager(counters);
  const sse = new V1SseManager(counters);
  const v2 = createV2Handler((host) => byHost.get(host)?.site, counters);
  const chunk = Buffer.alloc(64 * 1024, 0x20);

  function later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  }

  function countMethods(body: unknown): void {
    for (const m of Array.isArray(body) ? body : [body]) {
      const method = typeof m === 'object' && m !== null ? (m as { method?: unknown }).method : undefined;
      if (typeof method === 'string') stats.method(method);
    }
  }

  const server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    const hostHeader = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (modes.intercept(hostHeader, req, res)) return;
    stats.request(req.headers['user-agent'] ?? '');
    const n = (inFlight.get(hostHeader) ?? 0) + 1;
    inFlight.set(hostHeader, n);
    stats.inFlight(n, inFlight.size);
    let released = false;
    const socket = req.socket;
    const release = () => {
      if (released) return;
      released = true;
      socket.off('end', release);
      socket.off('error', release);
      const left = (inFlight.get(hostHeader) ?? 1) - 1;
      if (left <= 0) inFlight.delete(hostHeader);
      else inFlight.set(hostHeader, left);
    };
    // 'finish' (the last byte handed to the socket) comes before the client can see the end, so a
    // client's next request never finds this one still counted. A client that abandons a request
    // closes its connection before sending the next one; the socket's 'end' or 'error' runs before
    // the server reads anything that arrived after it, whereas 'close' waits for the loop's close
    // phase and would count both at once on a busy server.
    res.on('finish', release);
    res.on('close', release);
    socket.once('end', release);
    socket.once('error', release);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1024 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      let body: unknown;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        countMethods(body);
      }
      const delay = maxLat > 0 ? minLat + Math.random() * (maxLat - minLat) : 0;
      const go = () => {
        if (res.destroyed) return;
        route(hostHeader, req, res, body).catch(() => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
          else res.destroy();
        });
      };
      if (delay > 0) later(delay, go);
      else go();
    });
  });
  server.on('connection', (s: Socket) => {
    stats.connection();
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const send = (res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra }).end(body);
  };
  const json = (res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) => send(res, status, 'application/json', JSON.stringify(value), extra);
  const notFound = (res: ServerResponse) => send(res, 404, 'text/html; charset=utf-8', HTML_404);

  async function route(host: string, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const entry = byHost.get(host);
    if (!entry) return send(res, 421, 'text/plain', 'Misdirected Request');
    const { site, sub } = entry;
    const path = (req.url ?? '/').split('?')[0]!;
    const base = `http://${host}:${port}`;
    if (sub) {
      // mcp.<host>: the MCP server lives at /mcp.
      if (path === '/mcp') {
        if (site.variant === 'modern') return v2.node(req, res, body);
        return serveV1Stateless(site, req, res, body, counters, { json: true });
      }
      return notFound(res);
    }
    // A whole host behind a login: every path, the home page included, answers 401.
    if (site.profile === 'site-wide-401') return json(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer realm="intranet"' });
    if (path === '/robots.txt') {
      const robots = robotsFor(site);
      return robots ? send(res, robots.status, 'text/plain; charset=utf-8', robots.body) : notFound(res);
    }
    if (path === '/' && req.method === 'GET') return send(res, 200, 'text/html; charset=utf-8', html(site));
    switch (site.profile) {
      case 'no-mcp':
      case 'mcp-subdomain':
        return notFound(res);
      case 'discovery-only':
        if (path === '/.well-known/mcp.json') return json(res, 200, { version: '1.0', capabilities: { tools: true, resources: false, prompts: false }, serverInfo: { name: site.name, version: '1.0.0' }, endpoint: site.endpoint });
        return notFound(res);
      case 'legacy-streamable': {
        const mcpPath = site.variant === 'well-known' ? '/v1/mcp' : '/mcp';
        if (site.variant === 'well-known' && path === '/.well-known/mcp.json') return json(res, 200, { version: '1.0', serverInfo: { name: site.name, version: '1.4.2' }, endpoint: `${base}/v1/mcp`, transport: 'streamable-http' });
        if (path !== mcpPath) return notFound(res);
        if (site.variant === 'session-sse') return sessions.handle(site, req, res, body);
        return serveV1Stateless(site, req, res, body, counters, { json: site.variant === 'stateless-json' });
      }
      case 'stateless-2026':
      case 'poisoned-tools': {
        // The ai-catalog variant serves on a path only its catalog names; its /.well-known/mcp.json
        // (the product's own format: no endpoint) is the hint that makes the prober look deeper.
        const mcpPath = site.variant === 'ai-catalog' ? '/mcp-v2' : '/mcp';
        const card = { name: `com.simweb/${site.name}`, version: '2.0.0', description: `${site.name} MCP server`, remotes: [{ type: 'streamable-http', url: `${base}${mcpPath}`, supportedProtocolVersions: ['2026-07-28', '2025-11-25'] }] };
        if (site.variant === 'server-card' && path === '/.well-known/mcp/server-card.json') return json(res, 200, card);
        if (site.variant === 'ai-catalog') {
          if (path === '/.well-known/mcp.json') return json(res, 200, { version: '1.0', capabilities: { resources: true, tools: true, prompts: true }, serverInfo: { name: site.name, version: '2.0.0' } });
          if (path === '/.well-known/ai-catalog.json') return json(res, 200, { entries: [{ type: 'application/mcp-server-card+json', url: `${base}/mcp-v2/server-card` }] });
          if (path === '/mcp-v2/server-card') return json(res, 200, card);
        }
        if (path === mcpPath) return v2.node(req, res, body);
        return notFound(res);
      }
      case 'old-sse':
        if (path === '/sse' && req.method === 'GET') return sse.open(site, res);
        if (path === '/messages' && req.method === 'POST') return sse.post(req, res, body);
        return notFound(res);
      case 'auth-wall': {
        const prm = { resource: `${base}/mcp`, authorization_servers: [`https://auth.${site.host}`], scopes_supported: ['mcp:read'], bearer_methods_supported: ['header'] };
        if (path === '/.well-known/oauth-protected-resource/mcp' || path === '/.well-known/oauth-protected-resource') return json(res, 200, prm);
        if (path === '/mcp') {
          const challenge = site.variant === 'header' ? `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="mcp:read"` : 'Bearer realm="mcp"';
          return json(res, 401, { error: 'invalid_token', error_description: 'Missing bearer token' }, { 'www-authenticate': challenge });
        }
        return notFound(res);
      }
      case 'http-not-mcp':
        if (path !== '/mcp') return notFound(res);
        if (site.variant === 'json') return json(res, 200, { status: 'ok', service: site.name, docs: `${base}/docs` });
        return send(res, 200, 'text/html; charset=utf-8', `<!doctype html><html><body><h1>MCP</h1><p>Coming soon at ${site.name}.</p></body></html>`);
      case 'malformed-json':
        if (path !== '/mcp') return notFound(res);
        return send(res, 200, 'application/json', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{');
      case 'slow': {
        if (path !== '/mcp') return notFound(res);
        const t = later(slowMs, () => json(res, 200, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'too late' } }));
        res.on('close', () => {
          clearTimeout(t);
          timers.delete(t);
        });
        return;
      }
      case 'oversized': {
        if (path !== '/mcp') return notFound(res);
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (site.variant === 'content-length') headers['content-length'] = String(oversizedBytes);
        res.writeHead(200, headers);
        res.write('{"jsonrpc":"2.0","id":1,"result":{"padding":"');
        let sent = 0;
        const target = oversizedBytes - 64;
        const pump = () => {
          while (sent < target && !res.destroyed) {
            const piece = chunk.subarray(0, Math.min(chunk.length, target - sent));
            sent += piece.length;
            if (!res.write(piece)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end('"}}');
        };
        pump();
        return;
      }
      case 'redirect-loop':
        if (path === '/mcp') return send(res, 307, 'text/plain', 'moved', { location: '/mcp/' });
        if (path === '/mcp/') return send(res, 307, 'text/plain', 'moved', { location: `${base}/mcp` });
        return notFound(res);
      case 'paginated-tools':
        if (path !== '/mcp') return notFound(res);
        return serveV1Stateless(site, req, res, body, counters, { json: true, server: 'paginated' });
      case 'custom-path':
        if (site.variant === 'modern-rpc') return path === '/api/v2/rpc' ? v2.node(req, res, body) : notFound(res);
        // Streamable HTTP at its own path, plus the old SSE transport at the usual /sse: the given path must win.
        if (path === '/api/v1/mcp-server') return serveV1Stateless(site, req, res, body, counters, { json: true });
        if (path === '/sse' && req.method === 'GET') return sse.open(site, res);
        if (path === '/messages' && req.method === 'POST') return sse.post(req, res, body);
        return notFound(res);
      case 'framework-paths':
        if (site.variant === 'api-mcp') return path === '/api/mcp' ? serveV1Stateless(site, req, res, body, counters, { json: true }) : notFound(res);
        if (site.variant === 'slash-redirect') {
          // Starlette-style: /mcp answers 307 to /mcp/ (the POST body must be sent again), which serves SSE replies.
          if (path === '/mcp') return send(res, 307, 'text/plain', '', { location: `${base}/mcp/` });
          return path === '/mcp/' ? serveV1Stateless(site, req, res, body, counters, { json: false }) : notFound(res);
        }
        // .NET MapMcp(): MCP at the root; GET / is the home page (above).
        return path === '/' ? v2.node(req, res, body) : notFound(res);
      case 'token-wall':
        if (path !== '/mcp') return notFound(res);
        if (site.variant === 'bare-401') return send(res, 401, 'text/plain', 'Unauthorized');
        return json(res, 401, { error: 'invalid_token', error_description: 'No access token' }, { 'www-authenticate': 'Bearer error="invalid_token", error_description="No access token"' });
      case 'host-check-403':
        if (site.variant === 'waf-page') {
          if (req.method === 'POST') return send(res, 403, 'text/html; charset=utf-8', '<!doctype html><html><body><h1>Access denied</h1><p>Request blocked by security policy.</p></body></html>');
          return notFound(res);
        }
        // The SDK's own check: our Host header is not the one it was configured for.
        return path === '/mcp' ? serveV1Stateless(site, req, res, body, counters, { json: true, allowedHosts: ['localhost:3000'] }) : notFound(res);
      case 'huge-tool-list':
        return path === '/mcp' ? serveV1Stateless(site, req, res, body, counters, { json: true, server: 'huge' }) : notFound(res);
      case 'rich-server':
        if (path !== '/mcp') return notFound(res);
        return site.variant === 'v2' ? v2.node(req, res, body) : serveV1Stateless(site, req, res, body, counters, { json: true });
      case 'robots-disallow':
      case 'robots-5xx':
      case 'robots-allow':
        // A server a scan would find: robots.txt alone decides whether it is looked at.
        return path === '/mcp' ? serveV1Stateless(site, req, res, body, counters, { json: true }) : notFound(res);
      case 'crawl-delay':
        return notFound(res);
      case 'server-card-catalog': {
        const mcpPath = site.variant === 'catalog' ? '/remote/mcp' : '/mcp';
        if (site.variant === 'catalog' && path === '/.well-known/mcp/catalog.json') return json(res, 200, catalog(site, `${base}${mcpPath}/server-card`));
        if (path === `${mcpPath}/server-card`) {
          if (!acceptsCard(req)) return send(res, 406, 'text/plain', 'Not Acceptable');
          return send(res, 200, 'application/mcp-server-card+json', JSON.stringify(serverCard(site, `${base}${mcpPath}`)));
        }
        return path === mcpPath ? v2.node(req, res, body) : notFound(res);
      }
      case 'cors-open':
        if (path !== '/mcp') return notFound(res);
        if (req.method === 'OPTIONS') {
          res.writeHead(204, corsHeaders(site, req)).end();
          return;
        }
        return serveV1Stateless(site, req, res, body, counters, { json: true });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const sites = generateSites({ sites: opts.sites, seed: opts.seed ?? 1, port, ...(opts.profiles ? { profiles: opts.profiles } : {}), ...(opts.assign ? { assign: opts.assign } : {}) });
  for (const site of sites) {
    byHost.set(site.host, { site, sub: false });
    if (site.profile === 'mcp-subdomain') byHost.set(`mcp.${site.host}`, { site, sub: true });
  }

  return {
    port,
    sites,
    stats,
    modes,
    async stop() {
      sessions.close();
      sse.close();
      await v2.close().catch(() => undefined);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
