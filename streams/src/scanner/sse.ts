/** A minimal incremental text/event-stream parser (WHATWG rules for event, data, id; comments ignored). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly onEvent: (ev: SseEvent) => void) {}

  push(chunk: Uint8Array | string): void {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      let nl = -1;
      for (let i = start; i < this.buffer.length; i++) {
        const ch = this.buffer.charCodeAt(i);
        if (ch === 10 || ch === 13) {
          nl = i;
          break;
        }
      }
      if (nl < 0) break;
      // A CR at the very end might be followed by LF in the next chunk: wait for it.
      if (this.buffer.charCodeAt(nl) === 13 && nl === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, nl);
      start = nl + (this.buffer.charCodeAt(nl) === 13 && this.buffer.charCodeAt(nl + 1) === 10 ? 2 : 1);
      this.line(line);
    }
    this.buffer = this.buffer.slice(start);
  }

  /** Flushes a trailing event that was not terminated by a blank line. */
  end(): void {
    if (this.buffer) {
      this.line(this.buffer);
      this.buffer = '';
    }
    this.line('');
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onEvent({ event: this.event || 'message', data: this.data.join('\n'), ...(this.id !== undefined ? { id: this.id } : {}) });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') this.id = value;
  }
}

/** Parses a complete SSE body into events. */
export function parseSse(body: string): SseEvent[] {
  const out: SseEvent[] = [];
  const p = new SseParser((e) => out.push(e));
  p.push(body);
  p.end();
  return out;
}
