import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Test controls of the simulated web: make one site misbehave, or take the
 * whole network down, while the others keep serving. Driven from the main
 * thread by message when the web serves from a worker (see index.ts).
 *
 * - normal: the site's profile answers;
 * - refused: the connection is closed at once, no HTTP answer (a dead host);
 * - timeout: the request is held open with no answer (longer than any prober timeout);
 * - 5xx: every path answers 503;
 * - no-mcp: a plain website (home page, 404 elsewhere);
 * - endpoint-refused: the website answers its pages and documents (GET), but every MCP request
 *   (any other method, any event stream) has its connection closed: an MCP server down behind a
 *   live website, or a network that failed between two requests of one probe.
 *
 * Network down = every host refused; name resolution is left as it is.
 */
export const SITE_MODES = ['normal', 'refused', 'timeout', '5xx', 'no-mcp', 'endpoint-refused'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

export type SiteModeCommand = { op: 'site-mode'; host: string; mode: SiteMode } | { op: 'network-down'; down: boolean };

export class SiteModes {
  private readonly modes = new Map<string, SiteMode>();
  private networkDown = false;

  apply(cmd: SiteModeCommand): void {
    if (cmd.op === 'network-down') {
      this.networkDown = cmd.down;
      return;
    }
    const host = normalize(cmd.host);
    if (cmd.mode === 'normal') this.modes.delete(host);
    else this.modes.set(host, cmd.mode);
  }

  /** The mode of a Host header; a site's `mcp.` subdomain shares the site's mode. */
  modeOf(hostHeader: string): SiteMode {
    if (this.networkDown) return 'refused';
    const host = normalize(hostHeader);
    return this.modes.get(host) ?? (host.startsWith('mcp.') ? this.modes.get(host.slice(4)) : undefined) ?? 'normal';
  }

  /** Serves the request when its host is not in normal mode; false lets the site's profile answer. */
  intercept(hostHeader: string, req: IncomingMessage, res: ServerResponse): boolean {
    const mode = this.modeOf(hostHeader);
    switch (mode) {
      case 'normal':
        return false;
      case 'endpoint-refused': {
        if (req.method === 'GET' && !String(req.headers.accept ?? '').includes('text/event-stream')) return false;
        req.socket.destroy();
        return true;
      }
      case 'refused':
        req.socket.destroy();
        return true;
      case 'timeout':
        // Never answered; the server's stop destroys the socket.
        req.resume();
        return true;
      case '5xx':
        req.resume();
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '60' }).end('Service Unavailable');
        return true;
      case 'no-mcp': {
        req.resume();
        const home = (req.url ?? '/').split('?')[0] === '/';
        const body = home ? '<!doctype html><html><head><title>A website</title></head><body><h1>Welcome</h1></body></html>' : '<!doctype html><title>404 Not Found</title>';
        res.writeHead(home ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) }).end(body);
        return true;
      }
    }
  }
}

const normalize = (host: string) => host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
