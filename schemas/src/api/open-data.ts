import { z } from 'zod';
import { CATEGORIES } from '../categories';
import { SITE_STATUSES } from './liveness';

/*
 * Open data: the census as downloadable CSV and Parquet (GET /api/data/<dataset>.<format>).
 * Each dataset's row is one zod object below; every column's `.describe()` is
 * the data dictionary (GET /api/data and the /data page are generated from
 * these schemas, never written twice), and the backend encodes exactly these
 * columns in this order.
 */

/** Longest text kept in a cell (characters): scanned sites write these fields, so they are bounded. */
export const OPEN_DATA_MAX_TEXT = 2_000;

const id = z.int().positive();
const count = z.int().nonnegative();
const isoTime = z.iso.datetime();

export const OPEN_DATA_SITE_STATUSES = [...SITE_STATUSES, 'opted-out'] as const;

/** sites: one row per monitored (active) site with its latest scan. */
export const openDataSiteRowSchema = z.object({
  id: id.describe('Website id (stable; the id of /api/websites/{id})'),
  name: z.string().describe('Display name of the site'),
  url: z.string().describe('The URL the census scans'),
  host: z.string().describe('Normalised host name (unique per site)'),
  category: z.string().nullable().describe('Website category (null: uncategorised)'),
  status: z
    .enum(OPEN_DATA_SITE_STATUSES)
    .describe('Confirmed public status: mcp, no-mcp, unreachable (confirmed), not-scanned (robots.txt), pending (never scanned) or opted-out (owner opted out; scan columns withheld)'),
  hasMcp: z.boolean().describe('Counts as MCP-enabled in every census figure (latest reached scan found MCP and the status is still mcp)'),
  evidence: z.string().nullable().describe('Why MCP was recognised: handshake, oauth-metadata or auth-wall (null: no MCP or unknown)'),
  mcpEndpoint: z.string().nullable().describe('MCP endpoint URL found by the latest reached scan'),
  transport: z.string().nullable().describe('MCP transport of the endpoint (e.g. streamable-http, sse)'),
  protocolVersion: z.string().nullable().describe('MCP protocol version the server announced'),
  authRequired: z.boolean().nullable().describe('The endpoint requires authorization (null: not scanned)'),
  toolsCount: count.nullable().describe('Tools listed by the latest reached scan (a lower bound when toolsTruncated)'),
  resourcesCount: count.nullable().describe('Resources listed (a lower bound when resourcesTruncated)'),
  promptsCount: count.nullable().describe('Prompts listed (a lower bound when promptsTruncated)'),
  toolsTruncated: z.boolean().nullable().describe('The tool list was cut by a cap or unreadable (count is "at least")'),
  resourcesTruncated: z.boolean().nullable().describe('The resource list was cut by a cap or unreadable'),
  promptsTruncated: z.boolean().nullable().describe('The prompt list was cut by a cap or unreadable'),
  responseTimeMs: count.nullable().describe('Response time of the latest reached scan in milliseconds'),
  lastScannedAt: isoTime.nullable().describe('Time (UTC) of the latest scan that reached the site'),
});
export type OpenDataSiteRow = z.infer<typeof openDataSiteRowSchema>;

export const CAPABILITY_KINDS = ['tool', 'resource', 'prompt'] as const;

/** capabilities: one row per tool, resource or prompt in the latest scans. */
export const openDataCapabilityRowSchema = z.object({
  websiteId: id.describe('Website id (the id column of the sites dataset)'),
  kind: z.enum(CAPABILITY_KINDS).describe('tool, resource or prompt'),
  position: count.describe('Position in the server\'s listing (0-based)'),
  name: z.string().describe('Name as the MCP server lists it'),
  title: z.string().nullable().describe('Human-readable title (tools only; null when absent)'),
  description: z.string().nullable().describe(`Description as the server gives it (untrusted text, cut at ${OPEN_DATA_MAX_TEXT} characters)`),
  uri: z.string().nullable().describe('Resource URI (resources only)'),
  hash: z.string().describe('Hash of the item\'s definition (changes when the definition changes)'),
});
export type OpenDataCapabilityRow = z.infer<typeof openDataCapabilityRowSchema>;

/** trends-daily: one row per UTC day and category, plus an all-categories row per day. */
export const openDataTrendDailyRowSchema = z.object({
  day: z.iso.date().describe('UTC day (YYYY-MM-DD); figures are as of the end of the day'),
  category: z.string().nullable().describe('Website category; null = all categories together'),
  websites: count.describe('Known sites in the category as of the day (each in its last known state)'),
  mcpEnabled: count.describe('Of those, sites whose latest scan as of the day found MCP'),
  adoptionRate: z.number().min(0).max(100).describe('mcpEnabled / websites in percent, 1 decimal (0 when no sites)'),
});
export type OpenDataTrendDailyRow = z.infer<typeof openDataTrendDailyRowSchema>;

export const OPEN_DATA_FORMATS = ['csv', 'parquet'] as const;
export type OpenDataFormat = (typeof OPEN_DATA_FORMATS)[number];
export const OPEN_DATA_MEDIA_TYPES: Record<OpenDataFormat, string> = { csv: 'text/csv; charset=utf-8', parquet: 'application/vnd.apache.parquet' };

/** The datasets, in the order the dictionary lists them. */
export const OPEN_DATASETS = {
  sites: {
    title: 'Sites',
    description: 'Every monitored site with the result of its latest scan that reached it. Opted-out sites are listed without scan details.',
    rowSchema: openDataSiteRowSchema,
    filters: ['category'],
  },
  capabilities: {
    title: 'Capabilities',
    description: 'The tools, resources and prompts that MCP servers listed in their latest scan, one row per item, ordered by kind, site and position. Opted-out sites are left out.',
    rowSchema: openDataCapabilityRowSchema,
    filters: ['category'],
  },
  'trends-daily': {
    title: 'Daily adoption by category',
    description: 'Per UTC day since the census began: known sites and MCP-enabled sites per category and overall. A day without new scans carries the previous state forward.',
    rowSchema: openDataTrendDailyRowSchema,
    filters: ['category'],
  },
} as const;
export type OpenDatasetName = keyof typeof OPEN_DATASETS;
export const OPEN_DATASET_NAMES = Object.keys(OPEN_DATASETS) as OpenDatasetName[];

/** GET /api/data/<dataset>.<format> path parameter. */
export const openDataFileParamSchema = z
  .string()
  .regex(/^[a-z-]+\.[a-z]+$/)
  .transform((s) => {
    const dot = s.lastIndexOf('.');
    return { dataset: s.slice(0, dot), format: s.slice(dot + 1) };
  })
  .pipe(z.object({ dataset: z.enum(OPEN_DATASET_NAMES as [OpenDatasetName, ...OpenDatasetName[]]), format: z.enum(OPEN_DATA_FORMATS) }));

/** Download query: an optional category filter (one of the known categories). */
export const openDataQuerySchema = z
  .object({ category: z.enum(CATEGORIES, { message: `Unknown category; one of: ${CATEGORIES.join(', ')}` }).optional().describe('Only rows of sites in this category') })
  .strict();
export type OpenDataQuery = z.infer<typeof openDataQuerySchema>;

export const OPEN_DATA_COLUMN_TYPES = ['integer', 'number', 'boolean', 'string', 'timestamp', 'date'] as const;
export const openDataColumnSchema = z.object({
  name: z.string(),
  /** Logical type; CSV writes timestamps as ISO 8601 UTC and days as YYYY-MM-DD, Parquet as TIMESTAMP_MILLIS (UTC) and DATE. */
  type: z.enum(OPEN_DATA_COLUMN_TYPES),
  nullable: z.boolean(),
  /** The allowed values of an enumerated column. */
  values: z.array(z.string()).optional(),
  description: z.string(),
});
export type OpenDataColumn = z.infer<typeof openDataColumnSchema>;

export const openDataIndexSchema = z.object({
  datasets: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      filters: z.array(z.string()),
      downloads: z.array(z.object({ format: z.enum(OPEN_DATA_FORMATS), mediaType: z.string(), url: z.string() })),
      columns: z.array(openDataColumnSchema),
    }),
  ),
  /** csv: how the CSV is written; refresh: how fresh the data is; trends: the range parameters of the trend calls. */
  notes: z.object({ csv: z.string(), refresh: z.string(), trends: z.string().optional() }),
});
export type OpenDataIndex = z.infer<typeof openDataIndexSchema>;

// The JSON Schema zod emits for one property: enough to read the logical type.
const jsonPropSchema: z.ZodType<{ type?: string | string[]; format?: string; enum?: unknown[]; anyOf?: unknown[]; description?: string }> = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  anyOf: z.array(z.unknown()).optional(),
  description: z.string().optional(),
});

function logicalType(p: z.infer<typeof jsonPropSchema>): { type: OpenDataColumn['type']; nullable: boolean; values?: string[] } {
  const alternatives = p.anyOf ? p.anyOf.map((a) => jsonPropSchema.parse(a)) : [p];
  const types = alternatives.flatMap((a) => (Array.isArray(a.type) ? a.type : a.type ? [a.type] : []));
  const main = alternatives.find((a) => a.type !== 'null') ?? p;
  const nullable = types.includes('null');
  const values = main.enum?.map(String);
  const base = types.find((t) => t !== 'null');
  const type: OpenDataColumn['type'] =
    base === 'integer' || base === 'number' || base === 'boolean'
      ? base
      : main.format === 'date-time'
        ? 'timestamp'
        : main.format === 'date'
          ? 'date'
          : 'string';
  return values ? { type, nullable, values } : { type, nullable };
}

/** The dictionary columns of a row schema, in column order, read from zod's own JSON Schema. */
export function openDataColumns(rowSchema: z.ZodObject): OpenDataColumn[] {
  const json = z.object({ properties: z.record(z.string(), jsonPropSchema) }).parse(z.toJSONSchema(rowSchema, { io: 'output' }));
  return Object.keys(rowSchema.shape).map((name) => {
    const prop = json.properties[name];
    if (!prop) throw new Error(`open data column ${name} has no JSON Schema`);
    return { name, ...logicalType(prop), description: prop.description ?? '' };
  });
}
