import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';
import { censusDays } from '../../lib/census-days';
import { formatCount, formatCountOf, formatNumber } from '../../lib/format';
import type { MetricCardProps } from './MetricCard';

/** The sparklines' span: the adoption trend's default period (spec section 9). */
export const SPARKLINE_DAYS = 30;

const percent = (value: number) => `${value.toFixed(1)}%`;

/**
 * The six Highlights with the spec's trend mapping: Platforms uses
 * weeklyGrowth.websites, Endpoint Coverage weeklyGrowth.adoption (points), and
 * Tools, Resources and Prompts all use weeklyGrowth.tools, so their baseline
 * and current figure are the tools'. Capability Coverage has no weekly change
 * and no daily series (the trend does not record capable sites), so neither.
 */
export function highlightCards(metrics: MetricsResponse, trend: readonly AdoptionTrendPoint[] | undefined): MetricCardProps[] {
  const days = censusDays(trend);
  const series = (pick: (p: AdoptionTrendPoint) => number, format: (n: number) => string) => ({ values: days.map(pick), format, days: SPARKLINE_DAYS });
  const { weeklyGrowth: growth, weeklyGrowthBaseline: baseline } = metrics;
  const coverage = metrics.totalWebsites > 0 ? (metrics.mcpEnabled / metrics.totalWebsites) * 100 : 0;
  const toolsTrend = { value: growth.tools, unit: '%', baseline: baseline?.tools, current: metrics.totalTools };
  return [
    {
      title: 'Platforms Monitored',
      value: formatCount(metrics.totalWebsites),
      exact: formatCountOf(metrics.totalWebsites, 'platform'),
      caption: 'Websites in the census',
      sparkline: series((p) => p.totalWebsites, formatNumber),
      trend: { value: growth.websites, unit: '%', baseline: baseline?.websites, current: metrics.totalWebsites },
    },
    {
      title: 'Endpoint Coverage',
      value: percent(coverage),
      exact: `${formatNumber(metrics.mcpEnabled)} of ${formatCountOf(metrics.totalWebsites, 'platform')}`,
      caption: `${formatCountOf(metrics.mcpEnabled, 'platform')} ${metrics.mcpEnabled === 1 ? 'exposes' : 'expose'} an MCP endpoint`,
      sparkline: series((p) => p.adoptionRate, percent),
      // A change in points is meaningful from a 0% rate too: no "New this week" here.
      trend: { value: growth.adoption, unit: ' pts', baseline: baseline?.adoption },
    },
    { title: 'Capability Coverage', value: percent(metrics.capabilityRate), caption: 'MCP platforms listing tools, resources or prompts' },
    {
      title: 'Tools Discovered',
      value: formatCount(metrics.totalTools),
      exact: formatCountOf(metrics.totalTools, 'tool'),
      caption: 'Callable tools announced',
      sparkline: series((p) => p.toolsCount, formatNumber),
      trend: toolsTrend,
      detailsHref: '/access?tab=tools',
    },
    {
      title: 'Resources Discovered',
      value: formatCount(metrics.totalResources),
      exact: formatCountOf(metrics.totalResources, 'resource'),
      caption: 'Readable resources announced',
      sparkline: series((p) => p.resourcesCount, formatNumber),
      trend: toolsTrend,
      detailsHref: '/access?tab=resources',
    },
    {
      title: 'Prompts Discovered',
      value: formatCount(metrics.totalPrompts),
      exact: formatCountOf(metrics.totalPrompts, 'prompt'),
      caption: 'Prompt templates announced',
      sparkline: series((p) => p.promptsCount, formatNumber),
      trend: toolsTrend,
      detailsHref: '/access?tab=prompts',
    },
  ];
}
