import type { CategoryStatistic } from '@mcp-census/schemas';
import { countOf, formatCount, formatPercent, formatSignedPercent, formatSignedPoints } from './format';
import type { ReportFigures } from './figures';
import { oneLine } from './text-safety';

/** Exactly three sentences, plain text (the HTML renderer escapes them): level, change, leading categories. */
export type ExecutiveSummary = readonly [level: string, change: string, categories: string];

/** Category names are scanned data: one short line in a sentence; the tables print them in full. */
const categoryName = (c: CategoryStatistic): string => oneLine(c.category, 60) || 'Uncategorised';

function levelSentence(f: ReportFigures): string {
  if (f.totalWebsites === 0) return 'The catalogue holds no platforms yet, so there is no adoption level to report.';
  if (f.mcpEnabled === 0) return `None of the ${countOf(f.totalWebsites, 'monitored platform')} exposes MCP yet.`;
  const verb = f.mcpEnabled === 1 ? 'exposes' : 'expose';
  return `${formatCount(f.mcpEnabled)} of ${countOf(f.totalWebsites, 'monitored platform')} (${formatPercent(f.adoptionRate)}) ${verb} MCP.`;
}

const newAdoptionsText = (n: number): string => (n === 0 ? 'no new adoptions' : countOf(n, 'new adoption'));

function changeSentence(f: ReportFigures): string {
  const window = `the last ${countOf(f.windowDays, 'day')}`;
  const c = f.change;
  if (c.kind === 'none') {
    const adopted = f.newAdoptions === 0 ? 'no platform has adopted MCP' : `${countOf(f.newAdoptions, 'platform')} adopted MCP for the first time`;
    return `There is not enough history yet to measure a change over ${window}; ${adopted} in that period.`;
  }
  const { from, to } = c;
  if (c.kind === 'zero') {
    if (to.mcpEnabledCount === 0) return `No platform exposed MCP at the start or at the end of ${window}.`;
    const now = `${countOf(to.mcpEnabledCount, 'platform')} ${to.mcpEnabledCount === 1 ? 'exposes' : 'expose'} it now`;
    return `MCP adoption is new over ${window}: ${now} where none did at the start, so there is not enough history yet for a growth rate.`;
  }
  const counts =
    to.mcpEnabledCount === from.mcpEnabledCount
      ? `MCP-enabled platforms held at ${formatCount(to.mcpEnabledCount)}`
      : `MCP-enabled platforms ${to.mcpEnabledCount > from.mcpEnabledCount ? 'grew' : 'fell'} from ${formatCount(from.mcpEnabledCount)} to ${formatCount(to.mcpEnabledCount)} (${formatSignedPercent(((to.mcpEnabledCount - from.mcpEnabledCount) / from.mcpEnabledCount) * 100)})`;
  const points = to.adoptionRate - from.adoptionRate;
  // Rates are 1-decimal figures: a difference that rounds to 0.0 is "steady", never "+0.0 points".
  const rate =
    Math.abs(points) < 0.05
      ? `the adoption rate held steady at ${formatPercent(to.adoptionRate)}`
      : `the adoption rate ${points > 0 ? 'rose' : 'fell'} from ${formatPercent(from.adoptionRate)} to ${formatPercent(to.adoptionRate)} (${formatSignedPoints(points)})`;
  return `Over ${window}, ${counts} with ${newAdoptionsText(f.newAdoptions)}, and ${rate}.`;
}

function categorySentence(f: ReportFigures): string {
  const rate = f.leaderByRate;
  const count = f.leaderByCount;
  if (!rate || !count) return 'No category has an MCP-enabled platform yet.';
  const rateDetail = `${formatPercent(rate.adoptionRate)}, ${formatCount(rate.mcpAdoption)} of ${countOf(rate.totalPlatforms, 'platform')}`;
  if (rate.category === count.category) {
    return `${categoryName(rate)} leads both by adoption rate (${rateDetail}) and by number of MCP-enabled platforms.`;
  }
  return `${categoryName(rate)} leads by adoption rate (${rateDetail}), and ${categoryName(count)} by number, with ${countOf(count.mcpAdoption, 'MCP-enabled platform')}.`;
}

/**
 * The report's executive summary, computed from its figures: one function for
 * the download, the e-mail HTML and the e-mail text, so they never disagree.
 */
export function executiveSummary(f: ReportFigures): ExecutiveSummary {
  return [levelSentence(f), changeSentence(f), categorySentence(f)];
}
