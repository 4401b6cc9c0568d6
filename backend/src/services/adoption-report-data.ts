import {
  countText,
  EVIDENCE_EXPLANATIONS,
  type AdoptionTrendPoint,
  type IndustryAnalytics,
  type MetricsResponse,
  type NewlyAdoptingSite,
  type SecurityAnalytics,
  type TrendPeriod,
  type WebsitesResponse,
} from '@mcp-census/schemas';
import type { PublicData } from './public-data';

export { reportFigures, TOP_CATEGORIES, TOP_TECHNIQUES, type ReportFigures } from './report/figures';

/** Everything an adoption report shows; one shape for the export download and the e-mails. */
export interface AdoptionReportData {
  generatedAt: Date;
  publicUrl: string;
  /** E.g. "Weekly report, week 48 of 2026"; the export has none. */
  heading?: string;
  /** Days the report covers: the trend window and the new adoptions. */
  windowDays: TrendPeriod;
  metrics: MetricsResponse;
  industry: IndustryAnalytics;
  /** One point per day of the report window, oldest first. */
  trend: AdoptionTrendPoint[];
  /** Sites whose first MCP scan fell in the window (bounded; the total is in the trend). */
  newlyAdopting: NewlyAdoptingSite[];
  security: SecurityAnalytics;
  /** MCP-enabled sites listed in full (the export only; bounded by the caller). */
  mcpSites?: WebsitesResponse['websites'];
  /** Present in e-mails: the subscriber's signed link. */
  unsubscribeUrl?: string;
}

/**
 * Reads a report's data through the public reads; `mcpSites` > 0 also lists
 * that many MCP-enabled sites by name (the export).
 */
export async function loadAdoptionReportData(
  data: Pick<PublicData, 'metrics' | 'industryAnalytics' | 'adoptionTrend' | 'newlyAdoptingSites' | 'securityAnalytics' | 'websites'>,
  opts: { days: TrendPeriod; generatedAt: Date; publicUrl: string; mcpSites?: number; heading?: string },
): Promise<AdoptionReportData> {
  const [metrics, industry, trend, newlyAdopting, security, sites] = await Promise.all([
    data.metrics(),
    data.industryAnalytics(),
    data.adoptionTrend(opts.days),
    data.newlyAdoptingSites(opts.days),
    data.securityAnalytics(),
    opts.mcpSites ? data.websites({ page: 1, limit: opts.mcpSites, hasMcp: true }) : undefined,
  ]);
  return {
    generatedAt: opts.generatedAt,
    publicUrl: opts.publicUrl,
    ...(opts.heading ? { heading: opts.heading } : {}),
    windowDays: opts.days,
    metrics,
    industry,
    trend,
    newlyAdopting,
    security,
    ...(sites ? { mcpSites: sites.websites } : {}),
  };
}

/**
 * A listed site's reachability in words: an MCP site whose newest scans failed
 * keeps its status and reads "Unreachable since …" (never "No MCP").
 */
export function siteReachText(w: NonNullable<AdoptionReportData['mcpSites']>[number]): string {
  const since = w.liveness?.unreachableSince;
  if (since) return `Unreachable since ${since.slice(0, 16).replace('T', ' ')} UTC`;
  return w.liveness?.lastOutcome === 'not-scanned' ? 'Not scanned' : 'Reachable';
}

/** A listed site's tool count: "at least N" when the list was cut short, "unknown" when nothing of it could be read. */
export const siteToolsText = (w: WebsitesResponse['websites'][number]): string => countText(w.latestScan?.toolsCount ?? 0, w.latestScan?.toolsTruncated);

/** What the evidence column means; tool counts of cut lists are lower bounds. */
export const EVIDENCE_NOTE = `Evidence: Handshake = ${EVIDENCE_EXPLANATIONS.handshake}; OAuth metadata = ${EVIDENCE_EXPLANATIONS['oauth-metadata']}; Auth wall = ${EVIDENCE_EXPLANATIONS['auth-wall']}. "At least N" tools: the list was cut short by the scanner's limits.`;
