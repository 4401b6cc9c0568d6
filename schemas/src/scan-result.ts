import { z } from 'zod';

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
export const ERROR_CLASSES = ['dns', 'refused', 'tls', 'timeout', 'http-status', 'not-mcp', 'malformed', 'too-large', 'blocked', 'redirects', 'network'] as const;
export const errorClassSchema = z.enum(ERROR_CLASSES);

/** Where the endpoint was found. */
export const DISCOVERY_METHODS = ['well-known', 'server-card', 'ai-catalog', 'config-file', 'llms-txt', 'common-path', 'subdomain', 'registered'] as const;
export const discoveryMethodSchema = z.enum(DISCOVERY_METHODS);

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

export const serverInfoSchema = z.object({
  name: text(SCAN_LIMITS.nameChars).optional(),
  version: text(100).optional(),
  title: text(SCAN_LIMITS.nameChars).optional(),
});

/** The full result of probing one website. Field names follow the spec's LatestScan where they overlap. */
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
  listsTruncated: z.boolean(),
  requestCount: z.number().int().nonnegative(),
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
    ...overrides,
  };
}
