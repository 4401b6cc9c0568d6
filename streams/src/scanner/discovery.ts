import { isRecord } from './jsonrpc';

/**
 * Discovery documents: where they live and how endpoint URLs are read out of
 * them. All parsing is bounded (depth, node count, URLs per document).
 */
export type DocKind = 'catalog' | 'well-known' | 'server-card' | 'ai-catalog' | 'config-file' | 'llms-txt';

export interface DocSpec {
  path: string;
  kind: DocKind;
}

export interface NamedEndpoint {
  url: string;
  /** The document says (or the URL suggests) the old HTTP+SSE transport. */
  sse: boolean;
}

export interface ParsedDoc {
  /** The document exists and looks like what it claims to be (a hint that the site does MCP). */
  valid: boolean;
  endpoints: NamedEndpoint[];
  /** ai-catalog: server-card URLs to fetch next. */
  cards: string[];
}

export const MAX_ENDPOINTS_PER_DOC = 5;
const MAX_NODES = 2_000;
const MAX_DEPTH = 8;

const ENDPOINT_KEYS = new Set([
  'url', 'endpoint', 'endpointurl', 'endpoint_url', 'mcpendpoint', 'mcp_endpoint', 'mcpurl', 'mcp_url', 'serverurl', 'server_url',
  'streamablehttpurl', 'streamable_http_url', 'httpurl', 'http_url', 'sseurl', 'sse_url', 'sseendpoint', 'sse_endpoint', 'remote', 'remoteurl', 'uri', 'href', 'endpoints', 'base_url', 'baseurl',
]);
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
/** What a card fetch asks for (the draft's media type first). */
export const SERVER_CARD_ACCEPT = `${SERVER_CARD_TYPE}, application/json;q=0.9, */*;q=0.5`;

const EMPTY: ParsedDoc = { valid: false, endpoints: [], cards: [] };

function toUrl(raw: string, base: string): string | null {
  const v = raw.trim();
  if (!/^(https?:\/\/|\/)/i.test(v) || v.startsWith('//') || v.length > 2_048) return null;
  try {
    const u = new URL(v, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

function looksSse(key: string, url: string, siblings: Record<string, unknown> | null): boolean {
  if (/sse/i.test(key)) return true;
  const t = siblings && (siblings.type ?? siblings.transport);
  if (typeof t === 'string') return /^sse$|http\+sse|server-sent/i.test(t);
  try {
    return /\/sse\/?$/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

export class Collector {
  readonly endpoints: NamedEndpoint[] = [];
  private readonly seen = new Set<string>();
  add(url: string | null, sse: boolean): void {
    if (!url || this.seen.has(url) || this.endpoints.length >= MAX_ENDPOINTS_PER_DOC) return;
    this.seen.add(url);
    this.endpoints.push({ url, sse });
  }
  get full(): boolean {
    return this.endpoints.length >= MAX_ENDPOINTS_PER_DOC;
  }
}

/** Walks any JSON for endpoint-looking fields (mcp.json variants, config files, Claude-style mcpServers). */
function walk(doc: unknown, base: string, out: Collector): void {
  let nodes = 0;
  const visit = (v: unknown, key: string, parent: Record<string, unknown> | null, depth: number): void => {
    if (out.full || ++nodes > MAX_NODES || depth > MAX_DEPTH) return;
    if (typeof v === 'string') {
      if (ENDPOINT_KEYS.has(key.toLowerCase())) {
        const url = toUrl(v, base);
        if (url) out.add(url, looksSse(key, url, parent));
      }
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v) visit(item, key, parent, depth + 1);
      return;
    }
    if (isRecord(v)) {
      // Schema/metadata URLs are not endpoints.
      for (const [k, child] of Object.entries(v)) {
        if (k === '$schema' || k === 'repository' || k === 'websiteUrl' || k === 'icons' || k === 'homepage' || k === 'documentation' || k === 'license') continue;
        visit(child, ENDPOINT_KEYS.has(key.toLowerCase()) && typeof child === 'string' ? key : k, v, depth + 1);
      }
    }
  };
  visit(doc, '', null, 0);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isHtml(contentType: string, text: string): boolean {
  return contentType === 'text/html' || /^\s*<(!doctype|html|head|body)/i.test(text);
}

export function parseServerCard(doc: unknown, base: string, out: Collector = new Collector()): boolean {
  if (!isRecord(doc)) return false;
  if (Array.isArray(doc.remotes)) {
    for (const r of doc.remotes.slice(0, 20)) {
      if (!isRecord(r) || typeof r.url !== 'string') continue;
      const url = toUrl(r.url, base);
      if (url) out.add(url, typeof r.type === 'string' ? /^sse$/i.test(r.type) : looksSse('url', url, null));
    }
  }
  if (!out.full && out.endpoints.length === 0) walk(doc, base, out);
  return typeof doc.name === 'string' || Array.isArray(doc.remotes) || out.endpoints.length > 0;
}

/** A card's name and version, when they are short strings (for the result's serverCard). */
export function cardInfo(text: string): { name?: string; version?: string } | null {
  const doc = parseJson(text);
  if (!isRecord(doc)) return null;
  const out: { name?: string; version?: string } = {};
  if (typeof doc.name === 'string' && doc.name.length <= 200) out.name = doc.name;
  if (typeof doc.version === 'string' && doc.version.length <= 100) out.version = doc.version;
  return out;
}

/** Parses one discovery document. `base` resolves relative URLs. */
export function parseDoc(kind: DocKind, path: string, text: string, contentType: string, base: string): ParsedDoc {
  if (!text.trim() || (kind !== 'llms-txt' && isHtml(contentType, text))) return EMPTY;
  const out = new Collector();
  switch (kind) {
    case 'server-card': {
      const valid = parseServerCard(parseJson(text), base, out);
      return { valid, endpoints: out.endpoints, cards: [] };
    }
    // The server-card draft's `/.well-known/mcp/catalog.json` (`entries[{type, url}]`) reads like an AI catalog.
    case 'catalog':
    case 'ai-catalog': {
      const doc = parseJson(text);
      if (!isRecord(doc) && !Array.isArray(doc)) return EMPTY;
      if (kind === 'catalog' && !(isRecord(doc) && Array.isArray(doc.entries))) return EMPTY;
      const cards: string[] = [];
      let nodes = 0;
      const visit = (v: unknown, depth: number): void => {
        if (++nodes > MAX_NODES || depth > MAX_DEPTH) return;
        if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
        else if (isRecord(v)) {
          const type = v.type ?? v.mediaType ?? v.contentType ?? v.media_type;
          const link = typeof v.url === 'string' ? v.url : typeof v.href === 'string' ? v.href : undefined;
          if (type === SERVER_CARD_TYPE && link) {
            const card = toUrl(link, base);
            if (card && cards.length < 3 && !cards.includes(card)) {
              cards.push(card);
              // The card lives at `<streamable-http-url>/server-card`: the endpoint is a candidate too.
              if (/\/server-card\/?$/.test(new URL(card).pathname)) out.add(card.replace(/\/server-card\/?$/, ''), false);
            }
          } else if (Array.isArray(v.remotes)) parseServerCard(v, base, out);
          for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) visit(child, depth + 1);
        }
      };
      visit(doc, 0);
      return { valid: true, endpoints: out.endpoints, cards };
    }
    case 'llms-txt': {
      if (isHtml(contentType, text)) return EMPTY;
      const urls = text.slice(0, 200_000).match(/https?:\/\/[^\s)<>"'\]`]+/g) ?? [];
      for (const raw of urls) {
        const url = toUrl(raw.replace(/[.,;:]+$/, ''), base);
        if (!url) continue;
        const u = new URL(url);
        if (u.hostname.startsWith('mcp.') || /(^|\/)(mcp|sse)(\/|$)/i.test(u.pathname)) out.add(url, /\/sse\/?$/.test(u.pathname));
      }
      for (const m of text.slice(0, 200_000).matchAll(/\]\((\/[^)\s]*)\)/g)) {
        const url = toUrl(m[1]!, base);
        if (url && /(^|\/)(mcp|sse)(\/|$)/i.test(new URL(url).pathname)) out.add(url, /\/sse\/?$/.test(new URL(url).pathname));
      }
      return { valid: out.endpoints.length > 0 || /model context protocol|\bmcp\b/i.test(text.slice(0, 200_000)), endpoints: out.endpoints, cards: [] };
    }
    default: {
      if (path.endsWith('.yaml') || path.endsWith('.yml')) {
        for (const m of text.slice(0, 200_000).matchAll(/^\s*-?\s*([A-Za-z_]+)\s*:\s*["']?([^\s"'#]+)["']?\s*$/gm)) {
          if (ENDPOINT_KEYS.has(m[1]!.toLowerCase())) {
            const url = toUrl(m[2]!, base);
            if (url) out.add(url, looksSse(m[1]!, url, null));
          }
        }
        return { valid: out.endpoints.length > 0 || /\bmcp\b/i.test(text.slice(0, 10_000)), endpoints: out.endpoints, cards: [] };
      }
      const doc = parseJson(text);
      if (!isRecord(doc) && !Array.isArray(doc)) return EMPTY;
      walk(doc, base, out);
      return { valid: true, endpoints: out.endpoints, cards: [] };
    }
  }
}
