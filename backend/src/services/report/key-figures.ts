import { countOf, formatCount, formatPercent, formatSignedCount, formatSignedPercent, formatSignedPoints } from './format';
import type { ReportFigures } from './figures';
import type { MetricsResponse } from '@mcp-census/schemas';

/** One headline figure: what, how much, and how it changed over the window (words, never "+0.0%" from nothing). */
export interface KeyFigure {
  label: string;
  value: string;
  note: string;
}

function mcpChange(f: ReportFigures): string {
  const c = f.change;
  const span = `in ${countOf(f.windowDays, 'day')}`;
  if (c.kind === 'none') return 'Not enough history yet';
  const diff = c.to.mcpEnabledCount - c.from.mcpEnabledCount;
  if (c.kind === 'zero') return diff === 0 ? `None yet ${span}` : `New ${span} (none at the start)`;
  if (diff === 0) return `No change ${span}`;
  return `${formatSignedCount(diff)} (${formatSignedPercent((diff / c.from.mcpEnabledCount) * 100)}) ${span}`;
}

function rateChange(f: ReportFigures): string {
  const c = f.change;
  if (c.kind === 'none') return 'Not enough history yet';
  const points = c.to.adoptionRate - c.from.adoptionRate;
  const span = `in ${countOf(f.windowDays, 'day')}`;
  return Math.abs(points) < 0.05 ? `No change ${span}` : `${formatSignedPoints(points)} ${span}`;
}

/** The four headline tiles, in order. */
export function headlineFigures(f: ReportFigures): KeyFigure[] {
  return [
    { label: 'Platforms monitored', value: formatCount(f.totalWebsites), note: 'Active websites in the catalogue' },
    { label: 'MCP-enabled platforms', value: formatCount(f.mcpEnabled), note: mcpChange(f) },
    { label: 'Adoption rate', value: formatPercent(f.adoptionRate), note: rateChange(f) },
    { label: 'New adoptions', value: formatCount(f.newAdoptions), note: `First MCP scan in the last ${countOf(f.windowDays, 'day')}` },
  ];
}

/** The secondary figures under the tiles. */
export function detailFigures(m: MetricsResponse): KeyFigure[] {
  const rows: KeyFigure[] = [
    { label: 'Capability coverage', value: formatPercent(m.capabilityRate), note: 'MCP-enabled platforms listing at least one tool, resource or prompt' },
    { label: 'Tools', value: formatCount(m.totalTools), note: 'Listed by MCP-enabled platforms' },
    { label: 'Resources', value: formatCount(m.totalResources), note: 'Listed by MCP-enabled platforms' },
    { label: 'Prompts', value: formatCount(m.totalPrompts), note: 'Listed by MCP-enabled platforms' },
  ];
  if (m.unreachable !== undefined) {
    rows.push({ label: 'Unreachable platforms', value: formatCount(m.unreachable), note: 'Confirmed unreachable: counted neither as MCP-enabled nor as without MCP' });
  }
  return rows;
}
