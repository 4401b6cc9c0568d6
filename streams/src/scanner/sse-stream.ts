import type { Dispatcher } from 'undici';
import { ProbeError } from './errors';
import type { Abortable } from './http';
import type { Scope } from './scope';
import { SseParser, type SseEvent } from './sse';

const NOOP = () => undefined;

/** A live event stream; `next()` yields events in order with a per-event timeout. */
export class SseStream {
  private readonly queue: SseEvent[] = [];
  private waiter: ((ev: SseEvent | null) => void) | null = null;
  private ended = false;
  private failure: ProbeError | null = null;
  private closed = false;

  constructor(
    private readonly data: Dispatcher.ResponseData,
    private readonly abortable: Abortable,
    private readonly onClose: () => void,
    readonly url: URL,
    maxBytes: number,
    readonly status: number,
    readonly ms: number,
  ) {
    // The request timer covered connect + headers; from here each next() has its own.
    if (abortable.timer) clearTimeout(abortable.timer);
    abortable.timer = null;
    const parser = new SseParser((ev) => this.push(ev));
    let n = 0;
    data.body.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > maxBytes) {
        this.fail(new ProbeError('too-large', `Event stream too large: over ${maxBytes} bytes from ${url.pathname.slice(0, 100)}`));
        return;
      }
      parser.push(chunk);
    });
    data.body.on('end', () => {
      parser.end();
      this.finish();
    });
    data.body.on('error', () => this.finish());
  }

  private push(ev: SseEvent): void {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(ev);
    } else this.queue.push(ev);
  }

  private fail(err: ProbeError): void {
    this.failure = err;
    this.close();
  }

  private finish(): void {
    this.ended = true;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(null);
    }
  }

  /** Next event, null at end of stream; throws ProbeError on timeout or cap. */
  next(timeoutMs: number, scope: Scope): Promise<SseEvent | null> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this.closed) return Promise.resolve(null);
    return new Promise<SseEvent | null>((resolve, reject) => {
      let off: () => void = NOOP;
      const timer = setTimeout(() => {
        cleanup();
        reject(new ProbeError('timeout', `Timed out after ${timeoutMs} ms waiting for the event stream (${this.url.hostname})`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        off();
        this.waiter = null;
      };
      off = scope.onAbort(() => {
        cleanup();
        reject(scope.reason ?? new ProbeError('timeout', 'Probe cancelled'));
      });
      this.waiter = (ev) => {
        cleanup();
        if (ev === null && this.failure) reject(this.failure);
        else resolve(ev);
      };
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.abortable.controller.abort();
    if (!this.data.body.destroyed) this.data.body.destroy();
    this.onClose();
    this.finish();
  }
}
