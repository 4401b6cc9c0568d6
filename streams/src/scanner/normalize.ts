import { createHash } from 'node:crypto';
import { SCAN_LIMITS, type ScannedPrompt, type ScannedResource, type ScannedResourceTemplate, type ScannedTool } from '@mcp-census/schemas';
import { isRecord } from './jsonrpc';

/**
 * Turning untrusted list items into bounded, storable definitions.
 * Strings lose NUL characters and unpaired surrogates (Postgres rejects
 * both) and are cut to SCAN_LIMITS; zero-width and other odd characters are
 * kept on purpose, they are evidence for the security view.
 */
export function clean(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- NUL is removed on purpose (Postgres text cannot hold it)
  let v = s.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
  if (v.length > max) {
    v = v.slice(0, max);
    if (/[\ud800-\udbff]$/.test(v)) v = v.slice(0, -1);
  }
  return v;
}

function optText(v: unknown, max: number): string | undefined {
  return typeof v === 'string' ? clean(v, max) : undefined;
}

/** Deep-cleans JSON (keys and strings); bounded by the caller's size check. */
function cleanJson(v: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (typeof v === 'string') return clean(v, SCAN_LIMITS.schemaJsonChars);
  if (Array.isArray(v)) return v.map((x) => cleanJson(x, depth + 1));
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[clean(k, 1_000)] = cleanJson(x, depth + 1);
    return out;
  }
  return typeof v === 'number' || typeof v === 'boolean' || v === null ? v : null;
}

/** Canonical JSON: object keys sorted at every level, no whitespace, undefined dropped. */
export function canonicalJson(v: unknown): string {
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x === undefined ? null : x)).join(',')}]`;
  const keys = Object.keys(v as Record<string, unknown>)
    .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * sha256 over the canonical JSON of the definition as the server sent it
 * (before truncation, so a change past the stored prefix still changes the
 * hash) — the key for rug-pull tracking.
 */
export function definitionHash(def: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(def)).digest('hex');
}

const CATEGORY_RULES: Array<[string, RegExp]> = [
  ['payments', /\b(pay|payment|payments|payout|invoice|invoices|charge|refund|billing|checkout|subscription|stripe|paypal|transaction|wallet)\b/],
  ['database', /\b(sql|database|db|postgres|postgresql|mysql|sqlite|mongo|mongodb|redis|table|tables|schema|collection|records?)\b/],
  ['files', /\b(file|files|folder|folders|directory|upload|download|drive|storage|bucket|s3|blob|attachment|pdf|documents?)\b/],
  ['communication', /\b(email|emails|mail|message|messages|slack|chat|sms|notify|notification|channel|inbox|send|reply|teams|discord)\b/],
  ['code', /\b(code|repo|repository|repositories|commit|commits|pull|branch|github|gitlab|git|deploy|deployment|build|lint|compile|issue|issues|pr)\b/],
  ['search', /\b(search|find|lookup|look up|browse|discover|retrieve|fetch|crawl|web)\b/],
  ['data', /\b(data|dataset|analytics|analyze|analysis|report|reports|metric|metrics|chart|export|csv|stats|statistics|dashboard|query)\b/],
];

function words(s: string): string {
  // snake_case, kebab-case, dotted and camelCase names become words.
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-/:]+/g, ' ')
    .toLowerCase();
}

/** A simple deterministic category: the first rule matching the name, else the first matching the description. */
export function categorize(name: string, description?: string): string {
  const n = words(name);
  for (const [cat, re] of CATEGORY_RULES) if (re.test(n)) return cat;
  if (description) {
    const d = words(description.slice(0, 500));
    for (const [cat, re] of CATEGORY_RULES) if (re.test(d)) return cat;
  }
  return 'other';
}

const ANNOTATION_FLAGS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function normalizeTool(raw: unknown): ScannedTool | null {
  if (!isRecord(raw) || typeof raw.name !== 'string') return null;
  const name = clean(raw.name, SCAN_LIMITS.nameChars);
  if (!name) return null;
  const description = optText(raw.description, SCAN_LIMITS.descriptionChars);
  const title = optText(raw.title, SCAN_LIMITS.nameChars) ?? (isRecord(raw.annotations) ? optText(raw.annotations.title, SCAN_LIMITS.nameChars) : undefined);
  const tool: ScannedTool = {
    name,
    hash: definitionHash({ name: raw.name, description: raw.description ?? null, inputSchema: raw.inputSchema ?? null }),
    category: categorize(name, description),
  };
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (isRecord(raw.inputSchema)) {
    const json = JSON.stringify(raw.inputSchema);
    if (json.length <= SCAN_LIMITS.schemaJsonChars) tool.inputSchema = cleanJson(raw.inputSchema);
  }
  if (isRecord(raw.annotations)) {
    const a: NonNullable<ScannedTool['annotations']> = {};
    const t = optText(raw.annotations.title, SCAN_LIMITS.nameChars);
    if (t !== undefined) a.title = t;
    for (const k of ANNOTATION_FLAGS) if (typeof raw.annotations[k] === 'boolean') a[k] = raw.annotations[k];
    if (Object.keys(a).length) tool.annotations = a;
  }
  return tool;
}

export function normalizeResource(raw: unknown): ScannedResource | null {
  if (!isRecord(raw) || typeof raw.uri !== 'string') return null;
  const name = clean(typeof raw.name === 'string' && raw.name ? raw.name : raw.uri, SCAN_LIMITS.nameChars);
  if (!name) return null;
  const r: ScannedResource = {
    name,
    uri: clean(raw.uri, SCAN_LIMITS.uriChars),
    hash: definitionHash({ name: raw.name ?? null, description: raw.description ?? null, uri: raw.uri }),
  };
  const description = optText(raw.description, SCAN_LIMITS.descriptionChars);
  if (description !== undefined) r.description = description;
  const type = optText(raw.mimeType, 200);
  if (type !== undefined) r.type = type;
  return r;
}

export function normalizeResourceTemplate(raw: unknown): ScannedResourceTemplate | null {
  if (!isRecord(raw) || typeof raw.uriTemplate !== 'string') return null;
  const name = clean(typeof raw.name === 'string' && raw.name ? raw.name : raw.uriTemplate, SCAN_LIMITS.nameChars);
  if (!name) return null;
  const t: ScannedResourceTemplate = {
    name,
    uriTemplate: clean(raw.uriTemplate, SCAN_LIMITS.uriChars),
    hash: definitionHash({ name: raw.name ?? null, description: raw.description ?? null, uriTemplate: raw.uriTemplate }),
  };
  const description = optText(raw.description, SCAN_LIMITS.descriptionChars);
  if (description !== undefined) t.description = description;
  return t;
}

export function normalizePrompt(raw: unknown): ScannedPrompt | null {
  if (!isRecord(raw) || typeof raw.name !== 'string') return null;
  const name = clean(raw.name, SCAN_LIMITS.nameChars);
  if (!name) return null;
  const args: ScannedPrompt['arguments'] = [];
  if (Array.isArray(raw.arguments)) {
    for (const a of raw.arguments) {
      if (args.length >= SCAN_LIMITS.argumentsPerPrompt) break;
      if (!isRecord(a) || typeof a.name !== 'string') continue;
      const arg: ScannedPrompt['arguments'][number] = { name: clean(a.name, SCAN_LIMITS.nameChars) };
      const d = optText(a.description, SCAN_LIMITS.descriptionChars);
      if (d !== undefined) arg.description = d;
      if (typeof a.required === 'boolean') arg.required = a.required;
      args.push(arg);
    }
  }
  const p: ScannedPrompt = {
    name,
    arguments: args,
    hash: definitionHash({ name: raw.name, description: raw.description ?? null, arguments: Array.isArray(raw.arguments) ? raw.arguments : null }),
  };
  const description = optText(raw.description, SCAN_LIMITS.descriptionChars);
  if (description !== undefined) p.description = description;
  return p;
}
