import { evidenceSchema } from '@mcp-census/schemas';
import type { LatestScanSummary } from '@mcp-census/schemas/api/websites';
import { z } from 'zod';

/** latest_scans columns as selected with the `l_` prefix by the website queries (null when never scanned). */
export const latestScanSummaryRowSchema = z.object({
  l_has_mcp: z.boolean().nullable(),
  l_scan_time: z.date().nullable(),
  l_mcp_endpoint: z.string().nullable(),
  l_response_time_ms: z.number().int().nullable(),
  l_error: z.string().nullable(),
  l_error_class: z.string().nullable(),
  l_transport: z.string().nullable(),
  l_auth_required: z.boolean().nullable(),
  l_tools_count: z.number().int().nullable(),
  l_resources_count: z.number().int().nullable(),
  l_prompts_count: z.number().int().nullable(),
  // an unknown stored value reads as none rather than failing the page
  l_evidence: evidenceSchema.nullable().catch(null),
  l_tools_truncated: z.boolean().nullable(),
  l_resources_truncated: z.boolean().nullable(),
  l_prompts_truncated: z.boolean().nullable(),
  l_resource_templates_count: z.number().int().nullable(),
  l_resource_templates_truncated: z.boolean().nullable(),
});

export const LATEST_SCAN_SUMMARY_COLUMNS = `l.has_mcp AS l_has_mcp, l.scan_time AS l_scan_time, l.mcp_endpoint AS l_mcp_endpoint,
  l.response_time_ms AS l_response_time_ms, l.error AS l_error, l.error_class AS l_error_class, l.transport AS l_transport,
  l.auth_required AS l_auth_required, l.tools_count AS l_tools_count, l.resources_count AS l_resources_count, l.prompts_count AS l_prompts_count,
  l.evidence AS l_evidence, l.tools_truncated AS l_tools_truncated, l.resources_truncated AS l_resources_truncated,
  l.prompts_truncated AS l_prompts_truncated, l.resource_templates_count AS l_resource_templates_count,
  l.resource_templates_truncated AS l_resource_templates_truncated`;

export function toLatestScanSummary(row: z.infer<typeof latestScanSummaryRowSchema>): LatestScanSummary | null {
  if (row.l_scan_time === null || row.l_has_mcp === null) return null;
  return {
    hasMcp: row.l_has_mcp,
    scanTime: row.l_scan_time.toISOString(),
    mcpEndpoint: row.l_mcp_endpoint,
    responseTime: row.l_response_time_ms ?? 0,
    error: row.l_error,
    errorClass: row.l_error_class,
    transport: row.l_transport,
    authRequired: row.l_auth_required ?? false,
    toolsCount: row.l_tools_count ?? 0,
    resourcesCount: row.l_resources_count ?? 0,
    promptsCount: row.l_prompts_count ?? 0,
    evidence: row.l_evidence,
    toolsTruncated: row.l_tools_truncated ?? false,
    resourcesTruncated: row.l_resources_truncated ?? false,
    promptsTruncated: row.l_prompts_truncated ?? false,
    resourceTemplatesCount: row.l_resource_templates_count ?? 0,
    resourceTemplatesTruncated: row.l_resource_templates_truncated ?? false,
  };
}
