import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from './json-rows';
import { listTruncation } from './list-truncation';
import { cleanText } from './sanitize';

type Completed = TypedEnvelope<'scan.completed'>;

const COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'event_id', type: 'uuid' },
  { name: 'scan_time', type: 'timestamptz' },
  { name: 'has_mcp', type: 'boolean' },
  { name: 'mcp_endpoint', type: 'text' },
  { name: 'transport', type: 'text' },
  { name: 'protocol_version', type: 'text' },
  { name: 'server_info', type: 'jsonb' },
  { name: 'auth_required', type: 'boolean' },
  { name: 'authorization_servers', type: 'text[]' },
  { name: 'discovered_via', type: 'text' },
  { name: 'response_time_ms', type: 'integer' },
  { name: 'error', type: 'text' },
  { name: 'error_class', type: 'text' },
  { name: 'tools_count', type: 'integer' },
  { name: 'resources_count', type: 'integer' },
  { name: 'prompts_count', type: 'integer' },
  { name: 'lists_truncated', type: 'boolean' },
  { name: 'evidence', type: 'text' },
  { name: 'tools_truncated', type: 'boolean' },
  { name: 'resources_truncated', type: 'boolean' },
  { name: 'prompts_truncated', type: 'boolean' },
  { name: 'resource_templates_truncated', type: 'boolean' },
  { name: 'resource_templates_count', type: 'integer' },
  { name: 'server_card', type: 'jsonb' },
  { name: 'cors_exposure', type: 'jsonb' },
];

const NAMES = COLUMNS.map((c) => c.name);
/** Only a newer scan (by scan time, then event id) replaces a site's row; RETURNING names the chunk's winners. */
const UPSERT_SQL = `INSERT INTO latest_scans AS l (${NAMES.join(', ')})
  SELECT ${NAMES.map((n) => `x.${n}`).join(', ')}
    FROM ${jsonRowsFrom(1, COLUMNS)} AS x
    JOIN websites w ON w.id = x.website_id
  ON CONFLICT (website_id) DO UPDATE SET ${NAMES.filter((n) => n !== 'website_id').map((n) => `${n} = EXCLUDED.${n}`).join(', ')}
  WHERE (EXCLUDED.scan_time, EXCLUDED.event_id) >= (l.scan_time, l.event_id)
  RETURNING l.event_id`;

function latestScanRow(e: Completed): unknown[] {
  const r = e.payload.result;
  const truncated = listTruncation(r);
  return [
    e.payload.websiteId,
    e.eventId,
    e.payload.scanTime,
    r.hasMcp,
    cleanText(r.mcpEndpoint),
    r.transport,
    cleanText(r.protocolVersion),
    r.serverInfo,
    r.authRequired,
    r.authorizationServers.map((s) => cleanText(s)),
    r.discoveredVia,
    r.responseTime,
    cleanText(r.error),
    r.errorClass,
    r.tools.length,
    r.resources.length,
    r.prompts.length,
    r.listsTruncated,
    r.evidence,
    truncated.tools,
    truncated.resources,
    truncated.prompts,
    truncated.resourceTemplates,
    r.resourceTemplates.length,
    r.serverCard,
    r.corsExposure,
  ];
}

/**
 * Upserts the latest scan of each site of `events` (one event per site, in site order: the lock
 * order every chunk takes; one upsert must not touch a row twice). Returns the event ids that won.
 */
export async function upsertLatestScans(client: pg.PoolClient, events: readonly Completed[]): Promise<string[]> {
  if (events.length === 0) return [];
  const { rows } = await client.query<{ event_id: string }>(UPSERT_SQL, [jsonRows(COLUMNS, events.map(latestScanRow))]);
  return rows.map((row) => row.event_id);
}
