import {
  MATCHED_MAX_CHARS,
  TOOL_CAPABILITIES,
  TOOL_CAPABILITY_RULES,
  type ScannedTool,
  type ToolCapability,
  type ToolCapabilityRule,
} from '@mcp-census/schemas';
import { classifyToolPrivilege, nameWords, type ToolPrivilege } from './detectors/over-privileged-tools';
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
function asVerb(word: string): string | null {
  for (const w of [word, word.replace(/s$/, ''), word.replace(/es$/, '')]) if (w && ALL_VERBS.has(w)) return w;
  return null;
}

interface ToolWords {
  words: string[];
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

function toolWords(tool: Tool): ToolWords {
  const words = nameWords(tool.name);
  const first = /[a-z]+/i.exec(capText(tool.description ?? '').trimStart().slice(0, 40));
  const startsText = first !== null && first.index === 0;
  return {
    words,
    nameVerb: words.find((w) => ALL_VERBS.has(w)) ?? null,
    descriptionVerb: startsText ? asVerb(first[0].toLowerCase()) : null,
    parameters: schemaPropertyNames(tool.inputSchema).map((raw) => ({ raw, key: raw.toLowerCase().replace(/[_-]/g, '') })),
  };
}

const snippet = (text: string) => visibleText(text, MATCHED_MAX_CHARS);

/** Each rule's verbs as a set, built once: every tool is matched against every rule. */
const RULE_VERBS = new Map<ToolCapabilityRule, ReadonlySet<string>>(TOOL_CAPABILITY_RULES.map((rule) => [rule, new Set(rule.verbs)]));

function matchRule(rule: ToolCapabilityRule, tool: Tool, w: ToolWords, privilege: () => ToolPrivilege | null): { field: string; matched: string } | null {
  const verbs = RULE_VERBS.get(rule) ?? new Set(rule.verbs);
  if (w.nameVerb && verbs.has(w.nameVerb)) return { field: 'name', matched: snippet(tool.name) };
  if (w.descriptionVerb && verbs.has(w.descriptionVerb)) return { field: 'description', matched: snippet((tool.description ?? '').trimStart().slice(0, 200)) };
  if (rule.anywhere.length && w.words.some((x) => rule.anywhere.includes(x))) return { field: 'name', matched: snippet(tool.name) };
  const param = w.parameters.find((p) => rule.parameters.includes(p.key));
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
  const w = toolWords(tool);
  // several rules ask for the tool's privilege class: classified once, when first asked
  let privilege: { value: ToolPrivilege | null } | undefined;
  const privilegeOf = () => (privilege ??= { value: classifyToolPrivilege(tool) }).value;
  for (const rule of TOOL_CAPABILITY_RULES) {
    if (rule.capability === 'unknown') break;
    const m = matchRule(rule, tool, w, privilegeOf);
    if (!m) continue;
    return {
      capability: rule.capability,
      rule,
      field: m.field,
      matched: m.matched,
      readOnlyHintContradicted: tool.annotations?.readOnlyHint === true && (rule.capability === 'destructive' || rule.capability === 'side-effect'),
    };
  }
  const fallback = TOOL_CAPABILITY_RULES.find((r) => r.capability === 'unknown')!;
  return { capability: 'unknown', rule: fallback, field: null, matched: null, readOnlyHintContradicted: false };
}
