import { z } from 'zod';
import { errorClassSchema, evidenceSchema, scanResultSchema } from '../scan-result';
import { storableText } from './text';

/** A URL a visitor or agent asks us to probe: http(s) only, bounded. */
export const probeUrlSchema = storableText('single-line')
  .trim()
  .max(2048, 'URL is longer than 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }));

/** POST /api/verify-mcp-endpoint answer. */
export const verifyEndpointResponseSchema = z.object({ success: z.boolean(), error: z.string().optional() });
export type VerifyEndpointResponse = z.infer<typeof verifyEndpointResponseSchema>;

/** A one-URL scan in LatestScan's field names, plus what the prober learned about the server. */
export const singleScanSchema = scanResultSchema
  .pick({ hasMcp: true, mcpEndpoint: true, responseTime: true, error: true, transport: true, protocolVersion: true, authRequired: true, serverInfo: true })
  .extend({
    // why MCP was recognised, the failure class, and which lists are lower bounds (optional: additive)
    evidence: evidenceSchema.nullable().optional(),
    errorClass: errorClassSchema.nullable().optional(),
    toolsTruncated: z.boolean().optional(),
    resourcesTruncated: z.boolean().optional(),
    promptsTruncated: z.boolean().optional(),
    resourceTemplatesTruncated: z.boolean().optional(),
    resourceTemplates: z.array(z.object({ name: z.string(), uriTemplate: z.string(), description: z.string().nullable() })).optional(),
    url: z.string(),
    scanTime: z.iso.datetime({ offset: true }),
    tools: z.array(z.object({ name: z.string(), description: z.string().nullable(), category: z.string().nullable() })),
    resources: z.array(z.object({ name: z.string(), description: z.string().nullable(), type: z.string().nullable(), uri: z.string() })),
    prompts: z.array(z.object({ name: z.string(), description: z.string().nullable(), arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })) })),
  });
export type SingleScan = z.infer<typeof singleScanSchema>;
