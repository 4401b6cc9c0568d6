import { Resolver } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { recordDnsLookup, type DnsLookupResult } from '../platform/metrics/scan-metrics';

/**
 * Host name lookups for the prober, over DNS itself (c-ares, Node's `dns.Resolver`) rather
 * than the system's getaddrinfo. getaddrinfo blocks one of libuv's threads (4 by default,
 * shared with file and zlib work) for the whole lookup: with 20-100 ms answers a scanner
 * resolves only 40-200 names a second whatever its concurrency, and a name server that
 * drops queries holds a thread for 5 s steps. c-ares sends every query at once on the event
 * loop, with its own timeout and retries.
 *
 * It asks for A and AAAA at once (an AAAA answer slower than the A answer by more than a
 * short grace is not waited for: the prober dials IPv4 first when there is one, and its
 * other addresses only when that fails, safe-dispatcher.ts) and never applies search
 * domains (site names are fully qualified; a container's `ndots` would otherwise multiply
 * the queries). /etc/hosts is not read: its names are local ones, which the SSRF policy
 * refuses, and where private targets are allowed the safe resolver asks the system for a
 * name DNS does not know (safe-dispatcher.ts).
 */

/** Looks a host name up: its addresses, IPv4 first, or a DnsLookupError. */
export type HostLookup = (hostname: string) => Promise<string[]>;

export interface DnsLookupOptions {
  /** Name servers (`ip` or `ip:port`, `[ipv6]:port`); default: the system's (/etc/resolv.conf). */
  servers?: readonly string[];
  /** Wait for one query's first try, doubled on each retry (c-ares), default 2000. */
  timeoutMs?: number;
  /** Tries per name server, default 2. */
  tries?: number;
}

/**
 * A failed lookup. `code` marks it as DNS for the error classifier, whatever the resolver
 * said: c-ares reports a name server that refuses the UDP packet as ECONNREFUSED, and that
 * is not the site refusing a connection. `dnsCode` is the resolver's own code (ENOTFOUND,
 * ENODATA, ETIMEOUT, ESERVFAIL, ECONNREFUSED, ...), shown in the scan's message.
 */
export class DnsLookupError extends Error {
  readonly code = 'EDNSLOOKUP';
  constructor(
    readonly hostname: string,
    readonly dnsCode: string,
  ) {
    // An expected outcome at scan rates: no stack.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`DNS lookup of ${hostname} failed (${dnsCode})`);
    Error.stackTraceLimit = limit;
    this.name = 'DnsLookupError';
  }
}

function codeOf(outcome: PromiseSettledResult<string[]>): string {
  if (outcome.status === 'fulfilled') return 'ENODATA';
  const code = (outcome.reason as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

/**
 * The one code reported when neither family gave an address: a name that does not exist
 * (either answer says so) first, then a name without addresses, else what went wrong with
 * the IPv4 query (a timeout, a failing server).
 */
function failureCode(v4: PromiseSettledResult<string[]>, v6: PromiseSettledResult<string[]>): string {
  const codes = [codeOf(v4), codeOf(v6)];
  if (codes.includes('ENOTFOUND')) return 'ENOTFOUND';
  if (codes.every((c) => c === 'ENODATA')) return 'ENODATA';
  return codes[0] === 'ENODATA' ? codes[1]! : codes[0]!;
}

/** How long an AAAA answer is waited for once the A answer has addresses. */
const AAAA_GRACE_MS = 200;

const LATE: PromiseSettledResult<string[]> = { status: 'rejected', reason: { code: 'ETIMEOUT' } };

/** `v6`'s outcome, or LATE when `v4` has addresses and `v6` takes more than the grace after it. */
async function v6Outcome(v4: Promise<PromiseSettledResult<string[]>>, v6: Promise<PromiseSettledResult<string[]>>): Promise<PromiseSettledResult<string[]>> {
  let timer: NodeJS.Timeout | undefined;
  const late = () =>
    new Promise<PromiseSettledResult<string[]>>((resolve) => {
      timer = setTimeout(() => resolve(LATE), AAAA_GRACE_MS);
      timer.unref();
    });
  const graceAfterV4 = v4.then((r) => (r.status === 'fulfilled' && r.value.length > 0 ? late() : v6));
  try {
    return await Promise.race([v6, graceAfterV4]);
  } finally {
    clearTimeout(timer);
  }
}

const settle = (p: Promise<string[]>): Promise<PromiseSettledResult<string[]>> =>
  p.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

const RESULT_OF: Partial<Record<string, DnsLookupResult>> = { ENOTFOUND: 'nxdomain', ENODATA: 'nodata', ETIMEOUT: 'timeout' };

export function createDnsLookup(o: DnsLookupOptions = {}): HostLookup {
  const resolver = new Resolver({ timeout: o.timeoutMs ?? 2_000, tries: o.tries ?? 2 });
  if (o.servers && o.servers.length > 0) resolver.setServers([...o.servers]);
  return async (hostname) => {
    const started = performance.now();
    const v4Query = settle(resolver.resolve4(hostname));
    const v6Query = settle(resolver.resolve6(hostname));
    const [v4, v6] = await Promise.all([v4Query, v6Outcome(v4Query, v6Query)]);
    const addrs = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    const code = addrs.length > 0 ? undefined : failureCode(v4, v6);
    recordDnsLookup(code === undefined ? 'ok' : (RESULT_OF[code] ?? 'failed'), (performance.now() - started) / 1000);
    if (code === undefined) return addrs;
    throw new DnsLookupError(hostname, code);
  };
}

/**
 * The lookup in the form `net.connect` takes (`lookup` option), for connections made outside
 * the prober's own connector, such as the canary's: they then fail or succeed with the
 * scanner's name servers, not the system's.
 */
export function netLookup(lookup: HostLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addrs) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = addrs.map((address) => ({ address, family: isIP(address) })).filter((a) => !family || a.family === family);
        if (usable.length === 0) return callback(new DnsLookupError(hostname, 'ENODATA'), '', 0);
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
