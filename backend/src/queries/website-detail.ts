import { corsExposureSchema, notScannedSchema, serverCardSchema, toolAnnotationsSchema } from '@mcp-census/schemas';
import type { WebsiteDetailResponse, WebsitePrompt, WebsiteResource, WebsiteResourceTemplate, WebsiteTool } from '@mcp-census/schemas/api/websites';
import { JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type pg from 'pg';
import { z } from 'zod';
import { LATEST_SCAN_SUMMARY_COLUMNS, toLatestScanSummary } from './latest-scan-row';
import { livenessColumns, toLiveness, uptimeWindowStart } from './liveness-row';
import { readAvailability } from './site-availability';
import { readSiteFindings } from './site-findings';
import { websiteRowSchema } from './website-row';

const toolSchema = z.object({ position: z.number().int(), name: z.string(), title: z.string().nullable(), description: z.string().nullable(), category: z.string().nullable(), input_schema: z.unknown(), annotations: toolAnnotationsSchema.nullable().catch(null), hash: z.string() });
const resourceSchema = z.object({ position: z.number().int(), name: z.string(), uri: z.string(), description: z.string().nullable(), type: z.string().nullable(), hash: z.string() });
const templateSchema = z.object({ position: z.number().int(), name: z.string(), uri_template: z.string(), description: z.string().nullable(), hash: z.string() });
const promptSchema = z.object({ position: z.number().int(), name: z.string(), description: z.string().nullable(), arguments: z.unknown(), hash: z.string() });

const rowSchema = websiteRowSchema.extend({
  l_protocol_version: z.string().nullable(),
  l_server_info: z.unknown(),
  l_authorization_servers: z.array(z.string()).nullable(),
  l_discovered_via: z.string().nullable(),
  l_lists_truncated: z.boolean().nullable(),
  // unknown stored shapes read as none rather than failing the page
  l_server_card: serverCardSchema.nullable().catch(null),
  l_cors_exposure: corsExposureSchema.nullable().catch(null),
  v_not_scanned: notScannedSchema.nullable().catch(null),
  v_not_scanned_at: z.date().nullable(),
  tools: z.array(toolSchema),
  resources: z.array(resourceSchema),
  prompts: z.array(promptSchema),
  resource_templates: z.array(templateSchema),
});

/** One website (active or not) with its liveness, 30-day availability, latest reached scan and current tools/resources/prompts/resource templates in listing order; null if unknown. */
export async function readWebsite(db: pg.Pool, id: number, now: Date = new Date()): Promise<WebsiteDetailResponse | null> {
  const { rows } = await db.query(
    `SELECT w.id, w.name, w.url, w.category, w.opted_out, ${LATEST_SCAN_SUMMARY_COLUMNS}, ${livenessColumns('$2')},
            l.protocol_version AS l_protocol_version, l.server_info AS l_server_info,
            l.authorization_servers AS l_authorization_servers, l.discovered_via AS l_discovered_via,
            l.lists_truncated AS l_lists_truncated, l.server_card AS l_server_card, l.cors_exposure AS l_cors_exposure,
            v.not_scanned AS v_not_scanned, v.not_scanned_at AS v_not_scanned_at,
            COALESCE((SELECT json_agg(json_build_object('position', t.position, 'name', t.name, 'title', t.title, 'description', t.description,
                        'category', t.category, 'input_schema', t.input_schema, 'annotations', t.annotations, 'hash', t.hash) ORDER BY t.position)
                        FROM site_tools t WHERE t.website_id = w.id), '[]') AS tools,
            COALESCE((SELECT json_agg(json_build_object('position', r.position, 'name', r.name, 'uri', r.uri, 'description', r.description,
                        'type', r.type, 'hash', r.hash) ORDER BY r.position)
                        FROM site_resources r WHERE r.website_id = w.id), '[]') AS resources,
            COALESCE((SELECT json_agg(json_build_object('position', p.position, 'name', p.name, 'description', p.description,
                        'arguments', p.arguments, 'hash', p.hash) ORDER BY p.position)
                        FROM site_prompts p WHERE p.website_id = w.id), '[]') AS prompts,
            COALESCE((SELECT json_agg(json_build_object('position', rt.position, 'name', rt.name, 'uri_template', rt.uri_template,
                        'description', rt.description, 'hash', rt.hash) ORDER BY rt.position)
                        FROM site_resource_templates rt WHERE rt.website_id = w.id), '[]') AS resource_templates
       FROM websites w
       LEFT JOIN latest_scans l ON l.website_id = w.id
       ${JOIN_LIVENESS}
      WHERE w.id = $1`,
    [id, uptimeWindowStart(now)],
  );
  if (rows.length === 0) return null;
  const row = rowSchema.parse(rows[0]);
  // An opted-out site shows only that it opted out: no scan, endpoint, lists or findings.
  if (row.opted_out) return { id: row.id, name: row.name, url: row.url, category: row.category, latestScan: null, optedOut: true };
  const summary = toLatestScanSummary(row);
  const itemId = (position: number) => `${row.id}-${position}`;
  // the rule is shown while the site's newest scan (or its confirmed status) is "not scanned"
  const skipped = row.v_last_outcome === 'not-scanned' || row.v_status === 'not-scanned';
  const notScanned = skipped && row.v_not_scanned && row.v_not_scanned_at ? { ...row.v_not_scanned, scanTime: row.v_not_scanned_at.toISOString() } : null;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    category: row.category,
    findings: await readSiteFindings(db, row.id),
    // the latest scan below is the newest that reached the site; liveness says whether it still answers
    liveness: toLiveness(row, row.l_has_mcp),
    availability: await readAvailability(db, row.id, now),
    notScanned,
    latestScan:
      summary === null
        ? null
        : {
            ...summary,
            protocolVersion: row.l_protocol_version,
            serverInfo: row.l_server_info ?? null,
            authorizationServers: row.l_authorization_servers ?? [],
            discoveredVia: row.l_discovered_via,
            listsTruncated: row.l_lists_truncated ?? false,
            serverCard: row.l_server_card,
            corsExposure: row.l_cors_exposure,
            tools: row.tools.map((t): WebsiteTool => ({ id: itemId(t.position), name: t.name, title: t.title, description: t.description, category: t.category, inputSchema: t.input_schema ?? null, annotations: t.annotations ?? null, hash: t.hash })),
            resources: row.resources.map((r): WebsiteResource => ({ id: itemId(r.position), name: r.name, uri: r.uri, description: r.description, type: r.type, hash: r.hash })),
            prompts: row.prompts.map((p): WebsitePrompt => ({ id: itemId(p.position), name: p.name, description: p.description, arguments: p.arguments ?? [], hash: p.hash })),
            resourceTemplates: row.resource_templates.map((t): WebsiteResourceTemplate => ({ id: itemId(t.position), name: t.name, uriTemplate: t.uri_template, description: t.description, hash: t.hash })),
          },
  };
}
