import type { LastFoundEndpoint, ScanResult } from '@mcp-census/schemas';
import type { ProbeError } from './errors';
import { checkUrl } from './http';
import { shortPath } from './jsonrpc';
import type { ProbePlan } from './plan';
import { unreachableClassOf } from './reachability';
import type { SiteRun } from './site';

/**
 * A site that counts as MCP does not become "No MCP" because one scan could
 * not reach its MCP server: its home page may answer while the endpoint's
 * host is down, or the scanner's own network may fail between two requests
 * of one probe. The scheduler sends the endpoint the site's last reached scan
 * found; it is probed again with tier 1, and when nothing answers MCP and
 * that endpoint failed at the network level, the scan is "unreachable" with
 * that class. Liveness then confirms it over N scans and H hours like any
 * other unreachable site, and the figures keep the site until then. A 404 or
 * a non-MCP answer there is an answer: the site dropped MCP, at once.
 */

/** The plan entry for the endpoint a request names; an endpoint that is no usable URL is left out. */
export function lastFoundPlan(input: LastFoundEndpoint | null | undefined): ProbePlan['lastFound'] {
  if (!input) return null;
  try {
    return { url: checkUrl(input.url), via: input.via, sse: input.transport === 'http+sse' };
  } catch {
    return null;
  }
}

/**
 * Classes that cut a listing at the connection. A timeout or a 5xx to a list call is left as the
 * server's answer: a server that is always that slow or broken keeps the listing it gives.
 */
const CONNECTION_CLASSES = new Set(['dns', 'refused', 'network', 'tls']);

export type LastFoundVerdict = Pick<ScanResult, 'error' | 'errorClass' | 'reachability' | 'unreachableClass'>;

/**
 * Whether the scan must say "unreachable" rather than what it found: no MCP while the last-found
 * endpoint failed at the network level, or a listing the connection cut short. Null: the result stands.
 */
export function lastFoundVerdict(plan: ProbePlan, run: SiteRun, result: ScanResult, listingError: ProbeError | null): LastFoundVerdict | null {
  const lastFound = plan.lastFound;
  if (!lastFound) return null;
  if (result.hasMcp) {
    if (!listingError || !CONNECTION_CLASSES.has(listingError.errorClass)) return null;
    const cls = unreachableClassOf(listingError);
    return cls && { error: `The MCP server's listing was cut short: ${listingError.message}`, errorClass: listingError.errorClass, reachability: 'unreachable', unreachableClass: cls };
  }
  const lost = run.failureAt(lastFound.url.href);
  const cls = lost && unreachableClassOf(lost);
  if (!lost || !cls) return null;
  return {
    error: `The MCP endpoint found before (${shortPath(lastFound.url.href)}) did not answer: ${lost.message}`,
    errorClass: lost.errorClass,
    reachability: 'unreachable',
    unreachableClass: cls,
  };
}
