import type { ScanResult, SecurityFinding } from '@mcp-census/schemas';
import { visibleText } from '../evidence';
import { makeFinding } from '../metadata';
import { SEVERITY_RULES } from '../severity';

/**
 * SAFE-T1201 Rug Pull: a tool, resource or prompt keeps its name but its
 * definition changes between scans (the hash covers name, description and
 * schema/arguments/URI). Added and removed items are ordinary evolution and
 * the first scan has nothing to compare with: neither produces a finding.
 */
export const RUG_PULL = 'SAFE-T1201';

export type DefinitionKind = 'tool' | 'resource' | 'prompt';

/** What the previous scan of the site listed. */
export interface PreviousDefinition {
  kind: DefinitionKind;
  name: string;
  hash: string;
}

const short = (hash: string): string => hash.slice(0, 12);

export function detectRugPull(
  websiteId: number,
  current: Pick<ScanResult, 'tools' | 'resources' | 'prompts'>,
  previous: readonly PreviousDefinition[] | null,
): SecurityFinding[] {
  if (!previous || previous.length === 0) return [];
  // A name may appear twice in a list; any earlier hash for it counts as "unchanged".
  const before = new Map<string, Set<string>>();
  for (const p of previous) {
    const key = `${p.kind}\u0000${p.name}`;
    const hashes = before.get(key) ?? new Set<string>();
    hashes.add(p.hash);
    before.set(key, hashes);
  }
  const findings: SecurityFinding[] = [];
  const check = (kind: DefinitionKind, item: { name: string; hash: string }): void => {
    const hashes = before.get(`${kind}\u0000${item.name}`);
    if (!hashes || hashes.has(item.hash)) return;
    const was = [...hashes].slice(0, 2).map(short).join('/');
    findings.push(
      makeFinding(
        RUG_PULL,
        SEVERITY_RULES.rugPull.changedDefinition,
        websiteId,
        kind,
        item.name,
        `${kind} "${visibleText(item.name, 120)}" changed its definition since the previous scan (hash ${was} → ${short(item.hash)})`,
      ),
    );
  };
  for (const t of current.tools) check('tool', t);
  for (const r of current.resources) check('resource', r);
  for (const p of current.prompts) check('prompt', p);
  return findings;
}
