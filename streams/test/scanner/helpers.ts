import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProber, type ProberOptions } from '../../src/scanner/index';

/** A real loopback HTTP server that counts TCP connections and requests. */
export interface CountingServer {
  server: Server;
  host: string;
  port: number;
  connections: number;
  /** `at`: performance.now() when the request arrived (pacing tests). */
  requests: Array<{ method: string; url: string; host: string; userAgent: string; body: string; at: number; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function startCountingServer(host: string, handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<CountingServer> {
  const state = { connections: 0, requests: [] as CountingServer['requests'] };
  const server = createServer((req, res) => {
    const at = performance.now();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '', userAgent: req.headers['user-agent'] ?? '', body, at, headers: req.headers });
      handler(req, res, body);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    host,
    port,
    get connections() {
      return state.connections;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
}

/** Resolves to the settled value, or to 'still running' if `p` has not settled within `ms`. */
export function within<T>(p: Promise<T>, ms: number): Promise<T | 'still running'> {
  return Promise.race([p, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms).unref())]);
}

/** One site probe by a prober of its own (hosts unpaced), closed after it. */
export async function probeOnce(url: string, options: ProberOptions) {
  const prober = createProber({ hostRps: Infinity, ...options });
  try {
    return await prober.probeWebsite(url);
  } finally {
    await prober.close();
  }
}
