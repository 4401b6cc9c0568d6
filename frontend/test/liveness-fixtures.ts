import type { AvailabilityDay, SiteAvailability, SiteLiveness } from '@mcp-census/schemas/api/liveness';
import { websiteDetailSchema, type WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';

/** Shared fixtures of the liveness tests; every site is checked against the contract. */
export const SINCE = '2025-03-04T10:05:00Z';
export const ALIVE = '2025-03-03T22:00:00Z';

export const liveness = (over: Partial<SiteLiveness> = {}): SiteLiveness => ({
  status: 'mcp',
  lastOutcome: 'mcp',
  unreachableSince: null,
  unreachableScans: 0,
  unreachableClass: null,
  lastSeenAlive: ALIVE,
  uptime30d: 100,
  ...over,
});

export const LIVENESS = {
  mcp: liveness(),
  mcpOutage: liveness({ lastOutcome: 'unreachable', unreachableSince: SINCE, unreachableScans: 2, unreachableClass: 'timeout', uptime30d: 93.3 }),
  unreachable: liveness({ status: 'unreachable', lastOutcome: 'unreachable', unreachableSince: SINCE, unreachableScans: 6, unreachableClass: 'dns', uptime30d: 40 }),
  notScanned: liveness({ status: 'not-scanned', lastOutcome: 'not-scanned', lastSeenAlive: null, uptime30d: null }),
  pending: liveness({ status: 'pending', lastOutcome: null, lastSeenAlive: null, uptime30d: null }),
  noMcp: liveness({ status: 'no-mcp', lastOutcome: 'no-mcp' }),
} satisfies Record<string, SiteLiveness>;

export const latestScan = (over: Partial<NonNullable<WebsiteDetailResponse['latestScan']>> = {}): NonNullable<WebsiteDetailResponse['latestScan']> => ({
  hasMcp: true,
  scanTime: '2025-03-04T12:00:00Z',
  mcpEndpoint: 'https://mcp.example.com/mcp',
  responseTime: 140,
  error: null,
  errorClass: null,
  transport: 'streamable-http',
  authRequired: false,
  toolsCount: 3,
  resourcesCount: 1,
  promptsCount: 0,
  protocolVersion: '2025-06-18',
  serverInfo: null,
  authorizationServers: [],
  discoveredVia: null,
  listsTruncated: false,
  tools: [],
  resources: [],
  prompts: [],
  ...over,
});

/** 30 UTC days ending 2025-03-30: day 10 none reached, day 20 some failed, day 25 no scan, the rest all reached. */
export function thirtyDays(): AvailabilityDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = `2025-03-${String(i + 1).padStart(2, '0')}`;
    if (i === 9) return { date, scans: 2, reachable: 0, mcp: 0, avgResponseTime: null };
    if (i === 19) return { date, scans: 4, reachable: 3, mcp: 3, avgResponseTime: 210 };
    if (i === 24) return { date, scans: 0, reachable: 0, mcp: 0, avgResponseTime: null };
    return { date, scans: 2, reachable: 2, mcp: 2, avgResponseTime: 100 + i };
  });
}

export const availability = (): SiteAvailability => ({ days: thirtyDays(), uptime30d: 93.3, lastSeenAlive: ALIVE });

export function detail(over: Partial<WebsiteDetailResponse> = {}): WebsiteDetailResponse {
  return websiteDetailSchema.parse({
    id: 7,
    name: 'Example <b>Shop</b>',
    url: 'https://shop.example.com',
    category: 'E-commerce',
    latestScan: latestScan(),
    ...over,
  });
}
