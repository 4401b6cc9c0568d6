import type { CatalogueReject } from './catalogue-file';
import type { ImportResult } from './import-catalogue';

/** `3 inserted, 1 updated, 500 unchanged, 2 rejected` */
export function formatCounts(result: ImportResult): string {
  return `${result.inserted} inserted, ${result.updated} updated, ${result.unchanged} unchanged, ${result.rejected.length} rejected`;
}

/** `line 7: reason` */
export function formatReject(r: CatalogueReject): string {
  return `line ${r.line}: ${r.reason}`;
}

/**
 * Reject lines for a log: the first `max` individually, then one line with the
 * number left out and the most frequent kinds of reason among them.
 */
export function summarizeRejects(rejected: readonly CatalogueReject[], max = 10): string[] {
  const lines = rejected.slice(0, max).map(formatReject);
  const rest = rejected.slice(max);
  if (rest.length > 0) {
    const kinds = new Map<string, number>();
    for (const r of rest) {
      // Group by the reason's wording without the specific values.
      const kind = r.reason.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').replace(/:.*$/, '');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const top = [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([kind, count]) => `${count}× ${kind}`)
      .join('; ');
    lines.push(`… and ${rest.length} more rejected rows (${top})`);
  }
  return lines;
}
