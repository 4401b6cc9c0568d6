import { MATCHED_MAX_CHARS, type ScannedTool, type SecurityFinding, type Severity } from '@mcp-census/schemas';
import { evidenceAround } from '../evidence';
import { findingFromSignals, SIGNAL_EVIDENCE_CHARS, type Signal } from '../metadata';
import { SEVERITY_RULES, severityRank } from '../severity';
import { capText } from '../text-signals';
import { toolNameKey } from './cross-server-shadowing';

/**
 * SAFE-T1008 Tool Shadowing within one server: a tool description that
 * tries to steer how the model uses OTHER tools, or to hide what it does.
 *
 * Decision on ordinary guidance: a tool talking about itself is normal
 * ("Use this before publishing", "Call this tool before using the results",
 * "Before using this tool, authenticate"), so "before using" alone does not
 * count. It counts when it reaches beyond the tool: "before using any other
 * tool", "before calling the send_email tool" (a tool other than this one),
 * "instead of using ...". Concealment ("ignore previous instructions",
 * "NEVER mention", "do not tell the user") counts wherever it appears.
 * Phrases are matched case-insensitively with bounded gaps (linear time).
 */
export const TOOL_SHADOWING = 'SAFE-T1008';

const RULES = SEVERITY_RULES.toolShadowing;

interface PhraseRule {
  severity: Severity;
  /** Global, case-insensitive: reset lastIndex before use. */
  re: RegExp;
  /** Group 1 names a tool: skip when it is this tool (or "this"/"that"). */
  namesTool?: boolean;
}

const PHRASES: readonly PhraseRule[] = [
  // Concealment and overriding the model's instructions.
  { severity: RULES.concealment, re: /\b(?:ignore|disregard|forget|override)\s{1,3}(?:all\s{1,3}|any\s{1,3})?(?:the\s{1,3}|your\s{1,3})?(?:previous|prior|earlier|above|preceding|other|existing|system)\s{1,3}(?:instructions?|prompts?|rules|directions|guidelines)\b/gi },
  { severity: RULES.concealment, re: /\bnever\s{1,3}(?:mention|tell|reveal|disclose|inform|notify|say)\b/gi },
  { severity: RULES.concealment, re: /\b(?:do\s{1,3}not|don'?t|must\s{1,3}not)\s{1,3}(?:mention|tell|reveal|disclose|inform|notify|alert)\s{1,3}(?:this\s{1,3}|it\s{1,3})?(?:to\s{1,3})?the\s{1,3}user\b/gi },
  { severity: RULES.concealment, re: /\bwithout\s{1,3}(?:telling|informing|notifying|alerting)\s{1,3}the\s{1,3}user\b/gi },
  { severity: RULES.concealment, re: /\bthe\s{1,3}user\s{1,3}(?:must|should)\s{1,3}(?:not|never)\s{1,3}(?:know|see|be\s{1,3}told)\b/gi },
  // Redirecting the model away from, or in front of, other tools.
  { severity: RULES.redirection, re: /\binstead\s{1,3}of\s{1,3}(?:using|calling|invoking)\b/gi },
  { severity: RULES.redirection, re: /\b(?:should|must)\s{1,3}never\s{1,3}be\s{1,3}(?:invoked|called|used)\b/gi },
  { severity: RULES.redirection, re: /\b(?:before|after)\s{1,3}(?:using|calling|invoking|running)\s{1,3}(?:any|every|all|each|other|another)\b/gi },
  {
    severity: RULES.redirection,
    re: /\b(?:before|after|when|whenever)\s{1,3}(?:the\s{1,3}user\s{1,3}|you\s{1,3})?(?:using|calling|invoking|uses?|calls?|invokes?)\s{1,3}(?:the\s{1,3})?[`'"]?([\w.-]{1,64})[`'"]?\s{1,3}(?:tool|function)\b/gi,
    namesTool: true,
  },
  { severity: RULES.redirection, re: /\balways\s{1,3}(?:add|bcc|cc|forward|copy|send\s{1,3}a\s{1,3}copy)\b/gi },
];

/**
 * The words every phrase above starts with (same flags): text without any of
 * them (most descriptions) skips the ten phrase regexes.
 */
const PHRASE_HINT =
  /\b(?:ignore|disregard|forget|override|never|do\s{1,3}not|don'?t|must|without|the\s{1,3}user\s{1,3}(?:must|should)|instead|should|before|after|when|always)/i;

const SELF_REFERENCES = new Set(['this', 'that', 'the', 'a', 'an', 'same', 'current', 'our']);

export interface ShadowingPhrase {
  index: number;
  severity: Severity;
}

/** The most severe shadowing phrase (the earliest on a tie), or null. `ownName` excludes self-references. */
export function findShadowingPhrase(text: string, ownName: string | null): ShadowingPhrase | null {
  const t = capText(text);
  if (!PHRASE_HINT.test(t)) return null;
  let ownKey: string | null | undefined; // the tool's own name key, only when a phrase names a tool
  let best: ShadowingPhrase | null = null;
  for (const rule of PHRASES) {
    const re = rule.re;
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      if (rule.namesTool) {
        const named = (m[1] ?? '').toLowerCase();
        if (SELF_REFERENCES.has(named)) continue;
        ownKey ??= ownName ? toolNameKey(ownName) : null;
        if (ownKey !== null && toolNameKey(named) === ownKey) continue;
      }
      const better = !best || severityRank(rule.severity) > severityRank(best.severity) || (rule.severity === best.severity && m.index < best.index);
      if (better) best = { index: m.index, severity: rule.severity };
      break;
    }
  }
  return best;
}

/** One finding per tool whose description or title steers other tools or hides its behaviour. */
export function detectToolShadowing(websiteId: number, tools: readonly Pick<ScannedTool, 'name' | 'title' | 'description'>[]): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  for (const tool of tools) {
    const signals: Signal[] = [];
    for (const [field, text] of [
      ['description', tool.description],
      ['title', tool.title],
    ] as const) {
      if (!text) continue;
      const hit = findShadowingPhrase(text, tool.name);
      if (hit) {
        signals.push({
          severity: hit.severity,
          evidence: () => evidenceAround(`shadowing phrase in ${field}`, text, hit.index, SIGNAL_EVIDENCE_CHARS),
          detail: () => ({ rule: hit.severity === RULES.concealment ? 'concealment phrase' : 'redirection phrase', field, matched: evidenceAround('', text, hit.index, MATCHED_MAX_CHARS) }),
        });
      }
    }
    const f = findingFromSignals(TOOL_SHADOWING, websiteId, { kind: 'tool', name: tool.name }, signals);
    if (f) findings.push(f);
  }
  return findings;
}
