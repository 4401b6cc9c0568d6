import { Agent, fetch as undiciFetch } from 'undici';
import { createDnsLookup, DnsLookupError, netLookup, type DnsLookupOptions } from '../scanner/dns-lookup';
import type { OutageDetector, Transition } from './outage-detector';

/**
 * SCAN_CANARY_URL: an address the operator trusts to answer (their own site,
 * say). Fetched every `intervalMs`, and every `suspectIntervalMs` while the
 * detector suspects an outage: any HTTP answer proves the network works (and
 * ends an outage even when every queued site is dead); no answer, with no site
 * reached since the previous check, means offline. Its host name is looked up
 * with the scanner's name servers (SCAN_DNS_SERVERS), so a name server that
 * fails the scans fails the canary too.
 */
export interface Canary {
  /** Checks now (tests, and after start). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

interface CanaryRequest {
  method: 'GET';
  redirect: 'manual';
  headers: Record<string, string>;
  signal: AbortSignal;
}

export function startCanary(opts: {
  url: string;
  detector: OutageDetector;
  onTransition: (t: Transition) => void;
  intervalMs?: number;
  suspectIntervalMs?: number;
  timeoutMs?: number;
  userAgent?: string;
  /** The scanner's name servers; default: the system's. */
  dns?: DnsLookupOptions;
  fetch?: typeof fetch;
}): Canary {
  const custom = opts.fetch;
  // A new connection, so a new lookup, for every check (pipelining 0: no keep-alive), as a site's probe makes.
  const agent = custom ? undefined : new Agent({ pipelining: 0, connect: { lookup: netLookup(createDnsLookup(opts.dns)) } });
  const doFetch = (url: string, init: CanaryRequest) => (custom ? custom(url, init) : undiciFetch(url, { ...init, dispatcher: agent }));
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const checkOnce = async () => {
    let ok: boolean;
    let detail: string;
    try {
      const res = await doFetch(opts.url, {
        method: 'GET',
        redirect: 'manual',
        headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(opts.timeoutMs ?? 5_000)]),
      });
      await res.body?.cancel().catch(() => undefined);
      ok = true;
      detail = `HTTP ${res.status}`;
    } catch (err) {
      if (stopping.signal.aborted) return;
      ok = false;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      // a failed lookup says which (DNS lookup of host failed (ETIMEOUT)); other errors by their code
      const why = cause instanceof DnsLookupError ? cause.message : (cause?.code ?? cause?.message ?? (err as Error).message);
      detail = `${opts.url}: ${why}`.slice(0, 300);
    }
    const t = opts.detector.canary(ok, detail);
    if (t) opts.onTransition(t);
  };

  // Ticks at the short interval so a suspicion is acted on within seconds, not after the long wait.
  let lastCheck = Date.now();
  const tick = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      const due = opts.detector.suspect() || Date.now() - lastCheck >= (opts.intervalMs ?? 60_000);
      if (due) lastCheck = Date.now();
      running = (due ? checkOnce() : Promise.resolve()).finally(tick);
    }, opts.suspectIntervalMs ?? 5_000);
    timer.unref();
  };
  running = checkOnce().finally(tick);

  return {
    check: () => (running = running.then(checkOnce)),
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running.catch(() => undefined);
      await agent?.close();
    },
  };
}
