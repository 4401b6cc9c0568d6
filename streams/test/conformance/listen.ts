import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A corpus server bound to 127.0.0.1 on an ephemeral port. */
export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Only loopback: the corpus never binds or connects anywhere else. */
export const LOOPBACK = '127.0.0.1';

/** Closes a node server, destroying open (SSE, keep-alive) sockets so close() cannot hang. */
export function tracked(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

export async function listenServer(server: Server): Promise<RunningServer> {
  const close = tracked(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { port: (server.address() as AddressInfo).port, close };
}

export function listenNode(handler: RequestListener): Promise<RunningServer> {
  return listenServer(createServer(handler));
}

/**
 * A port that was free a moment ago, for frameworks that take a port number
 * and do not report the one they bound (fastmcp). The caller retries on
 * EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const running = await listenServer(probe);
  await running.close();
  return running.port;
}

/** Reads and JSON-parses a request body (undefined when empty or not JSON). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
}

export function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
}

/** Path of a request without its query string. */
export function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://corpus.invalid').pathname;
}
