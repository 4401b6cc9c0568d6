import type { ScanResult, UnreachableClass } from '@mcp-census/schemas';
import type { ErrorClass } from './errors';

/**
 * Whether a scan reached its site: some host of the site (the site host, its
 * mcp. subdomain, a hinted endpoint) gave an HTTP answer below 500. A site
 * whose every probe failed at DNS, connect, TLS or timeout, or answered only
 * 5xx, is 'unreachable' with that class: it says nothing about MCP, and a
 * scanner seeing only such results may be the one offline.
 */

/** HTTP answers of one site's probe, counted by the HTTP layer. */
export interface AnswerCounts {
  /** Answers with a status below 500 (redirects included). */
  answered?: number;
  /** Answers with a 5xx status. */
  answered5xx?: number;
}

/** Counts one HTTP answer (called wherever the HTTP layer receives a status code). */
export function noteAnswer(ctx: AnswerCounts, status: number): void {
  if (status >= 500) ctx.answered5xx = (ctx.answered5xx ?? 0) + 1;
  else ctx.answered = (ctx.answered ?? 0) + 1;
}

/** The probe's failures without an HTTP answer, by unreachable class. */
const CLASS_OF: Partial<Record<ErrorClass, UnreachableClass>> = { dns: 'dns', tls: 'tls', timeout: 'timeout', refused: 'connect', network: 'connect' };

/** The unreachable class of one failure that got no answer, or only a 5xx; null for an answer. */
export function unreachableClassOf(error: { errorClass: ErrorClass; status?: number }): UnreachableClass | null {
  if (error.errorClass === 'http-status') return (error.status ?? 0) >= 500 ? 'http-5xx' : null;
  return CLASS_OF[error.errorClass] ?? null;
}

/** Sets `reachability` and `unreachableClass` from the answers counted during the probe. */
export function withReachability(result: ScanResult, ctx: AnswerCounts): ScanResult {
  // MCP evidence needs an answer; a site not probed (robots.txt, Crawl-delay) keeps that outcome (robots.ts decides it).
  if (result.hasMcp || result.notScanned) return { ...result, reachability: 'reached', unreachableClass: null };
  // Already decided where the probe stopped (robots.txt could not be had, perhaps from the cache), or the MCP
  // endpoint the last scan found did not answer while the home page did (last-found.ts).
  if (result.reachability === 'unreachable' && result.unreachableClass) return result;
  if ((ctx.answered ?? 0) > 0) return { ...result, reachability: 'reached', unreachableClass: null };
  // anything else (a refused URL, say) is taken as a failed connection
  const cls: UnreachableClass = (ctx.answered5xx ?? 0) > 0 ? 'http-5xx' : ((result.errorClass && CLASS_OF[result.errorClass]) ?? 'connect');
  return { ...result, reachability: 'unreachable', unreachableClass: cls };
}
