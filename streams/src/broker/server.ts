import net from 'node:net';
import { apiVersionsBody } from './apis/api-versions';
import { HANDLERS } from './apis';
import { ProtocolError, Reader } from './codec/reader';
import { Writer } from './codec/writer';
import type { BrokerState } from './context';
import { ApiKey, ErrorCode, SUPPORTED_VERSIONS, isSupported } from './protocol';

/** apiKey + apiVersion + correlationId: the smallest frame that can be answered. */
const MIN_FRAME = 8;
/** Stop reading from a client that pipelines more than this many unanswered bytes. */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
/** Kafka's connections.max.idle.ms: also ends connections stuck mid-frame. */
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * One client connection: length-prefixed frames in, responses out in request
 * order. Requests of a connection are handled one at a time (as Kafka does),
 * so a parked long-poll Fetch delays only its own connection. Anything wrong
 * with a frame ends this connection only.
 */
class Connection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private busy = false;
  private closed = false;
  private readonly clientHost: string;

  constructor(
    private readonly socket: net.Socket,
    private readonly broker: BrokerState,
    private readonly maxFrameBytes: number,
    private readonly onClose: (c: Connection) => void,
  ) {
    this.clientHost = socket.remoteAddress ?? '';
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_TIMEOUT_MS, () => {
      if (!this.busy) this.close();
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        this.onData(chunk);
      } catch (err) {
        this.broker.log.error({ err, clientHost: this.clientHost }, 'closing connection');
        this.close();
      }
    });
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.buffered < 4) break;
      const size = this.peekInt32();
      if (size < MIN_FRAME || size > this.maxFrameBytes) {
        this.broker.log.warn({ clientHost: this.clientHost }, `closing connection: frame size ${size} outside [${MIN_FRAME}, ${this.maxFrameBytes}]`);
        this.close();
        return;
      }
      if (this.buffered < 4 + size) break;
      const frame = this.take(4 + size).subarray(4);
      this.queue.push(frame);
      this.queuedBytes += frame.length;
    }
    if (this.queuedBytes > MAX_QUEUED_BYTES) this.socket.pause();
    if (!this.busy) void this.drain();
  }

  private peekInt32(): number {
    const first = this.chunks[0]!;
    if (first.length >= 4) return first.readInt32BE(0);
    return Buffer.concat(this.chunks, 4).readInt32BE(0);
  }

  /** Removes n bytes from the front of the buffered chunks, copying only if a frame spans chunks. */
  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0]!;
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - filled);
      c.copy(out, filled, 0, k);
      filled += k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
    return out;
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (!this.closed && this.queue.length > 0) {
        const frame = this.queue.shift()!;
        this.queuedBytes -= frame.length;
        if (this.socket.isPaused() && this.queuedBytes <= MAX_QUEUED_BYTES / 2) this.socket.resume();
        await this.handle(frame);
        // A client that does not read its responses must not grow our memory without bound.
        if (this.socket.writableLength > MAX_QUEUED_BYTES) await new Promise((done) => this.socket.once('drain', done).once('close', done));
      }
    } catch (err) {
      this.broker.log.error({ err, clientHost: this.clientHost }, 'closing connection');
      this.close();
    } finally {
      this.busy = false;
    }
  }

  private async handle(frame: Buffer): Promise<void> {
    const r = new Reader(frame);
    const apiKey = r.int16();
    const apiVersion = r.int16();
    const correlationId = r.int32();
    try {
      if (apiKey === ApiKey.ApiVersions && !isSupported(apiKey, apiVersion)) {
        // The header of a newer (flexible) version is not parsed: only the correlation id matters.
        this.respond(correlationId, apiVersionsBody(0, ErrorCode.UNSUPPORTED_VERSION));
        return;
      }
      const handler = HANDLERS.get(apiKey);
      if (!handler || !isSupported(apiKey, apiVersion)) {
        const range = SUPPORTED_VERSIONS.get(apiKey);
        this.broker.log.warn({ clientHost: this.clientHost }, `unsupported request: api ${apiKey} v${apiVersion}${range ? ` (supported v${range[0]}-${range[1]})` : ''}`);
        this.respond(correlationId, new Writer(4).int16(ErrorCode.UNSUPPORTED_VERSION));
        return;
      }
      const clientId = r.nullableString();
      const body = await handler({ apiKey, apiVersion, correlationId, clientId, clientHost: this.clientHost, body: r }, this.broker);
      if (body) this.respond(correlationId, body);
    } catch (err) {
      if (err instanceof ProtocolError) {
        this.broker.log.warn({ err, clientHost: this.clientHost }, `closing connection: malformed api ${apiKey} v${apiVersion} request`);
      } else {
        this.broker.log.error({ err, clientHost: this.clientHost }, `closing connection: api ${apiKey} v${apiVersion} failed`);
      }
      this.close();
    }
  }

  private respond(correlationId: number, body: Writer): void {
    if (this.closed) return;
    const chunks = body.finish();
    let size = 4;
    for (const c of chunks) size += c.length;
    const header = Buffer.allocUnsafe(8);
    header.writeInt32BE(size, 0);
    header.writeInt32BE(correlationId, 4);
    this.socket.cork();
    this.socket.write(header);
    for (const c of chunks) this.socket.write(c);
    this.socket.uncork();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.chunks = [];
    this.queue.length = 0;
    this.socket.destroy();
    this.onClose(this);
  }
}

export interface Server {
  port: number;
  close(): Promise<void>;
}

export function listen(broker: BrokerState, host: string, port: number, maxFrameBytes: number): Promise<Server> {
  const connections = new Set<Connection>();
  const server = net.createServer((socket) => {
    connections.add(new Connection(socket, broker, maxFrameBytes, (c) => connections.delete(c)));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', (err) => broker.log.error({ err }, 'listener error'));
      const addr = server.address() as net.AddressInfo;
      resolve({
        port: addr.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const c of [...connections]) c.close();
          }),
      });
    });
  });
}
