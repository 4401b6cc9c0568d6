import { SITE_HISTORY_MAX_CHANGES, type DefinitionChange, type HistoryDefinitionKind } from '@mcp-census/schemas/api/site-history';

/** What one scan listed, as the history stores it (parallel arrays) plus its per-kind truncation. */
export interface ListedDefinitions {
  kinds: readonly HistoryDefinitionKind[];
  names: readonly string[];
  hashes: readonly string[];
  truncated: Readonly<Record<HistoryDefinitionKind, boolean>>;
}

const KIND_ORDER: Record<HistoryDefinitionKind, number> = { tool: 0, resource: 1, prompt: 2, 'resource-template': 3 };
const CHANGE_ORDER: Record<DefinitionChange['change'], number> = { changed: 0, added: 1, removed: 2 };

function byKey(list: ListedDefinitions): Map<string, { kind: HistoryDefinitionKind; name: string; hashes: string[] }> {
  const out = new Map<string, { kind: HistoryDefinitionKind; name: string; hashes: string[] }>();
  list.kinds.forEach((kind, i) => {
    const name = list.names[i] ?? '';
    const hash = list.hashes[i] ?? '';
    const key = `${kind}\u0000${name}`;
    const held = out.get(key);
    if (held) held.hashes.push(hash);
    else out.set(key, { kind, name, hashes: [hash] });
  });
  return out;
}

/**
 * Items added, removed and changed (same kind and name, other definition hash)
 * from `before` to `after`. A name listed twice counts as changed only when its
 * hashes differ as sets, as the rug-pull detector sees it. A list cut by a cap
 * hides items rather than dropping them, so nothing is "removed" from a cut
 * list and nothing "added" over a cut baseline. Changes come first, then
 * additions, then removals, each by kind and name; at most
 * SITE_HISTORY_MAX_CHANGES are listed and the rest counted.
 */
export function diffDefinitions(before: ListedDefinitions, after: ListedDefinitions): { items: DefinitionChange[]; omitted: number } {
  const was = byKey(before);
  const now = byKey(after);
  const changes: DefinitionChange[] = [];
  for (const [key, item] of now) {
    const old = was.get(key);
    if (!old) {
      if (!before.truncated[item.kind]) changes.push({ kind: item.kind, name: item.name, change: 'added', beforeHash: null, afterHash: item.hashes[0] ?? null, rugPull: false });
      continue;
    }
    const oldSet = new Set(old.hashes);
    const newSet = new Set(item.hashes);
    if (oldSet.size === newSet.size && [...newSet].every((h) => oldSet.has(h))) continue;
    const beforeHash = old.hashes.find((h) => !newSet.has(h)) ?? old.hashes[0] ?? null;
    const afterHash = item.hashes.find((h) => !oldSet.has(h)) ?? item.hashes[0] ?? null;
    changes.push({ kind: item.kind, name: item.name, change: 'changed', beforeHash, afterHash, rugPull: false });
  }
  for (const [key, item] of was) {
    if (!now.has(key) && !after.truncated[item.kind]) changes.push({ kind: item.kind, name: item.name, change: 'removed', beforeHash: item.hashes[0] ?? null, afterHash: null, rugPull: false });
  }
  changes.sort((a, b) => CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { items: changes.slice(0, SITE_HISTORY_MAX_CHANGES), omitted: Math.max(0, changes.length - SITE_HISTORY_MAX_CHANGES) };
}
