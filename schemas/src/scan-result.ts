import { z } from 'zod';
import { unreachableClassSchema } from './api/liveness';

/**
 * Bounds on everything a scanned server can make us store. Scanned data is
 * untrusted: the prober truncates to these limits before validation.
 */
export const SCAN_LIMITS = {
  nameChars: 200,
  descriptionChars: 4_000,
  uriChars: 2_048,
  schemaJsonChars: 32_000,
  itemsPerList: 500,
  errorChars: 300,
  argumentsPerPrompt: 50,
} as const;

/** How the endpoint speaks MCP: 2026-07-28 stateless, legacy Streamable HTTP, or the old HTTP+SSE. */
export const TRANSPORTS = ['stateless-http', 'streamable-http', 'http+sse'] as const;
export const transportSchema = z.enum(TRANSPORTS);

/** One short human message per failure class; `error` carries the detail. */
/** 'forbidden': a 403 that is no authentication challenge (Host/Origin check, WAF page): the server refused the request. */
export const ERROR_CLASSES = ['dns', 'refused', 'tls', 'timeout', 'http-status', 'not-mcp', 'malformed', 'too-large', 'blocked', 'redirects', 'network', 'forbidden'] as const;
export const errorClassSchema = z.enum(ERROR_CLASSES);

/** Where the endpoint was found. */
/** 'given-url': the URL we were asked to scan had a path, and that exact path answered. */
export const DISCOVERY_METHODS = ['well-known', 'server-card', 'ai-catalog', 'config-file', 'llms-txt', 'common-path', 'subdomain', 'registered', 'given-url'] as const;
export const discoveryMethodSchema = z.enum(DISCOVERY_METHODS);

/**
 * Why hasMcp is true (rules in streams/src/scanner/evidence.ts):
 * 'handshake': `initialize` or `server/discover` answered;
 * 'oauth-metadata': an auth challenge whose RFC 9728 protected-resource metadata names this resource;
 * 'auth-wall': 401 (bare or Bearer) on an MCP path while a control path on the same host answers otherwise.
 */
export const EVIDENCE_LEVELS = ['handshake', 'oauth-metadata', 'auth-wall'] as const;
export const evidenceSchema = z.enum(EVIDENCE_LEVELS);

/** What a URL-with-a-path hint (the given URL's path, a registered endpoint) turned out to be. */
export const HINT_SOURCES = ['given-url', 'registered'] as const;
export const HINT_OUTCOMES = ['mcp', 'auth', 'forbidden', 'dead', 'not-mcp', 'error', 'skipped'] as const;

const hashSchema = z.string().regex(/^[a-f0-9]{64}$/, 'sha256 hex');
const text = (max: number) => z.string().max(max);

export const toolAnnotationsSchema = z
  .object({
    title: text(SCAN_LIMITS.nameChars).optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  })
  .strip();

export const scannedToolSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).min(1),
  title: text(SCAN_LIMITS.nameChars).optional(),
  description: text(SCAN_LIMITS.descriptionChars).optional(),
  category: text(80).optional(),
  inputSchema: z.unknown().optional(),
  annotations: toolAnnotationsSchema.optional(),
  hash: hashSchema,
});
export type ScannedTool = z.infer<typeof scannedToolSchema>;

export const scannedResourceSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).min(1),
  uri: text(SCAN_LIMITS.uriChars),
  description: text(SCAN_LIMITS.descriptionChars).optional(),
  type: text(200).optional(),
  hash: hashSchema,
});
export type ScannedResource = z.infer<typeof scannedResourceSchema>;

export const promptArgumentSchema = z.object({
  name: text(SCAN_LIMITS.nameChars),
  description: text(SCAN_LIMITS.descriptionChars).optional(),
  required: z.boolean().optional(),
});

export const scannedPromptSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).min(1),
  description: text(SCAN_LIMITS.descriptionChars).optional(),
  arguments: z.array(promptArgumentSchema).max(SCAN_LIMITS.argumentsPerPrompt),
  hash: hashSchema,
});
export type ScannedPrompt = z.infer<typeof scannedPromptSchema>;

export const scannedResourceTemplateSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).min(1),
  uriTemplate: text(SCAN_LIMITS.uriChars),
  description: text(SCAN_LIMITS.descriptionChars).optional(),
  hash: hashSchema,
});
export type ScannedResourceTemplate = z.infer<typeof scannedResourceTemplateSchema>;

export const endpointHintSchema = z.object({
  url: text(SCAN_LIMITS.uriChars),
  source: z.enum(HINT_SOURCES),
  outcome: z.enum(HINT_OUTCOMES),
  detail: text(SCAN_LIMITS.errorChars).nullable(),
});
export type EndpointHint = z.infer<typeof endpointHintSchema>;

/**
 * Why a site was deliberately left alone: its robots.txt (RFC 9309) disallows
 * us, its Crawl-delay cannot fit the site deadline, or its owner opted out (an
 * approved opt-out is announced once as a not-scanned result, so the trend
 * store learns of it through the same events as every other state).
 */
export const NOT_SCANNED_REASONS = ['robots-txt', 'crawl-delay', 'opt-out'] as const;
export const notScannedSchema = z.object({
  reason: z.enum(NOT_SCANNED_REASONS),
  /** The robots.txt line that decided, e.g. `Disallow: /mcp`, `Crawl-delay: 60`, or why robots.txt counts as "disallow all". */
  rule: text(SCAN_LIMITS.errorChars),
  /** The path that was disallowed (null for crawl-delay). */
  path: text(SCAN_LIMITS.uriChars).nullable(),
});
export type NotScanned = z.infer<typeof notScannedSchema>;

/** Where the site publishes an MCP server card (the server-card draft): via its catalog, at `<endpoint>/server-card`, or at a well-known card path. */
export const SERVER_CARD_SOURCES = ['catalog', 'card', 'well-known'] as const;
export const serverCardSchema = z.object({
  source: z.enum(SERVER_CARD_SOURCES),
  url: text(SCAN_LIMITS.uriChars),
  name: text(SCAN_LIMITS.nameChars).optional(),
  version: text(100).optional(),
});
export type ServerCard = z.infer<typeof serverCardSchema>;

/** What a CORS preflight from a foreign origin was answered: can any web page drive the endpoint from a browser? */
export const corsExposureSchema = z.object({
  /** Access-Control-Allow-Origin as sent (null when absent). */
  allowOrigin: text(SCAN_LIMITS.uriChars).nullable(),
  /** `*`, or our foreign origin echoed back. */
  allowsAnyOrigin: z.boolean(),
  /** Access-Control-Allow-Credentials: true. */
  allowsCredentials: z.boolean(),
});
export type CorsExposure = z.infer<typeof corsExposureSchema>;

export const serverInfoSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).optional(),
  version: text(100).optional(),
  title: text(SCAN_LIMITS.nameChars).optional(),
});

/**
 * The full result of probing one website. Field names follow the spec's LatestScan where they overlap.
 * Fields added after the first release carry defaults so older events still parse.
 */
export const scanResultSchema = z.object({
  hasMcp: z.boolean(),
  mcpEndpoint: text(SCAN_LIMITS.uriChars).nullable(),
  transport: transportSchema.nullable(),
  protocolVersion: text(40).nullable(),
  serverInfo: serverInfoSchema.nullable(),
  authRequired: z.boolean(),
  authorizationServers: z.array(text(SCAN_LIMITS.uriChars)).max(10),
  discoveredVia: discoveryMethodSchema.nullable(),
  responseTime: z.number().int().nonnegative(),
  error: text(SCAN_LIMITS.errorChars).nullable(),
  errorClass: errorClassSchema.nullable(),
  tools: z.array(scannedToolSchema).max(SCAN_LIMITS.itemsPerList),
  resources: z.array(scannedResourceSchema).max(SCAN_LIMITS.itemsPerList),
  prompts: z.array(scannedPromptSchema).max(SCAN_LIMITS.itemsPerList),
  /** OR of the per-list flags below. */
  listsTruncated: z.boolean(),
  requestCount: z.number().int().nonnegative(),
  evidence: evidenceSchema.nullable().default(null),
  /** A list cut by a cap (bytes, pages, items) or unreadable: the items kept are a lower bound, not the server's list. */
  toolsTruncated: z.boolean().default(false),
  resourcesTruncated: z.boolean().default(false),
  promptsTruncated: z.boolean().default(false),
  resourceTemplatesTruncated: z.boolean().default(false),
  resourceTemplates: z.array(scannedResourceTemplateSchema).max(SCAN_LIMITS.itemsPerList).default([]),
  /** URL-with-a-path hints probed before the ladder, and what each turned out to be. */
  endpointHints: z.array(endpointHintSchema).max(4).default([]),
  /** Set when the site was deliberately not probed (robots.txt, crawl-delay); hasMcp is then false and says nothing. */
  notScanned: notScannedSchema.nullable().default(null),
  /** The site publishes a server card (catalog, `<endpoint>/server-card`, or a well-known card). */
  serverCard: serverCardSchema.nullable().default(null),
  /** The found endpoint's answer to a foreign-origin CORS preflight; null when no endpoint or no answer. */
  corsExposure: corsExposureSchema.nullable().default(null),
  /** Whether any probe got an answer from the site: 'unreachable' when every probe failed at DNS, connect, TLS, timeout or with a 5xx. */
  reachability: z.enum(['reached', 'unreachable']).default('reached'),
  /** The failure that kept the site out of reach (null when reached). */
  unreachableClass: unreachableClassSchema.nullable().default(null),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** A result with nothing found: the base every prober outcome starts from. */
export function emptyScanResult(overrides: Partial<ScanResult> = {}): ScanResult {
  return {
    hasMcp: false,
    mcpEndpoint: null,
    transport: null,
    protocolVersion: null,
    serverInfo: null,
    authRequired: false,
    authorizationServers: [],
    discoveredVia: null,
    responseTime: 0,
    error: null,
    errorClass: null,
    tools: [],
    resources: [],
    prompts: [],
    listsTruncated: false,
    requestCount: 0,
    evidence: null,
    toolsTruncated: false,
    resourcesTruncated: false,
    promptsTruncated: false,
    resourceTemplatesTruncated: false,
    resourceTemplates: [],
    endpointHints: [],
    notScanned: null,
    serverCard: null,
    corsExposure: null,
    reachability: 'reached',
    unreachableClass: null,
    ...overrides,
  };
}
