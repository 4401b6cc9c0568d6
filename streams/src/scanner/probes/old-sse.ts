import { ProbeError } from '../errors';
import { checkUrl, SseStream, type HttpResponse } from '../http';
import type { Scope } from '../scope';
import { extractResponse, isRecord, rpcErrorOf, type JsonRpcResponse } from '../jsonrpc';
import { failFor, serverInfoFrom } from './modern';
import { CLIENT_INFO, type HandshakeOutcome, type HandshakeProbe, type ListMethod, type McpSession, type ProbeEnv, type ServerInfo } from './types';

/**
 * Old HTTP+SSE transport (2024-11-05): GET opens an event stream whose first
 * event, `endpoint`, names the URL to POST messages to; replies arrive as
 * `message` events on the stream. The stream is closed when the probe ends.
 */
const OLD_VERSION = '2024-11-05';

type Pending = { resolve: (m: JsonRpcResponse) => void; reject: (e: Error) => void; timer: NodeJS.Timeout | null };

class StreamPump {
  private readonly pending = new Map<number, Pending>();
  private dead: Error | null = null;

  constructor(
    private readonly stream: SseStream,
    scope: Scope,
  ) {
    void this.run(scope);
  }

  private async run(scope: Scope): Promise<void> {
    try {
      for (;;) {
        const ev = await this.stream.next(3_600_000, scope);
        if (!ev) break;
        if (ev.event !== 'message') continue;
        let m: unknown;
        try {
          m = JSON.parse(ev.data);
        } catch {
          continue;
        }
        if (isRecord(m) && typeof m.id === 'number') {
          const p = this.pending.get(m.id);
          if (p) {
            this.pending.delete(m.id);
            if (p.timer) clearTimeout(p.timer);
            p.resolve(m);
          }
        }
      }
      this.die(new ProbeError('network', 'Event stream closed by the server'));
    } catch (err) {
      this.die(err instanceof Error ? err : new ProbeError('network', 'Event stream failed'));
    }
  }

  private die(err: Error): void {
    this.dead = err;
    for (const [id, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }

  /**
   * Registers the reply `id` before its POST leaves (the reply may come on the stream before
   * the POST is answered); the wait for it is timed only from `arm`, once the POST was answered.
   */
  expect(id: number): Promise<JsonRpcResponse> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, timer: null });
    });
  }

  /** Starts the reply's timeout. Time spent queued for the host's pacing slot does not count against it. */
  arm(id: number, timeoutMs: number): void {
    const p = this.pending.get(id);
    if (!p || p.timer) return;
    p.timer = setTimeout(() => {
      this.pending.delete(id);
      p.reject(new ProbeError('timeout', `Timed out after ${timeoutMs} ms waiting for reply ${id} on the event stream`));
    }, timeoutMs);
  }

  /** Drops a reply that will never come (its POST failed). */
  forget(id: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (p.timer) clearTimeout(p.timer);
  }

  /** Hands over a reply that came back in the POST body instead of on the stream. */
  deliver(m: JsonRpcResponse): void {
    if (typeof m.id !== 'number') return;
    const p = this.pending.get(m.id);
    if (p) {
      this.pending.delete(m.id);
      if (p.timer) clearTimeout(p.timer);
      p.resolve(m);
    }
  }
}

async function send(pump: StreamPump, postUrl: string, body: { id?: number } & Record<string, unknown>, env: ProbeEnv, cancel?: Scope): Promise<{ post: HttpResponse; reply?: JsonRpcResponse }> {
  const id = body.id;
  const waiting = id !== undefined ? pump.expect(id) : undefined;
  waiting?.catch(() => undefined);
  let post: HttpResponse;
  try {
    post = await env.http.request(postUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', ...body }), ...(cancel ? { cancel } : {}) }, env.ctx);
  } catch (err) {
    if (id !== undefined) pump.forget(id);
    throw err;
  }
  if (id === undefined) return { post };
  if (post.status >= 200 && post.status < 300 && post.text.trim()) {
    const ex = extractResponse(post, id);
    if (ex.ok) pump.deliver(ex.msg);
  }
  if (post.status >= 300) {
    pump.deliver({ id, error: { code: -1, message: `HTTP ${post.status}` } });
    await waiting!.catch(() => undefined);
    return { post };
  }
  pump.arm(id, env.requestTimeoutMs);
  return { post, reply: await waiting! };
}

class OldSseSession implements McpSession {
  readonly transport = 'http+sse' as const;
  private nextId = 10;
  constructor(
    readonly endpoint: string,
    private readonly postUrl: string,
    private readonly stream: SseStream,
    private readonly pump: StreamPump,
    readonly protocolVersion: string,
    readonly serverInfo: ServerInfo | null,
    readonly capabilities: Record<string, unknown> | null,
    readonly handshakeMs: number,
  ) {}

  async list(method: ListMethod, cursor: string | undefined, env: ProbeEnv): Promise<unknown> {
    const id = this.nextId++;
    const { post, reply } = await send(this.pump, this.postUrl, { id, method, params: cursor === undefined ? {} : { cursor } }, env);
    if (!reply) throw new ProbeError('http-status', `HTTP ${post.status} for ${method}`, post.status);
    if (reply.error) throw rpcErrorOf(reply);
    return reply.result;
  }

  async close(): Promise<void> {
    this.stream.close();
  }
}

export const oldSseProbe: HandshakeProbe = {
  transport: 'http+sse',
  async handshake(url, env, hint): Promise<HandshakeOutcome> {
    const opened = await env.http.openStream(url, env.ctx);
    if (!(opened instanceof SseStream)) {
      const res = opened;
      if (res.status === 401 || res.status === 403) return { kind: 'auth', response: res };
      if (res.status === 400 || res.status === 405 || (res.status === 404 && hint?.named)) return { kind: 'fallback', response: res };
      return failFor(res, 'GET (event stream)', hint?.named ?? false);
    }
    const stream = opened;
    let keep = false;
    const offCancel = env.cancel ? env.cancel.onAbort(() => stream.close()) : () => undefined;
    try {
      const first = await stream.next(env.requestTimeoutMs, env.ctx.scope);
      if (!first || first.event !== 'endpoint') {
        return { kind: 'fail', error: new ProbeError('not-mcp', `Not an MCP server: event stream at ${new URL(url).host}${new URL(url).pathname} did not announce an endpoint`), weak: false };
      }
      const postUrl = checkUrl(first.data.trim(), stream.url.href).href;
      const pump = new StreamPump(stream, env.ctx.scope);
      const started = performance.now();
      const init = { id: 1, method: 'initialize', params: { protocolVersion: OLD_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } };
      const { post, reply } = await send(pump, postUrl, init, env, env.cancel);
      if (post.status === 401 || post.status === 403) return { kind: 'auth', response: post };
      if (!reply) return failFor(post, 'initialize', true);
      if (!isRecord(reply.result) || typeof reply.result.protocolVersion !== 'string') {
        const why = reply.error ? rpcErrorOf(reply).message : 'no protocolVersion';
        return { kind: 'fail', error: new ProbeError('not-mcp', `initialize rejected on event stream: ${why}`), weak: false };
      }
      const ms = Math.round(performance.now() - started);
      const r = reply.result;
      await send(pump, postUrl, { method: 'notifications/initialized' }, env, env.cancel).catch(() => undefined);
      keep = !env.cancel?.aborted;
      if (!keep) return { kind: 'fail', error: new ProbeError('timeout', 'Request cancelled (another candidate answered)'), weak: true };
      const session = new OldSseSession(stream.url.href, postUrl, stream, pump, String(r.protocolVersion).slice(0, 40), serverInfoFrom(r.serverInfo), isRecord(r.capabilities) ? r.capabilities : null, ms);
      return { kind: 'session', session };
    } finally {
      offCancel();
      if (!keep) stream.close();
    }
  },
};
