import { createHash } from 'node:crypto';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import type { SimSite } from '../sites';
import type { HistoryState } from './history-plan';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/**
 * Placeholder items, for a site whose live lists could not be read before the
 * replay: the counts are what the history is about. Names carry
 * the site's name, so no two sites share one (no cross-server shadowing) and
 * none matches a name the site's live server lists (a live scan then reads as
 * items added and removed, never as a changed definition, i.e. a rug pull).
 */
const PLACEHOLDER = 'Simulated history: stands for an item this virtual site listed at the time.';

function tools(site: SimSite, n: number): ScanResult['tools'] {
  return Array.from({ length: n }, (_, i) => {
    const name = `${site.name}-history-tool-${i + 1}`;
    return { name, description: PLACEHOLDER, inputSchema: { type: 'object' }, hash: sha256(`simulated-history|tool|${name}`) };
  });
}

function resources(site: SimSite, n: number): ScanResult['resources'] {
  return Array.from({ length: n }, (_, i) => {
    const name = `${site.name}-history-resource-${i + 1}`;
    return { name, uri: `history://${site.host}/resource/${i + 1}`, description: PLACEHOLDER, hash: sha256(`simulated-history|resource|${name}`) };
  });
}

function prompts(site: SimSite, n: number): ScanResult['prompts'] {
  return Array.from({ length: n }, (_, i) => {
    const name = `${site.name}-history-prompt-${i + 1}`;
    return { name, description: PLACEHOLDER, arguments: [], hash: sha256(`simulated-history|prompt|${name}`) };
  });
}

function templates(site: SimSite, n: number): ScanResult['resourceTemplates'] {
  return Array.from({ length: n }, (_, i) => {
    const name = `${site.name}-history-template-${i + 1}`;
    return { name, uriTemplate: `history://${site.host}/template/${i + 1}/{id}`, description: PLACEHOLDER, hash: sha256(`simulated-history|template|${name}`) };
  });
}

/** A plausible, deterministic response time for one scan (ms). */
function responseTime(site: SimSite, at: number): number {
  return 40 + ((site.id * 7_919 + Math.floor(at / 1_000)) % 360);
}

/**
 * How many of today's `live` items a state with `n` of them lists: the first
 * n (the site grew by appending), and all of them once the state is today's
 * (`today`: the profile's count), so the last history scan lists exactly what
 * the first live scan finds even where the two counts differ (a list cut by
 * the byte cap).
 */
function prefix<T>(live: readonly T[], n: number, today: number): T[] {
  return n >= today ? [...live] : live.slice(0, n);
}

/**
 * What the scanner would have published for `site` in `state`: with `live`
 * (today's live scan of the site, which found MCP) an MCP state lists the
 * first items of today's lists, with their real names and definition hashes,
 * and the live scan's endpoint, transport, protocol, evidence and truncation
 * flags; without it, the profile's figures and placeholder items. A plain
 * site answering without MCP before it adopted.
 */
export function historyScanResult(site: SimSite, state: HistoryState, at: number, live?: ScanResult): ScanResult {
  const e = site.expected;
  const error = (cls: ScanResult['errorClass']) => (cls ? { errorClass: cls, error: `Simulated history: ${cls}` } : {});
  if (!state.hasMcp) {
    // a site that adopts later looked like any plain website before
    if (e.hasMcp) return emptyScanResult({ responseTime: responseTime(site, at), requestCount: 12 });
    return emptyScanResult({ ...error(e.errorClass), discoveredVia: e.discoveredVia, responseTime: responseTime(site, at), requestCount: 12 });
  }
  if (live?.hasMcp) {
    return {
      ...live,
      tools: prefix(live.tools, state.tools, e.toolCount),
      resources: prefix(live.resources, state.resources, e.resourceCount),
      prompts: prefix(live.prompts, state.prompts, e.promptCount),
      // timings and cache hits vary from probe to probe: the history's own keep a replay deterministic
      responseTime: responseTime(site, at),
      requestCount: 8,
    };
  }
  const listed = {
    tools: tools(site, state.tools),
    resources: resources(site, state.resources),
    prompts: prompts(site, state.prompts),
    resourceTemplates: templates(site, e.resourceTemplateCount),
  };
  return emptyScanResult({
    hasMcp: true,
    mcpEndpoint: site.endpoint,
    transport: e.transport,
    authRequired: e.authRequired,
    discoveredVia: e.discoveredVia,
    evidence: e.evidence,
    ...error(e.errorClass),
    ...listed,
    toolsTruncated: e.toolsTruncated,
    listsTruncated: e.toolsTruncated,
    responseTime: responseTime(site, at),
    requestCount: 8,
  });
}
