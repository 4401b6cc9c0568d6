import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { adoptionTrendSchema, metricsResponseSchema, scanProgressResponseSchema, TOPICS } from '@mcp-census/schemas';
import { createKafka } from '@mcp-census/streams';
import { generateSites } from '@mcp-census/streams/simweb/sites';

/** What the simulated web really is: the figures a correct census must end with. */
export interface CensusFigures {
  totalWebsites: number;
  scannedWebsites: number;
  mcpEnabled: number;
  totalTools: number;
  totalResources: number;
  totalPrompts: number;
}

/** The demo's simulated web is generated from seed 2026 (backend/src/demo.ts); the same seed gives the same sites. */
export const DEMO_SEED = 2026;

export function groundTruth(sites: number, webPort: number): { figures: CensusFigures; trendWebsites: number; hasMcpByUrl: Map<string, boolean> } {
  const all = generateSites({ sites, seed: DEMO_SEED, port: webPort });
  const mcp = all.filter((s) => s.expected.hasMcp);
  return {
    figures: {
      totalWebsites: all.length,
      scannedWebsites: all.length,
      mcpEnabled: mcp.length,
      totalTools: mcp.reduce((n, s) => n + s.expected.toolCount, 0),
      totalResources: mcp.reduce((n, s) => n + s.expected.resourceCount, 0),
      totalPrompts: mcp.reduce((n, s) => n + s.expected.promptCount, 0),
    },
    // The trend counts a site once a scan has reached and probed it: one never reached is unreachable and one
    // its robots.txt keeps out is not scanned, neither of them "without MCP".
    trendWebsites: all.filter((s) => s.expected.reachability === 'reached' && s.expected.notScanned === null).length,
    hasMcpByUrl: new Map(all.map((s) => [s.url, s.expected.hasMcp])),
  };
}

/** The last value a log line of the given shape printed (ports change on every restart). */
function lastMatch(output: string, re: RegExp): string {
  const all = [...output.matchAll(new RegExp(re.source, 'g'))];
  const value = all.at(-1)?.[1];
  if (!value) throw new Error(`no line matching ${re} in the product's output`);
  return value;
}

export async function embeddedDatabaseUrl(dataDir: string, output: string): Promise<string> {
  const port = lastMatch(output, /embedded PostgreSQL on 127\.0\.0\.1:(\d+)/);
  const creds = JSON.parse(await readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/mcp_census`;
}

export function embeddedBrokers(output: string): string[] {
  return lastMatch(output, /embedded Kafka-protocol broker on (\S+) /).split(',');
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

/** Everything the census publishes about itself, read the ways its users read it. */
export interface CensusReading {
  api: CensusFigures & { scanningActive: boolean };
  trendToday: { totalWebsites: number; mcpEnabledCount: number; toolsCount: number; resourcesCount: number; promptsCount: number } | undefined;
  store: {
    scannedWebsites: number;
    openBatches: number;
    overCountedBatches: number;
    batchesCompletedCount: number;
    batchesSiteCount: number;
    wrongSites: string[];
  };
  /** Unprojected events per consumer group (0 when caught up). */
  lag: Record<string, number>;
}

export async function readCensus(origin: string, databaseUrl: string, brokers: string[], truth: Map<string, boolean>): Promise<CensusReading> {
  const [metrics, progress, trend] = await Promise.all([
    getJson(`${origin}/api/metrics`).then((j) => metricsResponseSchema.parse(j)),
    getJson(`${origin}/api/scan-progress`).then((j) => scanProgressResponseSchema.parse(j)),
    getJson(`${origin}/api/trends/adoption?period=7`).then((j) => adoptionTrendSchema.parse(j)),
  ]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let store: CensusReading['store'];
  try {
    const batches = await client.query<{ open: string; over: string; completed: string; sites: string }>(
      `SELECT count(*) FILTER (WHERE completed_at IS NULL) AS open,
              count(*) FILTER (WHERE completed_count > site_count) AS over,
              COALESCE(sum(completed_count), 0) AS completed,
              COALESCE(sum(site_count), 0) AS sites
         FROM scan_batches`,
    );
    const sites = await client.query<{ url: string; last_has_mcp: boolean | null; last_scanned_at: Date | null }>(
      `SELECT w.url, s.last_has_mcp, s.last_scanned_at FROM websites w LEFT JOIN website_scan_state s ON s.website_id = w.id WHERE w.active`,
    );
    const wrongSites = sites.rows
      .filter((r) => r.last_scanned_at !== null && truth.has(r.url) && truth.get(r.url) !== (r.last_has_mcp ?? false))
      .map((r) => `${r.url} hasMcp=${r.last_has_mcp} expected ${truth.get(r.url)}`);
    const b = batches.rows[0]!;
    store = {
      scannedWebsites: sites.rows.filter((r) => r.last_scanned_at !== null).length,
      openBatches: Number(b.open),
      overCountedBatches: Number(b.over),
      batchesCompletedCount: Number(b.completed),
      batchesSiteCount: Number(b.sites),
      wrongSites,
    };
  } finally {
    await client.end();
  }
  const today = trend.at(-1);
  return {
    api: {
      totalWebsites: metrics.totalWebsites,
      scannedWebsites: store.scannedWebsites,
      mcpEnabled: metrics.mcpEnabled,
      totalTools: metrics.totalTools,
      totalResources: metrics.totalResources,
      totalPrompts: metrics.totalPrompts,
      scanningActive: progress.scanningActive,
    },
    trendToday: today && {
      totalWebsites: today.totalWebsites,
      mcpEnabledCount: today.mcpEnabledCount,
      toolsCount: today.toolsCount,
      resourcesCount: today.resourcesCount,
      promptsCount: today.promptsCount,
    },
    store,
    lag: await consumerLag(brokers),
  };
}

const GROUPS: Record<string, string> = {
  'mcp-census.scanner': TOPICS.scanRequested,
  'mcp-census.projector-state': TOPICS.scanCompleted,
  'mcp-census.projector-trends': TOPICS.scanCompleted,
  'mcp-census.scheduler-progress': TOPICS.scanCompleted,
};

/** Messages not yet committed by each of the census's consumer groups. */
export async function consumerLag(brokers: string[]): Promise<Record<string, number>> {
  const admin = createKafka({ brokers, clientId: 'chaos-observer' }).admin();
  await admin.connect();
  try {
    const lag: Record<string, number> = {};
    for (const [groupId, topic] of Object.entries(GROUPS)) {
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      let behind = 0;
      for (const end of ends) {
        const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
        const from = Number(at) < 0 ? Number(end.low) : Number(at);
        behind += Math.max(0, Number(end.high) - from);
      }
      lag[groupId] = behind;
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}

/** Today's trend point a correct census ends with. */
export function expectedTrendToday(truth: ReturnType<typeof groundTruth>): NonNullable<CensusReading['trendToday']> {
  return {
    totalWebsites: truth.trendWebsites,
    mcpEnabledCount: truth.figures.mcpEnabled,
    toolsCount: truth.figures.totalTools,
    resourcesCount: truth.figures.totalResources,
    promptsCount: truth.figures.totalPrompts,
  };
}

/**
 * Whether the reading's trend point for today is the one a correct census ends with. A wait for convergence
 * must ask this of the whole point: the trend read is cached (PUBLIC_DATA_TTL_MS.trends), so a point whose
 * MCP counts are already right may still lack the last sites scanned without MCP.
 */
export function trendTodayConverged(r: CensusReading, truth: ReturnType<typeof groundTruth>): boolean {
  return isDeepStrictEqual(r.trendToday, expectedTrendToday(truth));
}
