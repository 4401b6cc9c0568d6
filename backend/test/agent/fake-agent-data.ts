import type { AdoptionTrendPoint, SingleScan, TrendPeriod } from '@mcp-census/schemas';
import type { EarlyAdopter, PlatformMatch } from '@mcp-census/schemas/api/agent';
import type { WebsiteDetailResponse as WebsiteDetail, WebsiteSummary } from '@mcp-census/schemas/api/websites';
import type { AgentData } from '../../src/agent/agent-data';

export const FIXED_NOW = new Date('2026-06-15T12:00:00Z');

/** A day of the trend where everything grows linearly from `start` by `step` per day. */
export function linearTrend(days: number, start: { total: number; mcp: number; tools: number }, step: { total: number; mcp: number; tools: number }): AdoptionTrendPoint[] {
  return Array.from({ length: days }, (_, i) => {
    const total = start.total + step.total * i;
    const mcp = start.mcp + step.mcp * i;
    return {
      date: new Date(FIXED_NOW.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      adoptionRate: total === 0 ? 0 : Math.round((1000 * mcp) / total) / 10,
      totalWebsites: total,
      mcpEnabledCount: mcp,
      newAdoptions: step.mcp,
      toolsCount: start.tools + step.tools * i,
      resourcesCount: mcp,
      promptsCount: 0,
    };
  });
}

export function summary(id: number, name: string, latest: 'mcp' | 'none' | 'pending' = 'mcp'): WebsiteSummary {
  return {
    id,
    name,
    url: `https://${name.toLowerCase().replace(/\s+/g, '-')}.example`,
    category: null,
    latestScan:
      latest === 'pending'
        ? null
        : { hasMcp: latest === 'mcp', scanTime: FIXED_NOW.toISOString(), mcpEndpoint: null, responseTime: 10, error: null, errorClass: null, transport: null, authRequired: false, toolsCount: 1, resourcesCount: 0, promptsCount: 0 },
  };
}

/** Records every call so tests can see what the tools asked for. */
export interface FakeAgentData extends AgentData {
  calls: string[];
}

export function fakeAgentData(overrides: Partial<AgentData> & { sites?: WebsiteSummary[]; matches?: PlatformMatch[]; details?: WebsiteDetail[]; adopters?: EarlyAdopter[] } = {}): FakeAgentData {
  const calls: string[] = [];
  const sites = overrides.sites ?? [];
  const base: AgentData = {
    now: () => FIXED_NOW,
    maxConcurrentScans: 4,
    async metrics() {
      calls.push('metrics');
      return { totalWebsites: 200, mcpEnabled: 30, capabilityRate: 90, totalTools: 120, totalResources: 40, totalPrompts: 10, weeklyGrowth: { websites: 1, adoption: 0.5, tools: 2 } };
    },
    async websitesPage(page, limit, category) {
      calls.push(category === undefined ? `websitesPage(${page},${limit})` : `websitesPage(${page},${limit},${category})`);
      const of = category === undefined ? sites : sites.filter((s) => s.category === category);
      return { websites: of.slice((page - 1) * limit, page * limit), pagination: { page, limit, total: of.length, pages: Math.ceil(of.length / limit) } };
    },
    async industryAnalytics() {
      calls.push('industryAnalytics');
      const names = [...new Set(sites.map((s) => s.category).filter((c): c is string => c !== null))];
      const categories = names.map((category) => ({ category, totalPlatforms: sites.filter((s) => s.category === category).length, mcpAdoption: 0, adoptionRate: 0 }));
      return { categories, totalPlatforms: sites.length, mcpEnabled: 0, adoptionRate: 0 };
    },
    async siteHistory(websiteId, limit) {
      calls.push(`siteHistory(${websiteId},${limit})`);
      return { websiteId, entries: [], nextBefore: null };
    },
    async findPlatforms(query, limit) {
      calls.push(`findPlatforms(${query},${limit})`);
      return (overrides.matches ?? []).slice(0, limit);
    },
    async website(id) {
      calls.push(`website(${id})`);
      return overrides.details?.find((d) => d.id === id) ?? null;
    },
    async adoptionTrend(days: TrendPeriod) {
      calls.push(`adoptionTrend(${days})`);
      return linearTrend(days, { total: 100, mcp: 10, tools: 50 }, { total: 1, mcp: 1, tools: 2 });
    },
    async monthlyGrowth() {
      calls.push('monthlyGrowth');
      return [{ month: '2026-06', growth: 5 }];
    },
    async earliestAdopters(limit) {
      calls.push(`earliestAdopters(${limit})`);
      return (overrides.adopters ?? []).slice(0, limit);
    },
    async toolCategories() {
      calls.push('toolCategories');
      return [
        { category: 'search', toolsCount: 7, websitesCount: 3 },
        { category: 'Uncategorized', toolsCount: 2, websitesCount: 1 },
      ];
    },
    async scanWebsite(url): Promise<SingleScan> {
      calls.push(`scanWebsite(${url})`);
      throw new Error('no scanner in this fake');
    },
  };
  const { sites: _s, matches: _m, details: _d, adopters: _a, ...methods } = overrides;
  return { ...base, ...methods, calls };
}
