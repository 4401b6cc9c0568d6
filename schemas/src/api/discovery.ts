import { z } from 'zod';
import { evidenceSchema } from '../scan-result';
import { searchTextSchema } from './websites';

const count = z.number().int().nonnegative();

export const DISCOVERY_KINDS = ['endpoints', 'tools', 'resources', 'prompts'] as const;
export const DISCOVERY_MAX_LIMIT = 200;

/**
 * GET /api/mcp-discovery query. Every list is one page (default 50, at most
 * 200 rows); `kind` narrows the answer to one list, `search` matches names.
 */
export const discoveryQuerySchema = z
  .object({
    kind: z.enum(DISCOVERY_KINDS).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(DISCOVERY_MAX_LIMIT).default(50),
    search: searchTextSchema,
  })
  .strict();
export type DiscoveryQuery = z.infer<typeof discoveryQuerySchema>;

const source = { websiteName: z.string(), websiteUrl: z.string() };

export const discoveryResponseSchema = z.object({
  /** evidence: why the endpoint counts as MCP (null: not MCP, or scanned before evidence levels). */
  endpoints: z.array(z.object({ ...source, endpoint: z.string(), hasMcp: z.boolean(), evidence: evidenceSchema.nullable().optional() })),
  tools: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), category: z.string().nullable(), ...source })),
  resources: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), type: z.string().nullable(), ...source })),
  prompts: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), arguments: z.unknown(), ...source })),
  /** Matching rows per list (all pages). */
  totals: z.object({ endpoints: count, tools: count, resources: count, prompts: count }),
  pagination: z.object({ page: z.number().int().min(1), limit: z.number().int().min(1) }),
});
export type DiscoveryResponse = z.infer<typeof discoveryResponseSchema>;
