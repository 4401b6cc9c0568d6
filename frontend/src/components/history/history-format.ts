import type { HistoryDefinitionKind, ScanChanges, SiteHistoryEntry } from '@mcp-census/schemas/api/site-history';
import type { ScanOutcome } from '@mcp-census/schemas/api/liveness';

/** Outcome words as the site's status badge uses them (lib/site-status.ts). */
export const OUTCOME_LABELS: Record<ScanOutcome, string> = {
  mcp: 'MCP Enabled',
  'no-mcp': 'No MCP',
  unreachable: 'Unreachable',
  'not-scanned': 'Not scanned',
};

export const KIND_LABELS: Record<HistoryDefinitionKind, string> = {
  tool: 'Tool',
  resource: 'Resource',
  prompt: 'Prompt',
  'resource-template': 'Resource template',
};

/** Whether a scan changed anything worth a line of its own (the first scan always does). */
export function isNotable(entry: SiteHistoryEntry): boolean {
  const c: ScanChanges | null = entry.changes;
  return c === null || c.statusChange !== null || c.items.length > 0 || c.itemChangesOmitted > 0;
}

export type TimelineItem = { kind: 'scan'; entry: SiteHistoryEntry } | { kind: 'quiet'; entries: SiteHistoryEntry[] };

/** Runs of scans that changed nothing fold into one line, so a weekly rescan does not bury the changes. */
export function timeline(entries: readonly SiteHistoryEntry[]): TimelineItem[] {
  const out: TimelineItem[] = [];
  for (const entry of entries) {
    const last = out[out.length - 1];
    if (isNotable(entry)) out.push({ kind: 'scan', entry });
    else if (last?.kind === 'quiet') last.entries.push(entry);
    else out.push({ kind: 'quiet', entries: [entry] });
  }
  return out;
}

export type DiffLine = { op: 'same' | 'removed' | 'added'; text: string };

/** Beyond this many lines a side, the compare view shows both bodies without line marks (LCS is quadratic). */
const MAX_DIFF_LINES = 1_500;

/** A line diff (longest common subsequence) of two texts; null when they are too long to compare. */
export function lineDiff(before: string, after: string): DiffLine[] | null {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return null;
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * w + j] = a[i] === b[j] ? (lcs[(i + 1) * w + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * w + j] ?? 0, lcs[i * w + j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] ?? '' });
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * w + j] ?? 0) >= (lcs[i * w + j + 1] ?? 0)) {
      out.push({ op: 'removed', text: a[i] ?? '' });
      i += 1;
    } else {
      out.push({ op: 'added', text: b[j] ?? '' });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) out.push({ op: 'removed', text: a[i] ?? '' });
  for (; j < b.length; j += 1) out.push({ op: 'added', text: b[j] ?? '' });
  return out;
}

/** Keys shown first; the rest alphabetically, at every level, so key order (jsonb reorders them) never reads as a change. */
const LEADING_KEYS = ['kind', 'name', 'title', 'description'];
const keyRank = (k: string): number => {
  const i = LEADING_KEYS.indexOf(k);
  return i === -1 ? LEADING_KEYS.length : i;
};

export function withStableKeys(value: unknown, depth = 0): unknown {
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withStableKeys(v, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => keyRank(a) - keyRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, withStableKeys(v, depth + 1)]));
}
