import { z } from 'zod';
import { resolveCategory } from '../../catalogue/validate-row';
import { MAX_URL_CHARS, normalizeHost } from '../../catalogue/normalize-host';

/**
 * One entry of the registry's server list, as the MCP Registry API describes
 * it (modelcontextprotocol/registry, docs/reference/api/openapi.yaml:
 * `ServerResponse` = { server: ServerDetail, _meta }). The answer is untrusted:
 * only the fields the sync uses are read, each leniently, and an entry that
 * does not parse is skipped by the caller, never fatal.
 */

/** Remotes read per server; a server listing more is unusual and the rest are ignored. */
export const MAX_REMOTES_PER_SERVER = 20;
const MAX_NAME_CHARS = 200;
/** ServerDetail.name: 3–200 characters, `namespace/name` (the API's pattern). */
const SERVER_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
/** The only remote transports (RemoteTransport = StreamableHttpTransport | SseTransport). */
const REMOTE_TYPES = new Set(['streamable-http', 'sse']);
const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;

/** A field that is kept when it parses and dropped (not fatal) when it does not. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const entrySchema = z.object({
  server: z.object({
    name: z.string().min(3).max(MAX_NAME_CHARS).regex(SERVER_NAME),
    title: optional(z.string().max(MAX_NAME_CHARS)),
    remotes: optional(z.array(z.unknown())),
    _meta: optional(z.record(z.string(), z.unknown())),
  }),
  _meta: optional(z.object({ [OFFICIAL_META]: optional(z.object({ status: optional(z.string().max(40)) })) })),
});

const remoteSchema = z.object({ type: z.string().max(40), url: z.string() });

/** A remote endpoint the census can probe. */
export interface RegistryEndpoint {
  /** The URL as re-serialised by the WHATWG parser. */
  url: string;
  /** Normalised host (the websites dedup key). */
  host: string;
  /** `https://host/` of the endpoint: the site's address. */
  siteUrl: string;
}

export type ParsedEntry =
  | { kind: 'malformed' }
  | { kind: 'inactive'; name: string }
  | {
      kind: 'server';
      name: string;
      /** Display name for a site it adds: the title, else the name. */
      displayName: string;
      /** A known category named in the publisher's metadata, else 'Other'. */
      category: string;
      endpoints: RegistryEndpoint[];
      /** Streamable HTTP / SSE remotes listed. */
      seen: number;
      /** Of those, refused (see acceptRemoteUrl). */
      rejected: number;
    };

/** Parses one list entry; never throws. */
export function parseEntry(raw: unknown): ParsedEntry {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return { kind: 'malformed' };
  const { server } = parsed.data;
  // The registry's own lifecycle status: deprecated and deleted servers are not added.
  const status = parsed.data._meta?.[OFFICIAL_META]?.status;
  if (status !== undefined && status !== 'active') return { kind: 'inactive', name: server.name };

  let seen = 0;
  let rejected = 0;
  const endpoints: RegistryEndpoint[] = [];
  for (const rawRemote of (server.remotes ?? []).slice(0, MAX_REMOTES_PER_SERVER)) {
    const remote = remoteSchema.safeParse(rawRemote);
    if (!remote.success) {
      rejected += 1;
      seen += 1;
      continue;
    }
    if (!REMOTE_TYPES.has(remote.data.type)) continue;
    seen += 1;
    const accepted = acceptRemoteUrl(remote.data.url);
    if (accepted.ok) endpoints.push(accepted.endpoint);
    else rejected += 1;
  }
  return { kind: 'server', name: server.name, displayName: displayName(server.title, server.name), category: categoryOf(server._meta), endpoints, seen, rejected };
}

/**
 * A remote URL the census probes: http(s), at most MAX_URL_CHARS, a public
 * domain name (no IP address, local name or credentials: the catalogue's
 * rules), and no `{variable}` left in it. Remote variables are client
 * configuration (a tenant, a key) the registry does not know, so a template
 * names no endpoint anyone could probe; it is refused rather than guessed.
 */
export function acceptRemoteUrl(raw: string): { ok: true; endpoint: RegistryEndpoint } | { ok: false; reason: string } {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_URL_CHARS) return { ok: false, reason: 'empty or too long' };
  if (CONTROL_CHARS.test(text) || /\s/.test(text)) return { ok: false, reason: 'control characters or spaces' };
  if (/[{}]/.test(text) || /%7[bd]/i.test(text)) return { ok: false, reason: 'unresolved template variables' };
  if (!/^https?:\/\//i.test(text)) return { ok: false, reason: 'not http(s)' };
  const result = normalizeHost(text);
  if (!result.ok) return { ok: false, reason: result.reason };
  if (result.url.length > MAX_URL_CHARS) return { ok: false, reason: 'too long once normalised' };
  const url = new URL(result.url);
  return { ok: true, endpoint: { url: result.url, host: result.host, siteUrl: `${url.origin}/` } };
}

function displayName(title: string | undefined, name: string): string {
  const clean = (title ?? '').replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
  return (clean === '' ? name : clean).slice(0, MAX_NAME_CHARS);
}

/**
 * The server list has no category field; publishers may state one in their
 * `_meta` extensions (`{ "<namespace>": { "category": ... } }`). The first
 * that names a known category wins; otherwise 'Other'.
 */
function categoryOf(meta: Record<string, unknown> | undefined): string {
  for (const value of Object.values(meta ?? {}).slice(0, 20)) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    for (const key of ['category', 'categories']) {
      const named = record[key];
      const candidates = typeof named === 'string' ? [named] : Array.isArray(named) ? named.slice(0, 10) : [];
      for (const candidate of candidates) {
        if (typeof candidate !== 'string' || candidate.length > 80) continue;
        const category = resolveCategory(candidate);
        if (category) return category;
      }
    }
  }
  return 'Other';
}
