import { EVIDENCE_MAX_CHARS, type SecurityFinding, type Severity } from '@mcp-census/schemas';
import { foldLookalikes, hasNonLatinLookalike } from '../confusables';
import { visibleText } from '../evidence';
import { makeFinding } from '../metadata';
import { SEVERITY_RULES } from '../severity';

/**
 * SAFE-T1301 Cross-Server Tool Shadowing: the same, or nearly the same, tool
 * name on several servers, so a client connected to both may call the wrong
 * one. Sites are grouped by toolNameKey(); the caller (which sees every site)
 * hands one group at a time to crossServerShadowingFindings().
 */
export const CROSS_SERVER_SHADOWING = 'SAFE-T1301';

const RULES = SEVERITY_RULES.crossServerShadowing;

/** Other sites named in one finding's evidence. */
export const MAX_SITES_IN_EVIDENCE = 5;

const INVISIBLE_OR_FORMAT = /[\p{Cf}\p{Cc}]/gu;
const SEPARATORS = /[\s_.-]+/gu;
const NON_ASCII = /[\u0080-\uFFFF]/;

/**
 * Normalised name: NFKC (fullwidth → ASCII), lower-cased, look-alike letters
 * folded to Latin, invisible/format characters and separators (`_ - . space`)
 * dropped. Case folding also erases camelCase boundaries, so
 * `readFile`, `read_file`, `READ-FILE`, fullwidth `read_file` and
 * `re\u0430d_file` (Cyrillic a, U+0430) share the key `readfile`.
 */
export function toolNameKey(name: string): string {
  // ASCII names (most) are unchanged by NFKC and have no look-alikes to fold.
  if (!NON_ASCII.test(name)) return name.toLowerCase().replace(INVISIBLE_OR_FORMAT, '').replace(SEPARATORS, '');
  const nfkc = name.normalize('NFKC');
  return foldLookalikes(nfkc.toLowerCase()).replace(INVISIBLE_OR_FORMAT, '').replace(SEPARATORS, '');
}

export interface ToolNameOccurrence {
  websiteId: number;
  toolName: string;
}

/**
 * Findings for every (site, name) of one key group when at least two distinct
 * sites share the key. Per finding: low when every other site uses exactly
 * this name; medium when another site writes it differently; high when this
 * name itself is the variant written with Cyrillic/Greek look-alikes.
 * Linear in the group size (evidence lists at most MAX_SITES_IN_EVIDENCE others).
 */
export function crossServerShadowingFindings(occurrences: readonly ToolNameOccurrence[]): SecurityFinding[] {
  const unique = new Map<string, ToolNameOccurrence>();
  for (const o of occurrences) unique.set(`${o.websiteId}\u0000${o.toolName}`, o);
  const list = [...unique.values()].sort((a, b) => a.websiteId - b.websiteId || (a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : 0));

  const entriesPerSite = new Map<number, number>();
  for (const o of list) entriesPerSite.set(o.websiteId, (entriesPerSite.get(o.websiteId) ?? 0) + 1);
  if (entriesPerSite.size < 2) return [];

  // A spelling used by one site only is "owned" by it; counting owned
  // spellings per site answers "does another site spell it differently?" in O(1).
  const sitesByName = new Map<string, Set<number>>();
  for (const o of list) {
    const set = sitesByName.get(o.toolName) ?? new Set<number>();
    set.add(o.websiteId);
    sitesByName.set(o.toolName, set);
  }
  const ownerOf = (name: string): number | null => {
    const set = sitesByName.get(name)!;
    return set.size === 1 ? set.values().next().value! : null;
  };
  const ownedSpellings = new Map<number, number>();
  for (const name of sitesByName.keys()) {
    const owner = ownerOf(name);
    if (owner !== null) ownedSpellings.set(owner, (ownedSpellings.get(owner) ?? 0) + 1);
  }

  return list.map((o) => {
    const otherSpellings = sitesByName.size - 1;
    const otherSpellingsOwnedHere = (ownedSpellings.get(o.websiteId) ?? 0) - (ownerOf(o.toolName) === o.websiteId ? 1 : 0);
    const differsElsewhere = otherSpellings - otherSpellingsOwnedHere > 0;
    const severity: Severity = !differsElsewhere
      ? RULES.sameName
      : hasNonLatinLookalike(o.toolName.normalize('NFKC'))
        ? RULES.nonLatinLookAlike
        : RULES.lookAlike;
    const label = !differsElsewhere ? 'same tool name' : severity === RULES.nonLatinLookAlike ? 'look-alike name with Cyrillic/Greek letters' : 'look-alike tool name';
    const head = `${label} "${visibleText(o.toolName, 60)}" also on `;
    return makeFinding(CROSS_SERVER_SHADOWING, severity, o.websiteId, 'tool', o.toolName, head + describeOthers(list, o, entriesPerSite, EVIDENCE_MAX_CHARS - head.length));

  });
}

/** `site 12, site 40 as "readFile" and 7 more`: the first few other sites of the group, within `room` characters. */
function describeOthers(list: readonly ToolNameOccurrence[], self: ToolNameOccurrence, entriesPerSite: ReadonlyMap<number, number>, room: number): string {
  const otherEntries = list.length - (entriesPerSite.get(self.websiteId) ?? 0);
  const reserve = ` and ${otherEntries} more`.length;
  let text = '';
  let shown = 0;
  for (const x of list) {
    if (shown >= MAX_SITES_IN_EVIDENCE) break;
    if (x.websiteId === self.websiteId) continue;
    const piece = `${shown ? ', ' : ''}site ${x.websiteId}${x.toolName === self.toolName ? '' : ` as "${visibleText(x.toolName, 40)}"`}`;
    if (text.length + piece.length + reserve > room) break;
    text += piece;
    shown++;
  }
  const rest = otherEntries - shown;
  if (rest <= 0) return text;
  return shown ? `${text} and ${rest} more` : `${rest} other site(s)`;
}
