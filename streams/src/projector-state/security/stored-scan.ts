import type pg from 'pg';
import { corsExposureSchema, emptyScanResult, evidenceSchema, type ScanResult } from '@mcp-census/schemas';
import type { TypedEnvelope } from '../../kafka/envelope';
import { asStoredJsonb, TooDeepForRoundTrip } from '../jsonb-round-trip';
import { cleanText } from '../sanitize';

type Completed = TypedEnvelope<'scan.completed'>;
type Row = Record<string, unknown>;
type Annotations = ScanResult['tools'][number]['annotations'];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * A site's latest scan as the detectors see it, from its stored row and items. Both
 * scanFromRows (over rows read back) and storedScanOf (over the event that wrote them)
 * build it, so the two must stay field for field alike.
 */
function scanFromRows(latest: Row, tools: readonly Row[], resources: readonly Row[], prompts: readonly Row[]): ScanResult {
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
      annotations: (t.annotations as Annotations) ?? undefined,
      hash: String(t.hash),
    })),
    resources: resources.map((r) => ({ name: String(r.name), uri: String(r.uri), description: str(r.description), type: str(r.type), hash: String(r.hash) })),
    prompts: prompts.map((p) => ({ name: String(p.name), description: str(p.description), arguments: Array.isArray(p.arguments) ? p.arguments : [], hash: String(p.hash) })),
  });
}

/**
 * The stored scans of the sites that have a latest scan among `sites`: their latest
 * row and items, read back.
 */
export async function readStoredScans(client: pg.PoolClient, sites: readonly number[]): Promise<Map<number, ScanResult>> {
  const out = new Map<number, ScanResult>();
  if (sites.length === 0) return out;
  const ids = [...sites];
  const latest = await client.query<Row>('SELECT website_id, has_mcp, mcp_endpoint, auth_required, evidence, server_info, cors_exposure FROM latest_scans WHERE website_id = ANY($1::bigint[])', [ids]);
  const tools = await client.query<Row>('SELECT website_id, name, title, description, category, input_schema, annotations, hash FROM site_tools WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const resources = await client.query<Row>('SELECT website_id, name, uri, description, type, hash FROM site_resources WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const prompts = await client.query<Row>('SELECT website_id, name, description, arguments, hash FROM site_prompts WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position', [ids]);
  const toolsBy = groupBySite(tools.rows);
  const resourcesBy = groupBySite(resources.rows);
  const promptsBy = groupBySite(prompts.rows);
  for (const row of latest.rows) {
    const site = Number(row.website_id);
    out.set(site, scanFromRows(row, toolsBy.get(site) ?? [], resourcesBy.get(site) ?? [], promptsBy.get(site) ?? []));
  }
  return out;
}

/** Rows by their website_id, in their order. */
export function groupBySite(rows: readonly Row[]): Map<number, Row[]> {
  const m = new Map<number, Row[]>();
  for (const r of rows) {
    const id = Number(r.website_id);
    const list = m.get(id) ?? [];
    list.push(r);
    m.set(id, list);
  }
  return m;
}

/**
 * The scan that readStoredScans would give back for the site of `e`, right after this
 * chunk stored `e` as the site's latest scan and its items (upsertLatestScans,
 * replaceItemSets): the same values as those writers store them, each jsonb value as
 * the column returns it (asStoredJsonb). Undefined for a scan with a value nested too
 * deep to rebuild here: read it back instead.
 */
export function storedScanOf(e: Completed): ScanResult | undefined {
  try {
    return scanFromRows(latestRowOf(e), e.payload.result.tools.map(toolRowOf), e.payload.result.resources.map(resourceRowOf), e.payload.result.prompts.map(promptRowOf));
  } catch (err) {
    if (err instanceof TooDeepForRoundTrip) return undefined;
    throw err;
  }
}

// Text columns: the writers store cleanText of each value, and jsonRows cleans a text value
// again only when it holds what cleanText removes, which leaves it as it was.
function latestRowOf(e: Completed): Row {
  const r = e.payload.result;
  return {
    has_mcp: r.hasMcp,
    mcp_endpoint: cleanText(r.mcpEndpoint),
    auth_required: r.authRequired,
    evidence: r.evidence,
    server_info: asStoredJsonb(r.serverInfo),
    cors_exposure: asStoredJsonb(r.corsExposure),
  };
}

const toolRowOf = (t: Completed['payload']['result']['tools'][number]): Row => ({
  name: cleanText(t.name),
  title: cleanText(t.title),
  description: cleanText(t.description),
  category: cleanText(t.category),
  input_schema: asStoredJsonb(t.inputSchema),
  annotations: asStoredJsonb(t.annotations),
  hash: cleanText(t.hash),
});

const resourceRowOf = (r: Completed['payload']['result']['resources'][number]): Row => ({
  name: cleanText(r.name),
  uri: cleanText(r.uri),
  description: cleanText(r.description),
  type: cleanText(r.type),
  hash: cleanText(r.hash),
});

const promptRowOf = (p: Completed['payload']['result']['prompts'][number]): Row => ({
  name: cleanText(p.name),
  description: cleanText(p.description),
  arguments: asStoredJsonb(p.arguments ?? []),
  hash: cleanText(p.hash),
});
