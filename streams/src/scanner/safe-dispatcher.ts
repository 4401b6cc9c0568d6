import { lookup as systemLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector, Pool } from 'undici';
import { createDnsLookup, DnsLookupError, type HostLookup } from './dns-lookup';
import { BlockedAddressError } from './errors';

/**
 * SSRF protection. Every connection the prober opens goes through
 * `safeConnector`, which resolves the host itself (DNS, see
 * dns-lookup.ts, or the `resolveHost` override), refuses non-public addresses, and then connects
 * to exactly the vetted IP literal (so no second lookup can be rebound).
 * Redirect hops open new connections through the same connector, so they
 * are re-checked too; IP-literal URLs are checked without any lookup.
 */

export type ResolveHost = (hostname: string) => Promise<string[] | undefined> | string[] | undefined;

export interface AddressPolicy {
  /** Permit loopback/private targets (tests and the simulated web only). */
  allowPrivate: boolean;
  /**
   * Test hook: addresses treated as public even though they are not
   * (e.g. mark 127.0.0.2 public to stand in for "an allowed internet host"
   * in a redirect test). Never set in production.
   */
  treatAsPublic?: ReadonlySet<string>;
}

const BLOCKED_NAMES = new Set(['localhost', 'metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Host names refused before any lookup (RFC 6761 localhost, cloud metadata names). */
export function isBlockedHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return BLOCKED_NAMES.has(h) || h.endsWith('.localhost') || h.endsWith('.metadata.google.internal');
}

function parseIPv4(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const V4_BLOCKS: Array<[number, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local / cloud metadata'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved / broadcast'],
].map(([base, bits, why]) => [parseIPv4(base as string)!, bits as number, why as string]);

function v4Reason(n: number): string | null {
  for (const [base, bits, why] of V4_BLOCKS) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return why;
  }
  return null;
}

/** Parses an IPv6 literal (zone id and brackets allowed) into eight 16-bit groups. */
export function parseIPv6(input: string): number[] | null {
  let ip = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (isIP(ip) !== 6) return null;
  const lastColon = ip.lastIndexOf(':');
  const maybeV4 = ip.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseIPv4(maybeV4);
    if (v4 === null) return null;
    ip = `${ip.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = ip.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  let groups: number[];
  if (halves.length === 2) {
    const head = parse(halves[0]!);
    const rest = parse(halves[1]!);
    groups = [...head, ...new Array<number>(Math.max(0, 8 - head.length - rest.length)).fill(0), ...rest];
  } else {
    groups = parse(ip);
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isFinite(g) || g < 0 || g > 0xffff)) return null;
  return groups;
}

function v6Reason(g: number[]): string | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h7 = 0, h8 = 0] = g;
  const embedded = h7 * 65536 + h8;
  if (g.every((x) => x === 0)) return 'unspecified';
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && h7 === 0 && h8 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d)
  if (a === 0 && b === 0 && c === 0 && d === 0 && ((e === 0 && (f === 0xffff || f === 0)) || (e === 0xffff && f === 0))) {
    const r = v4Reason(embedded);
    return r ? `IPv4-mapped ${r}` : null;
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) {
    const r = v4Reason(embedded);
    return r ? `NAT64 ${r}` : null;
  }
  if (a === 0x2002) {
    const r = v4Reason(b * 65536 + c);
    return r ? `6to4 ${r}` : null;
  }
  if ((a & 0xfe00) === 0xfc00) return 'unique-local (private)'; // fc00::/7, includes fd00:ec2::254
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'site-local';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  if (a === 0x2001 && b === 0x0db8) return 'documentation';
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return 'discard-only';
  return null;
}

/** Why an IP literal is not a public unicast address, or null when it is public. */
export function nonPublicReason(ip: string): string | null {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return v4Reason(v4);
  const v6 = parseIPv6(ip);
  if (v6) return v6Reason(v6);
  return 'not an IP address';
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Errors without a captured stack: these are expected outcomes, created once per site at scan rates. */
function quickError(message: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const err = new Error(message);
  Error.stackTraceLimit = limit;
  return err;
}

function dnsError(hostname: string): Error {
  return Object.assign(quickError(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

/** Reason given to a finished site's pool: one shared error, so tearing sockets down formats no stacks. */
const POOL_RELEASED = Object.assign(quickError('site probe finished'), { code: 'UND_ERR_DESTROYED' });

/**
 * Resolves a host name to vetted addresses: the override first, else DNS
 * (every address it gave). Throws a DNS-coded error on failure and a
 * BlockedAddressError when any address is not public (unless allowed).
 * Results are cached briefly (bounded) so every connection to one host does
 * not repeat the lookup.
 */
export class SafeResolver {
  private readonly cache = new Map<string, { at: number; addrs?: string[]; err?: Error }>();
  private static readonly TTL_MS = 30_000;
  private static readonly MAX = 4_096;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly override?: ResolveHost,
    private readonly dnsLookup: HostLookup = createDnsLookup(),
  ) {}

  check(ip: string, hostname: string): void {
    if (this.policy.allowPrivate || this.policy.treatAsPublic?.has(ip)) return;
    const why = nonPublicReason(ip);
    if (why) throw new BlockedAddressError(hostname === ip ? `${ip} is ${why}` : `${hostname} resolves to ${ip} (${why})`);
  }

  /** Returns vetted IPs for a host (IP literals are checked directly). */
  async resolve(hostInput: string): Promise<string[]> {
    const hostname = stripBrackets(hostInput).toLowerCase();
    if (isIP(hostname)) {
      this.check(hostname, hostname);
      return [hostname];
    }
    if (!this.policy.allowPrivate && isBlockedHostname(hostname)) throw new BlockedAddressError(`${hostname} is a local or metadata host name`);
    const now = Date.now();
    const hit = this.cache.get(hostname);
    let addrs: string[];
    if (hit && now - hit.at < SafeResolver.TTL_MS) {
      if (hit.err) throw hit.err;
      addrs = hit.addrs!;
    } else {
      try {
        addrs = await this.lookup(hostname);
        if (addrs.length === 0) throw dnsError(hostname);
        this.remember(hostname, { at: now, addrs });
      } catch (err) {
        this.remember(hostname, { at: now, err: err as Error });
        throw err;
      }
    }
    for (const ip of addrs) this.check(ip, hostname);
    return addrs;
  }

  private async lookup(hostname: string): Promise<string[]> {
    if (this.override) {
      const r = await this.override(hostname);
      if (r === undefined) throw dnsError(hostname);
      return r.filter((a) => isIP(a) !== 0);
    }
    try {
      return await this.dnsLookup(hostname);
    } catch (err) {
      // Where private targets are allowed (a developer's machine, a private network), a name DNS
      // does not know may be the system's: localhost and others in /etc/hosts, a short service
      // name completed by a search domain. Such names are refused anywhere else.
      if (!this.policy.allowPrivate || !(err instanceof DnsLookupError) || (err.dnsCode !== 'ENOTFOUND' && err.dnsCode !== 'ENODATA')) throw err;
      const all = await systemLookup(hostname, { all: true, verbatim: true });
      return all.map((a) => a.address);
    }
  }

  private remember(host: string, entry: { at: number; addrs?: string[]; err?: Error }): void {
    if (this.cache.size >= SafeResolver.MAX) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(host, entry);
  }
}

export interface SafePoolsOptions {
  resolver: SafeResolver;
  /** Connections per origin (the per-host concurrency). */
  connections: number;
  connectTimeoutMs: number;
  keepAliveTimeoutMs?: number;
}

/**
 * Connection failures after which a host's next address is tried: nothing took the connection
 * at this one. A site whose first address is down while another serves is reachable, as it is
 * to a browser; an answer of any kind (a TLS alert, an HTTP error) is the site's and ends there.
 */
const NEXT_ADDRESS_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** Addresses dialled for one connection at most: a host listing many dead ones costs three attempts, not one per address. */
export const MAX_ADDRESSES_TRIED = 3;

/**
 * The order a host's vetted addresses are dialled in: the lookup's first (IPv4 when the host has
 * one), then the first of the other family, then the rest, alternating families as Happy Eyeballs
 * does (RFC 8305 §4), so a host whose IPv4 addresses are all down is still tried over IPv6.
 * Attempts run one after another, not raced: a probe opens few connections per site, and a
 * second connection to a live host would count as a request it never needed.
 */
export function connectOrder(addrs: readonly string[]): string[] {
  const first = addrs[0];
  if (first === undefined) return [];
  const firstFamily = isIP(first);
  const same = addrs.filter((a) => isIP(a) === firstFamily);
  const other = addrs.filter((a) => isIP(a) !== firstFamily);
  const interleaved = Array.from({ length: Math.max(same.length, other.length) }, (_, i) => [same[i], other[i]]).flat();
  return interleaved.filter((a): a is string => a !== undefined).slice(0, MAX_ADDRESSES_TRIED);
}

/**
 * The SSRF-safe connector: resolves and vets the target, then dials the
 * vetted IP literals (TLS keeps the original name for SNI and certificate
 * checks), the next one when nothing took the connection at one (connectOrder).
 * Every connection, including each redirect hop's, goes through it.
 */
export function safeConnector(resolver: SafeResolver, connectTimeoutMs: number): buildConnector.connector {
  const base = buildConnector({ timeout: connectTimeoutMs });
  return (params, callback) => {
    const hostname = stripBrackets(params.hostname);
    resolver.resolve(hostname).then(
      (addrs) => {
        const servername = params.protocol === 'https:' ? (params.servername ?? (isIP(hostname) ? undefined : hostname)) : params.servername;
        const order = connectOrder(addrs);
        const attempt = (i: number): void => {
          base({ ...params, hostname: order[i]!, ...(servername ? { servername } : {}) }, (err, socket) => {
            if (err && i + 1 < order.length && NEXT_ADDRESS_CODES.has((err as NodeJS.ErrnoException).code ?? '')) return attempt(i + 1);
            if (err) callback(err, null);
            else callback(null, socket);
          });
        };
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };
}

/**
 * One keep-alive connection layer for the whole prober: an undici Pool per
 * origin, shared by every request of the sites using that origin, all
 * dialling through the safe connector. A site registers the origins it
 * uses and releases them when it finishes; an origin no running site uses
 * is closed at once instead of idling until its keep-alive timeout (sites
 * are rarely revisited, and thousands of idle sockets would exhaust file
 * descriptors at benchmark rates).
 */
export class SafePools {
  private readonly pools = new Map<string, { pool: Pool; refs: number }>();
  private readonly connect: buildConnector.connector;
  private closed = false;

  constructor(private readonly o: SafePoolsOptions) {
    this.connect = safeConnector(o.resolver, o.connectTimeoutMs);
  }

  /** The pool for `origin`; `owner` (a site's origin set) takes a reference the first time. */
  get(origin: string, owner: Set<string>): Pool {
    if (this.closed) throw Object.assign(new Error('prober is closed'), { code: 'UND_ERR_DESTROYED' });
    let entry = this.pools.get(origin);
    if (!entry) {
      entry = {
        pool: new Pool(origin, {
          connect: this.connect,
          connections: this.o.connections,
          keepAliveTimeout: this.o.keepAliveTimeoutMs ?? 4_000,
          keepAliveMaxTimeout: 10_000,
          pipelining: 1,
        }),
        refs: 0,
      };
      this.pools.set(origin, entry);
    }
    if (!owner.has(origin)) {
      owner.add(origin);
      entry.refs++;
    }
    return entry.pool;
  }

  /** Drops a finished site's references; origins nobody uses any more are closed. */
  release(owner: Set<string>): void {
    for (const origin of owner) {
      const entry = this.pools.get(origin);
      if (!entry) continue;
      if (--entry.refs <= 0) {
        this.pools.delete(origin);
        entry.pool.destroy(POOL_RELEASED).catch(() => undefined);
      }
    }
    owner.clear();
  }

  get size(): number {
    return this.pools.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(all.map((e) => e.pool.destroy(POOL_RELEASED).catch(() => undefined)));
  }
}
