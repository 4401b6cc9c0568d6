import type pg from 'pg';
import { corsExposureSchema, emptyScanResult, evidenceSchema, type ScanResult, type SecurityFinding } from '@mcp-census/schemas';
import { detectSiteFindings, type PreviousDefinition } from '../../security/index';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from '../json-rows';

const FINDING_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'position', type: 'integer' },
  { name: 'technique_id', type: 'text' },
  { name: 'severity', type: 'text' },
  { name: 'subject_kind', type: 'text' },
  { name: 'subject_name', type: 'text' },
  { name: 'evidence', type: 'text' },
  { name: 'detail', type: 'jsonb' },
];
const FINDING_NAMES = FINDING_COLUMNS.map((c) => c.name).join(', ');
const INSERT_FINDINGS_SQL = `INSERT INTO site_findings (${FINDING_NAMES}) SELECT ${FINDING_NAMES} FROM ${jsonRowsFrom(1, FINDING_COLUMNS)} AS x`;

type Row = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const groupBy = (rows: Row[]): Map<number, Row[]> => {
  const m = new Map<number, Row[]>();
  for (const r of rows) {
    const id = Number(r.website_id);
    const list = m.get(id) ?? [];
    list.push(r);
    m.set(id, list);
  }
  return m;
};

/** The site's latest scan as the detectors see it, rebuilt from the projected rows. */
function scanFromRows(latest: Row, tools: Row[], resources: Row[], prompts: Row[]): ScanResult {
  const info = latest.server_info && typeof latest.server_info === 'object' ? (latest.server_info as Record<string, unknown>) : null;
  return emptyScanResult({
    hasMcp: latest.has_mcp === true,
    mcpEndpoint: str(latest.mcp_endpoint) ?? null,
    authRequired: latest.auth_required === true,
    evidence: evidenceSchema.safeParse(latest.evidence).data ?? null,
    corsExposure: corsExposureSchema.safeParse(latest.cors_exposure).data ?? null,
    serverInfo: info ? { name: str(info.name), version: str(info.version), title: str(info.title) } : null,
    tools: tools.map((t) => ({
      name: String(t.name),
      title: str(t.title),
      description: str(t.description),
      category: str(t.category),
      inputSchema: t.input_schema ?? undefined,
      annotations: (t.annotations as ScanResult['tools'][number]['annotations']) ?? undefined,
      hash: String(t.hash),
    })),
    resources: resources.map((r) => ({ name: String(r.name), uri: String(r.uri), description: str(r.description), type: str(r.type), hash: String(r.hash) })),
    prompts: prompts.map((p) => ({ name: String(p.name), description: str(p.description), arguments: Array.isArray(p.arguments) ? p.arguments : [], hash: String(p.hash) })),
  });
}

/**
 * Re-runs the per-site detectors for `sites` (those whose findings input moved:
 * recordFingerprints, markBaselineMoves) over what is projected now (latest scan,
 * its items, the previous scan's definitions) and replaces their findings. Same
 * rows in, same findings out: order-tolerant because its inputs are.
 */
export async function refreshSiteFindings(client: pg.PoolClient, sites: readonly number[]): Promise<void> {
  const ids = [...new Set(sites)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // one client in a transaction: its queries run one after another
  const latest = await client.query<Row>('SELECT website_id, has_mcp, mcp_endpoint, auth_required, evidence, server_info, cors_exposure FROM latest_scans WHERE website_id = ANY($1::bigint[])', [ids]);
  const tools = await client.query<Row>('SELECT website_id, name, title, description, category, input_schema, annotations, hash FROM site_tools WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const resources = await client.query<Row>('SELECT website_id, name, uri, description, type, hash FROM site_resources WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const prompts = await client.query<Row>('SELECT website_id, name, description, arguments, hash FROM site_prompts WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const prevScans = await client.query<{ website_id: string }>('SELECT website_id FROM site_previous_scans WHERE website_id = ANY($1::bigint[])', [ids]);
  const prevDefs = await client.query<Row>('SELECT website_id, kind, name, hash FROM site_previous_definitions WHERE website_id = ANY($1::bigint[])', [ids]);
  const toolsBy = groupBy(tools.rows);
  const resourcesBy = groupBy(resources.rows);
  const promptsBy = groupBy(prompts.rows);
  const prevBy = groupBy(prevDefs.rows);
  const hasPrevious = new Set(prevScans.rows.map((r) => Number(r.website_id)));

  const findings: SecurityFinding[] = [];
  for (const row of latest.rows) {
    const site = Number(row.website_id);
    const previous: PreviousDefinition[] | null = hasPrevious.has(site)
      ? (prevBy.get(site) ?? []).map((d) => ({ kind: d.kind as PreviousDefinition['kind'], name: String(d.name), hash: String(d.hash) }))
      : null;
    const scan = scanFromRows(row, toolsBy.get(site) ?? [], resourcesBy.get(site) ?? [], promptsBy.get(site) ?? []);
    findings.push(...detectSiteFindings({ websiteId: site, result: scan, previous }));
  }

  await client.query('DELETE FROM site_findings WHERE website_id = ANY($1::bigint[])', [ids]);
  if (findings.length === 0) return;
  const position = new Map<number, number>();
  const rows = findings.map((f) => {
    const n = position.get(f.websiteId) ?? 0;
    position.set(f.websiteId, n + 1);
    return [f.websiteId, n, f.techniqueId, f.severity, f.subjectKind, f.subjectName, f.evidence, f.detail ?? null];
  });
  await client.query(INSERT_FINDINGS_SQL, [jsonRows(FINDING_COLUMNS, rows)]);
}
