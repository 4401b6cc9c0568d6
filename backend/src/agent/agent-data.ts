import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { z } from 'zod';
import type { AdoptionTrendPoint, MonthlyTrend, SingleScan, TrendPeriod } from '@mcp-census/schemas';
import type { AgentMetrics } from '@mcp-census/schemas/api/agent';
import type { ToolCategory, WebsiteDetail, WebsitePage } from '@mcp-census/streams/projector-state/index';
import { HttpError } from '../http/error-handler';
import type { OneUrlScanner } from '../services/one-url-scan';
import type { PublicData } from '../services/public-data';

/** A monitored platform found by name or host. */
export interface PlatformMatch {
  id: number;
  name: string;
  url: string;
  match: 'host' | 'name' | 'partial';
}

/** A site by the time its first MCP-positive scan happened. */
export interface EarlyAdopter {
  id: number;
  name: string;
  url: string;
  category: string | null;
  firstMcpSeenAt: string;
  hasMcpNow: boolean;
}

/** Everything the agent API reads or does; tests may pass a fake. */
export interface AgentData {
  now(): Date;
  /** scanWebsite calls allowed at once; more answer 429. */
  readonly maxConcurrentScans: number;
  /** Dashboard metrics with week-over-week growth. */
  metrics(): Promise<AgentMetrics>;
  /** One page of active websites by name (limit 1..100). */
  websitesPage(page: number, limit: number): Promise<WebsitePage>;
  /** Active platforms whose host or name matches `query` (case-insensitive), best match first, at most `limit`. */
  findPlatforms(query: string, limit: number): Promise<PlatformMatch[]>;
  website(id: number): Promise<WebsiteDetail | null>;
  adoptionTrend(days: TrendPeriod): Promise<AdoptionTrendPoint[]>;
  /** The last 12 UTC months, current month last. */
  monthlyGrowth(): Promise<MonthlyTrend[]>;
  /** Active sites ordered by their first MCP-positive scan (oldest first), at most `limit`. */
  earliestAdopters(limit: number): Promise<EarlyAdopter[]>;
  toolCategories(): Promise<ToolCategory[]>;
  /** One SSRF-safe discovery scan; 400 for a URL that is not http(s), 429 when too many run at once. */
  scanWebsite(url: string): Promise<SingleScan>;
}

export interface AgentDataDeps {
  pool: pg.Pool;
  clickhouse: ClickHouseClient;
  /** The dashboard's cached reads: agents see the same figures as the REST API. */
  publicData: PublicData;
  oneUrlScanner: Pick<OneUrlScanner, 'scanWebsite'>;
  now?: () => Date;
  /** Scans in flight per process; more answer 429 (each scan makes dozens of outbound requests). */
  maxConcurrentScans?: number;
}

export const DEFAULT_MAX_CONCURRENT_SCANS = 4;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The host key a query may denote, in the websites.host form (lower case,
 * no leading `www.`, non-default port kept); null when it is not URL- or domain-like.
 */
export function hostKeyOf(query: string): string | null {
  const text = query.trim().toLowerCase();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text);
  if (!hasScheme && !/^[a-z0-9-]+(\.[a-z0-9-]+)+\.?(:\d+)?(\/\S*)?$/.test(text)) return null;
  try {
    const url = new URL(hasScheme ? text : `https://${text}`);
    let host = url.hostname.replace(/\.+$/, '');
    if (host.startsWith('www.') && host.indexOf('.', 4) !== -1) host = host.slice(4);
    return host === '' ? null : url.port ? `${host}:${url.port}` : host;
  } catch {
    return null;
  }
}

const matchRowSchema = z.object({ id: z.coerce.number().int(), name: z.string(), url: z.string(), match_rank: z.coerce.number().int() });
const MATCH_KINDS = ['host', 'name', 'partial'] as const;

/**
 * Exact host, then exact name, then substring of name or host; shorter names
 * first among equals. Parameterised, active sites only, LIMIT-bounded.
 */
async function findPlatforms(pool: pg.Pool, query: string, limit: number): Promise<PlatformMatch[]> {
  const q = query.trim().slice(0, 200);
  if (q === '') return [];
  const { rows } = await pool.query(
    `SELECT id, name, url, match_rank FROM (
       SELECT w.id, w.name, w.url,
              CASE WHEN w.host = $2 THEN 0 WHEN lower(w.name) = lower($1) THEN 1 ELSE 2 END AS match_rank
         FROM websites w
        WHERE w.active AND (w.host = $2 OR lower(w.name) = lower($1) OR w.name ILIKE $3 OR w.host ILIKE $3)
     ) m
     ORDER BY match_rank, length(name), name, id
     LIMIT $4`,
    [q, hostKeyOf(q), `%${escapeLike(q)}%`, Math.min(20, Math.max(1, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = matchRowSchema.parse(r);
    return { id: row.id, name: row.name, url: row.url, match: MATCH_KINDS[row.match_rank] ?? 'partial' };
  });
}

const firstAdoptionRowSchema = z.object({ website_id: z.coerce.number().int(), first_ms: z.coerce.number() });
const adopterRowSchema = z.object({ id: z.coerce.number().int(), name: z.string(), url: z.string(), category: z.string().nullable(), has_mcp: z.boolean() });

/**
 * First adoptions come from ClickHouse's trend_first_adoptions (the first
 * MCP-positive scan per site, kept as long as the trend retention); names and
 * the current state from Postgres. Over-fetches so removed sites do not shorten the list.
 */
async function earliestAdopters(pool: pg.Pool, clickhouse: ClickHouseClient, limit: number): Promise<EarlyAdopter[]> {
  const wanted = Math.min(100, Math.max(1, Math.trunc(limit)));
  const rs = await clickhouse.query({
    query: `SELECT website_id, toUnixTimestamp64Milli(min(first_mcp_time)) AS first_ms
              FROM trend_first_adoptions GROUP BY website_id
             ORDER BY first_ms, website_id LIMIT {limit:UInt32}`,
    query_params: { limit: wanted * 3 },
    format: 'JSONEachRow',
  });
  const firsts = z.array(firstAdoptionRowSchema).parse(await rs.json());
  if (firsts.length === 0) return [];
  const { rows } = await pool.query(
    `SELECT w.id, w.name, w.url, w.category, COALESCE(l.has_mcp, false) AS has_mcp
       FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id
      WHERE w.active AND NOT w.opted_out AND w.id = ANY($1::bigint[])`,
    [firsts.map((f) => f.website_id)],
  );
  const sites = new Map(rows.map((r) => adopterRowSchema.parse(r)).map((s) => [s.id, s]));
  const out: EarlyAdopter[] = [];
  for (const f of firsts) {
    const site = sites.get(f.website_id);
    if (!site) continue;
    out.push({ id: site.id, name: site.name, url: site.url, category: site.category, firstMcpSeenAt: new Date(f.first_ms).toISOString(), hasMcpNow: site.has_mcp });
    if (out.length === wanted) break;
  }
  return out;
}

/** The agent API's reads over the existing Postgres and ClickHouse query modules. */
export function createAgentData(deps: AgentDataDeps): AgentData {
  const now = deps.now ?? (() => new Date());
  const maxScans = deps.maxConcurrentScans ?? DEFAULT_MAX_CONCURRENT_SCANS;
  let scansInFlight = 0;
  return {
    now,
    maxConcurrentScans: maxScans,
    metrics: () => deps.publicData.metrics(),
    websitesPage: (page, limit) => deps.publicData.websites({ page, limit }),
    findPlatforms: (query, limit) => findPlatforms(deps.pool, query, limit),
    website: (id) => deps.publicData.website(id) as Promise<WebsiteDetail | null>,
    adoptionTrend: (days) => deps.publicData.adoptionTrend(days),
    monthlyGrowth: () => deps.publicData.monthlyTrends(),
    earliestAdopters: (limit) => earliestAdopters(deps.pool, deps.clickhouse, limit),
    toolCategories: () => deps.publicData.toolCategories(),
    async scanWebsite(url) {
      if (scansInFlight >= maxScans) throw new HttpError(429, `Too many scans in progress (at most ${maxScans}); retry in a few seconds`);
      scansInFlight += 1;
      try {
        return await deps.oneUrlScanner.scanWebsite(url);
      } finally {
        scansInFlight -= 1;
      }
    },
  };
}
