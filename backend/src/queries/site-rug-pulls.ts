import type { SiteHistoryResponse } from '@mcp-census/schemas/api/site-history';
import type pg from 'pg';
import { z } from 'zod';

/** The rug-pull technique (streams/src/security/detectors/rug-pull.ts). */
const RUG_PULL = 'SAFE-T1201';

export interface RugPullFinding {
  kind: string;
  name: string;
  /** The first 12 hex digits of the new definition's hash, as the finding's evidence names it ("… → abcdef012345)"); null when it does not. */
  afterPrefix: string | null;
}

const rowSchema = z.object({ subject_kind: z.string(), subject_name: z.string().nullable(), evidence: z.string() });

/** A site's projected SAFE-T1201 findings (over its latest scan, from the state projector). */
export async function readRugPullFindings(db: pg.Pool, websiteId: number): Promise<RugPullFinding[]> {
  const { rows } = await db.query('SELECT subject_kind, subject_name, evidence FROM site_findings WHERE website_id = $1 AND technique_id = $2', [websiteId, RUG_PULL]);
  return rows.flatMap((raw) => {
    const r = rowSchema.parse(raw);
    if (r.subject_name === null) return [];
    const prefix = /→ ([a-f0-9]{12})\)/.exec(r.evidence)?.[1] ?? null;
    return [{ kind: r.subject_kind, name: r.subject_name, afterPrefix: prefix }];
  });
}

/**
 * Marks the changed items a finding names: same kind and name, and the new
 * hash the finding cites (so an older, unrelated change of that name stays
 * unmarked). A finding without a cited hash marks the name's changes.
 */
export function markRugPulls(history: SiteHistoryResponse, findings: readonly RugPullFinding[]): SiteHistoryResponse {
  if (findings.length === 0) return history;
  const hit = (kind: string, name: string, afterHash: string | null): boolean =>
    findings.some((f) => f.kind === kind && f.name === name && (f.afterPrefix === null || (afterHash?.startsWith(f.afterPrefix) ?? false)));
  return {
    ...history,
    entries: history.entries.map((e) =>
      e.changes ? { ...e, changes: { ...e.changes, items: e.changes.items.map((c) => (c.change === 'changed' && hit(c.kind, c.name, c.afterHash) ? { ...c, rugPull: true } : c)) } } : e,
    ),
  };
}
