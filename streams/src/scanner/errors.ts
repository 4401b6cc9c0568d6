import type { ScanResult } from '@mcp-census/schemas';
import { DnsLookupError } from './dns-lookup';

export type ErrorClass = NonNullable<ScanResult['errorClass']>;

/** A classified probe failure. `message` is short and safe to show ("Scan error: ..."). */
export class ProbeError extends Error {
  readonly errorClass: ErrorClass;
  readonly status?: number;
  constructor(errorClass: ErrorClass, message: string, status?: number) {
    // Probe failures are expected outcomes, not bugs: skip the (source-mapped) stack capture.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ProbeError';
    this.errorClass = errorClass;
    if (status !== undefined) this.status = status;
  }
}

/** Raised by the safe dispatcher before any socket is opened. */
export class BlockedAddressError extends Error {
  readonly code = 'ESSRFBLOCKED';
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'BlockedAddressError';
  }
}

/** Why a request was aborted by us (not by the peer). */
export type AbortWhy = 'timeout' | 'deadline' | 'cancelled' | 'too-large' | 'done';

const DNS_CODES = new Set(['EDNSLOOKUP', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL', 'ENONAME', 'ENOTIMP', 'EREFUSED_DNS']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

function codeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'UND_ERR_ABORTED') return code;
    e = (e as { cause?: unknown }).cause;
  }
  const top = (err as { code?: unknown } | null)?.code;
  return typeof top === 'string' ? top : undefined;
}

/** The resolver's own code of a failed DNS lookup (ENOTFOUND, ETIMEOUT, ...), else `code`. */
function dnsCodeOf(err: unknown, code: string): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if (e instanceof DnsLookupError) return e.dnsCode;
    e = (e as { cause?: unknown }).cause;
  }
  return code;
}

function messageOf(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if (e instanceof BlockedAddressError) return e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Maps a low-level error (undici, net, tls, dns, our own) to an error class and a short message. */
export function classifyError(err: unknown, host: string, timeoutMs: number): ProbeError {
  if (err instanceof ProbeError) return err;
  const code = codeOf(err);
  if (code === 'ESSRFBLOCKED') return new ProbeError('blocked', `Blocked by SSRF policy: ${messageOf(err)}`);
  if (code && DNS_CODES.has(code)) return new ProbeError('dns', `DNS lookup failed for ${host} (${dnsCodeOf(err, code)})`);
  if (code === 'ECONNREFUSED') return new ProbeError('refused', `Connection refused by ${host}`);
  if (code && TIMEOUT_CODES.has(code)) return new ProbeError('timeout', `Timed out after ${timeoutMs} ms (${host})`);
  if (code && (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT') || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || code === 'EPROTO')) {
    return new ProbeError('tls', `TLS error with ${host} (${code})`);
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return new ProbeError('network', `Network error with ${host} (${code})`);
  }
  return new ProbeError('network', `Network error with ${host}: ${messageOf(err).slice(0, 120)}`);
}
