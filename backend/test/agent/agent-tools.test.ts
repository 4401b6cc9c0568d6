import { describe, expect, it } from 'vitest';
import { adoptionMetricsResultSchema, analyzedWebsitesResourceSchema, platformStatusResultSchema, type AgentResourceContent } from '@mcp-census/schemas/api/agent';
import type { WebsiteDetailResponse as WebsiteDetail } from '@mcp-census/schemas/api/websites';
import { createAgentData } from '../../src/agent/agent-data';
import { readAgentResource } from '../../src/agent/agent-resources';
import { getPlatformStatus, queryAdoptionMetrics, runAgentTool } from '../../src/agent/agent-tools';
import { HttpError } from '../../src/http/error-handler';
import { hostKeyOf } from '../../src/queries/find-platforms';
import { fakeAgentData, FIXED_NOW, summary } from './fake-agent-data';

const rejectsWith = (status: number, message: RegExp) => (err: unknown) => err instanceof HttpError && err.status === status && message.test(err.message);

describe('query_adoption_metrics', () => {
  it.each([
    ['7d', 7],
    ['30d', 30],
    ['90d', 90],
    ['1y', 365],
    [undefined, 30],
  ] as const)('maps time_range %s to %i days of trend', async (timeRange, days) => {
    const data = fakeAgentData();
    const result = await queryAdoptionMetrics(data, { metric_type: 'total_platforms', ...(timeRange ? { time_range: timeRange } : {}) });
    expect(data.calls).toContain(`adoptionTrend(${days})`);
    expect(result).toMatchObject({ days, time_range: timeRange ?? '30d', generatedAt: FIXED_NOW.toISOString() });
    if (result.metric_type !== 'total_platforms') throw new Error('wrong metric');
    expect(result.trend).toHaveLength(days);
  });

  it('adoption_rate: the dashboard rate now and the change across the trend in points', async () => {
    const result = adoptionMetricsResultSchema.parse(await queryAdoptionMetrics(fakeAgentData(), { metric_type: 'adoption_rate', time_range: '7d' }));
    if (result.metric_type !== 'adoption_rate') throw new Error('wrong metric');
    expect(result.current).toEqual({ adoptionRate: 15, mcpEnabled: 30, totalWebsites: 200 });
    // 10/100 → 16/106 (15.1%) over 7 days.
    expect(result.change).toBe(5.1);
    expect(result.trend[0]).toEqual({ date: '2026-06-09', adoptionRate: 10, mcpEnabledCount: 10, totalWebsites: 100, newAdoptions: 1 });
  });

  it('total_platforms: the totals without nesting weekly growth twice', async () => {
    const result = await queryAdoptionMetrics(fakeAgentData(), { metric_type: 'total_platforms' });
    if (result.metric_type !== 'total_platforms') throw new Error('wrong metric');
    expect(result.totals).toEqual({ totalWebsites: 200, mcpEnabled: 30, capabilityRate: 90, totalTools: 120, totalResources: 40, totalPrompts: 10 });
    expect(result.weeklyGrowth).toEqual({ websites: 1, adoption: 0.5, tools: 2 });
  });

  it('early_adopters: ranked oldest first, with adoptions counted inside the range only', async () => {
    const adopters = [
      { id: 7, name: 'First', url: 'https://first.example', category: null, firstMcpSeenAt: '2025-01-01T00:00:00.000Z', hasMcpNow: false },
      { id: 3, name: 'Second', url: 'https://second.example', category: 'AI', firstMcpSeenAt: '2025-02-01T00:00:00.000Z', hasMcpNow: true },
    ];
    const data = fakeAgentData({ adopters });
    const result = adoptionMetricsResultSchema.parse(await queryAdoptionMetrics(data, { metric_type: 'early_adopters', time_range: '90d' }));
    if (result.metric_type !== 'early_adopters') throw new Error('wrong metric');
    expect(result.adopters.map((a) => [a.rank, a.id, a.hasMcpNow])).toEqual([
      [1, 7, false],
      [2, 3, true],
    ]);
    expect(result.newAdoptionsInRange).toBe(90);
    expect(data.calls).toContain('earliestAdopters(20)');
  });

  it('implementation_trends: percent change of tools, and 0 from a zero start', async () => {
    const result = await queryAdoptionMetrics(fakeAgentData(), { metric_type: 'implementation_trends', time_range: '30d' });
    if (result.metric_type !== 'implementation_trends') throw new Error('wrong metric');
    expect(result.current).toEqual({ totalTools: 120, totalResources: 40, totalPrompts: 10 });
    expect(result.change).toEqual({ tools: Math.round((1000 * 58) / 50) / 10, resources: 290, prompts: 0 });
    expect(result.trend.at(-1)).toEqual({ date: '2026-06-15', toolsCount: 108, resourcesCount: 39, promptsCount: 0 });
  });
});

describe('get_platform_status', () => {
  const detail: WebsiteDetail = { ...summary(5, 'Acme'), latestScan: null };

  it('answers 404 when nothing matches, and when the match disappeared meanwhile', async () => {
    await expect(getPlatformStatus(fakeAgentData(), { platform_name: 'acme' })).rejects.toSatisfy(rejectsWith(404, /No monitored platform matches "acme"/));
    const gone = fakeAgentData({ matches: [{ id: 9, name: 'Gone', url: 'https://gone.example', match: 'name' }] });
    await expect(getPlatformStatus(gone, { platform_name: 'gone' })).rejects.toSatisfy(rejectsWith(404, /No monitored platform/));
  });

  it('reports the best match and lists the other candidates', async () => {
    const data = fakeAgentData({
      matches: [
        { id: 5, name: 'Acme', url: 'https://acme.example', match: 'partial' },
        { id: 6, name: 'Acme Two', url: 'https://acme-two.example', match: 'partial' },
      ],
      details: [detail],
    });
    const result = platformStatusResultSchema.parse(await getPlatformStatus(data, { platform_name: 'acm' }));
    expect(result).toMatchObject({ match: 'partial', platform: { id: 5, status: 'pending', latestScan: null }, otherMatches: [{ id: 6, name: 'Acme Two' }] });
  });
});

describe('runAgentTool', () => {
  it('answers an unknown tool with 404 and bad parameters with a 400 naming each problem', async () => {
    const data = fakeAgentData();
    await expect(runAgentTool(data, 'drop_tables', {})).rejects.toSatisfy(rejectsWith(404, /Unknown tool "drop_tables"/));
    const err = await runAgentTool(data, 'query_adoption_metrics', { metric_type: 'x', time_range: '2y', extra: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).message).toMatch(/^Invalid parameters for query_adoption_metrics: /);
    expect(((err as HttpError).details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['', 'metric_type', 'time_range']);
  });

  it('refuses a non-http(s) URL before the scanner sees it', async () => {
    const data = fakeAgentData();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'gopher://a.example', 'not a url']) {
      await expect(runAgentTool(data, 'scan_website', { url })).rejects.toSatisfy(rejectsWith(400, /Invalid url/));
    }
    expect(data.calls.filter((c) => c.startsWith('scanWebsite'))).toEqual([]);
  });
});

describe('createAgentData', () => {
  it('answers 429 beyond the concurrent scan limit and frees the slot afterwards', async () => {
    let release: () => void = () => undefined;
    const started: string[] = [];
    const scanner = {
      scanWebsite: (url: string) =>
        new Promise<never>((_resolve, reject) => {
          started.push(url);
          release = () => reject(new HttpError(400, 'done'));
        }),
    };
    const data = createAgentData({ pool: {} as never, clickhouse: {} as never, publicData: {} as never, oneUrlScanner: scanner, maxConcurrentScans: 1 });
    const first = data.scanWebsite('https://a.example/').catch((e: unknown) => e);
    await expect(data.scanWebsite('https://b.example/')).rejects.toSatisfy(rejectsWith(429, /Too many scans/));
    release();
    expect(await first).toBeInstanceOf(HttpError);
    const third = data.scanWebsite('https://c.example/').catch((e: unknown) => e);
    release();
    await third;
    expect(started).toEqual(['https://a.example/', 'https://c.example/']);
  });

  it.each([
    ['github.com', 'github.com'],
    ['https://www.GitHub.com/features', 'github.com'],
    ['WWW.example.org.', 'example.org'],
    ['http://shop.example:8443/x', 'shop.example:8443'],
    ['GitHub', null],
    ['Acme Tools', null],
    ['', null],
  ])('hostKeyOf(%s) is %s', (query, key) => {
    expect(hostKeyOf(query)).toBe(key);
  });
});

describe('analyzed-websites', () => {
  const sites = (n: number) => Array.from({ length: n }, (_, i) => summary(i + 1, `Site ${String(i + 1).padStart(5, '0')}`, i % 3 === 0 ? 'mcp' : i % 3 === 1 ? 'none' : 'pending'));
  const read = async (n: number): Promise<{ content: AgentResourceContent; calls: string[] }> => {
    const data = fakeAgentData({ sites: sites(n) });
    return { content: await readAgentResource(data, 'analyzed-websites', { publicUrl: 'https://census.example' }), calls: data.calls };
  };

  it('reads one page of 100 and points at page 2 as an MCP resource and a REST URL', async () => {
    const { content, calls } = await read(1_234);
    const parsed = analyzedWebsitesResourceSchema.parse(content);
    expect(calls).toEqual(['websitesPage(1,100)']);
    expect(parsed).toMatchObject({ total: 1_234, included: 100, truncated: true, nextPage: 'https://census.example/api/websites?page=2&limit=100', nextResource: 'census://websites/page/2' });
    expect(parsed.note).toContain('census://websites/page/2');
    expect(parsed.note).toContain('GET https://census.example/api/websites?page=N&limit=100');
    expect(parsed.websites.slice(0, 3).map((w) => w.status)).toEqual(['mcp-enabled', 'no-mcp', 'pending']);
  });

  it('names no next page when everything fits', async () => {
    const { content, calls } = await read(100);
    expect(calls).toEqual(['websitesPage(1,100)']);
    expect(content).toMatchObject({ total: 100, included: 100, truncated: false, nextPage: null, nextResource: null });
  });
});
