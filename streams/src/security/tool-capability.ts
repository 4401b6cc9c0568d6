import {
  MATCHED_MAX_CHARS,
  TOOL_CAPABILITIES,
  TOOL_CAPABILITY_RULES,
  type ScannedTool,
  type ToolCapability,
  type ToolCapabilityRule,
} from '@mcp-census/schemas';
import { classifyPrivilegeByWords, nameWords, type ToolPrivilege } from './detectors/over-privileged-tools';
import { visibleText } from './evidence';
import { capText } from './text-signals';

/**
 * What one tool lets a caller do, by the table in
 * schemas/src/tool-capability-rules.ts (first matching rule wins). Pure.
 */
export interface ToolCapabilityMatch {
  capability: ToolCapability;
  rule: ToolCapabilityRule;
  /** Where the deciding text was: "name", "description", "inputSchema properties.cmd", "annotations.destructiveHint"... */
  field: string | null;
  /** The deciding text, visible-escaped and capped; null for the fallback rule. */
  matched: string | null;
  /** The tool claims readOnlyHint true but a rule says it has side effects. */
  readOnlyHintContradicted: boolean;
}

type Tool = Pick<ScannedTool, 'name' | 'description' | 'inputSchema' | 'annotations'>;

const ALL_VERBS = new Set(TOOL_CAPABILITY_RULES.flatMap((r) => r.verbs));
const RANK: Record<ToolCapability, number> = Object.fromEntries(TOOL_CAPABILITIES.map((c, i) => [c, TOOL_CAPABILITIES.length - i])) as Record<ToolCapability, number>;

/** Higher is more capable: destructive > side-effect > read-only > unknown. */
export function capabilityRank(c: ToolCapability): number {
  return RANK[c];
}

/** "Deletes" → delete, "Searches" → search, "Lists" → list: a known verb or null. */
function knownVerb(w: string): string | null {
  return w && ALL_VERBS.has(w) ? w : null;
}

function asVerb(word: string): string | null {
  // the word itself, then without a final "s", then without a final "es" (no candidate list per tool)
  return knownVerb(word) ?? (word.endsWith('s') ? knownVerb(word.slice(0, -1)) ?? (word.endsWith('es') ? knownVerb(word.slice(0, -2)) : null) : null);
}

interface ToolWords {
  words: readonly string[];
  /** The first word of the name that is a known verb. */
  nameVerb: string | null;
  /** The description's first word, when a known verb. */
  descriptionVerb: string | null;
  parameters: { raw: string; key: string }[];
}

function schemaPropertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const props = (schema as Record<string, unknown>).properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return [];
  return Object.keys(props).slice(0, 200);
}

const FIRST_WORD = /[a-z]+/i;
const KEY_SEPARATORS = /[_-]/g;

function toolWords(tool: Tool, words: readonly string[]): ToolWords {
  const first = FIRST_WORD.exec(capText(tool.description ?? '').trimStart().slice(0, 40));
  const startsText = first !== null && first.index === 0;
  let nameVerb: string | null = null;
  for (const w of words) {
    if (ALL_VERBS.has(w)) {
      nameVerb = w;
      break;
    }
  }
  return {
    words,
    nameVerb,
    descriptionVerb: startsText ? asVerb(first[0].toLowerCase()) : null,
    parameters: schemaPropertyNames(tool.inputSchema).map((raw) => ({ raw, key: raw.toLowerCase().replace(KEY_SEPARATORS, '') })),
  };
}

const snippet = (text: string) => visibleText(text, MATCHED_MAX_CHARS);

/** A rule with its word lists as sets (null when empty), built once: every tool is matched against every rule. */
interface CompiledRule {
  rule: ToolCapabilityRule;
  verbs: ReadonlySet<string>;
  anywhere: ReadonlySet<string> | null;
  parameters: ReadonlySet<string> | null;
}

const nonEmptySet = (words: readonly string[]): ReadonlySet<string> | null => (words.length ? new Set(words) : null);
const FALLBACK_INDEX = TOOL_CAPABILITY_RULES.findIndex((r) => r.capability === 'unknown');
const FALLBACK_RULE = TOOL_CAPABILITY_RULES[FALLBACK_INDEX]!;
/** The table in order, up to (not including) the first fallback rule. */
const RULES_BEFORE_FALLBACK: readonly CompiledRule[] = (FALLBACK_INDEX < 0 ? TOOL_CAPABILITY_RULES : TOOL_CAPABILITY_RULES.slice(0, FALLBACK_INDEX)).map((rule) => ({
  rule,
  verbs: new Set(rule.verbs),
  anywhere: nonEmptySet(rule.anywhere),
  parameters: nonEmptySet(rule.parameters),
}));

function firstIn<T>(items: readonly T[], set: ReadonlySet<string>, key: (item: T) => string): T | undefined {
  for (const item of items) if (set.has(key(item))) return item;
  return undefined;
}
const self = (w: string): string => w;
const parameterKey = (p: { key: string }): string => p.key;

function matchRule(c: CompiledRule, tool: Tool, w: ToolWords, privilege: () => ToolPrivilege | null): { field: string; matched: string } | null {
  const { rule, verbs } = c;
  if (w.nameVerb && verbs.has(w.nameVerb)) return { field: 'name', matched: snippet(tool.name) };
  if (w.descriptionVerb && verbs.has(w.descriptionVerb)) return { field: 'description', matched: snippet((tool.description ?? '').trimStart().slice(0, 200)) };
  if (c.anywhere && firstIn(w.words, c.anywhere, self) !== undefined) return { field: 'name', matched: snippet(tool.name) };
  const param = c.parameters ? firstIn(w.parameters, c.parameters, parameterKey) : undefined;
  if (param) return { field: `inputSchema properties.${snippet(param.raw).slice(0, 80)}`, matched: snippet(param.raw) };
  const a = tool.annotations;
  if (rule.annotation === 'destructiveHint true' && a?.destructiveHint === true && a.readOnlyHint !== true) return { field: 'annotations.destructiveHint', matched: 'destructiveHint: true' };
  if (rule.annotation === 'readOnlyHint false' && a?.readOnlyHint === false) return { field: 'annotations.readOnlyHint', matched: 'readOnlyHint: false' };
  if (rule.annotation === 'readOnlyHint true' && a?.readOnlyHint === true) return { field: 'annotations.readOnlyHint', matched: 'readOnlyHint: true' };
  if (rule.privilege) {
    const p = privilege();
    if (!p) return null;
    const destructive = p.privilegeClass === 'shell' || ((p.privilegeClass === 'file' || p.privilegeClass === 'database') && p.destructive);
    const write = p.privilegeClass === 'file' && !p.destructive;
    if ((rule.privilege === 'destructive' && destructive) || (rule.privilege === 'write' && write)) return { field: 'SAFE-T1104', matched: snippet(p.reason) };
  }
  return null;
}

/** The tool's capability and the rule (with the matched text) that decided it. */
export function classifyToolCapability(tool: Tool): ToolCapabilityMatch {
  const words = nameWords(tool.name);
  // several rules ask for the tool's privilege class: classified once, when first asked
  let privilege: { value: ToolPrivilege | null } | undefined;
  return classifyCapabilityByWords(tool, words, () => (privilege ??= { value: classifyPrivilegeByWords(tool, words) }).value);
}

/**
 * classifyToolCapability with the name's words split and the privilege class
 * (asked lazily) supplied by the caller: a site run shares both with SAFE-T1104.
 */
export function classifyCapabilityByWords(tool: Tool, words: readonly string[], privilegeOf: () => ToolPrivilege | null): ToolCapabilityMatch {
  const w = toolWords(tool, words);
  for (const c of RULES_BEFORE_FALLBACK) {
    const m = matchRule(c, tool, w, privilegeOf);
    if (!m) continue;
    const rule = c.rule;
    return {
      capability: rule.capability,
      rule,
      field: m.field,
      matched: m.matched,
      readOnlyHintContradicted: tool.annotations?.readOnlyHint === true && (rule.capability === 'destructive' || rule.capability === 'side-effect'),
    };
  }
  return { capability: 'unknown', rule: FALLBACK_RULE, field: null, matched: null, readOnlyHintContradicted: false };
}
