/**
 * Host and Origin checks against DNS rebinding and cross-site requests to the
 * MCP endpoint. Allowed entries are `hostname` (any port) or `hostname:port`
 * (that port only), e.g. `census.example.org`, `localhost:3000`, `[::1]:3000`.
 */
export interface HostOriginGuard {
  /** False for a missing, malformed or unlisted Host header. */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** True without an Origin (non-browser clients send none); otherwise its host must be listed. */
  originAllowed(originHeader: string | undefined): boolean;
}

interface HostPort {
  hostname: string;
  port: string;
}

// Host header characters only: rejects userinfo (`evil@localhost`), paths and spaces before URL parsing.
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function parseHost(value: string): HostPort | null {
  const text = value.trim().toLowerCase();
  if (!HOST_HEADER.test(text)) return null;
  try {
    const url = new URL(`http://${text}`);
    return { hostname: url.hostname.replace(/\.+$/, ''), port: url.port === '' ? '80' : url.port };
  } catch {
    return null;
  }
}

function parseEntry(entry: string): { hostname: string; port: string | null } | null {
  const text = entry.trim().toLowerCase();
  const parsed = parseHost(text);
  if (!parsed) return null;
  const hasPort = /:\d{1,5}$/.test(text);
  return { hostname: parsed.hostname, port: hasPort ? parsed.port : null };
}

export function createHostOriginGuard(allowedHosts: readonly string[]): HostOriginGuard {
  const entries = allowedHosts.map((h) => {
    const e = parseEntry(h);
    if (!e) throw new Error(`Invalid allowed host "${h}"`);
    return e;
  });
  const listed = (hp: HostPort): boolean => entries.some((e) => e.hostname === hp.hostname && (e.port === null || e.port === hp.port));
  return {
    hostAllowed(hostHeader) {
      const hp = hostHeader ? parseHost(hostHeader) : null;
      return hp !== null && listed(hp);
    },
    originAllowed(originHeader) {
      if (originHeader === undefined || originHeader === '') return true;
      let url: URL;
      try {
        url = new URL(originHeader);
      } catch {
        return false; // includes the opaque "null" origin
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
      return listed({ hostname: url.hostname.replace(/\.+$/, ''), port });
    },
  };
}

/**
 * The default allow-list: the public URL's host plus loopback on the listening
 * port (for same-machine clients and health checks).
 */
export function defaultAllowedHosts(publicUrl: string, port: number): string[] {
  const url = new URL(publicUrl);
  return [url.host, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}
