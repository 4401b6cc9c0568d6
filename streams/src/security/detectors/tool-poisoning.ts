import { MATCHED_MAX_CHARS, type ScanResult, type ScannedTool, type SecurityFinding } from '@mcp-census/schemas';
import { codePointLabel, evidenceAround, visibleText } from '../evidence';
import {
  findingFromSignals,
  makeFinding,
  promptSubject,
  resourceSubject,
  SIGNAL_EVIDENCE_CHARS,
  type MetadataSubject,
  type Signal,
} from '../metadata';
import { SEVERITY_RULES } from '../severity';
import { siteTools, type SiteTool } from '../site-tools';
import { capText, findFullwidthAlnum, findInstructionMarker, findInvisibleCharacters, findMixedScriptWord } from '../text-signals';

/**
 * SAFE-T1001 Tool Poisoning: instructions to the model hidden in tool,
 * resource and prompt metadata. Looks for prompt-format markers, invisible
 * characters, Latin words written with Cyrillic/Greek look-alikes and
 * fullwidth letters in names. Words like "important" in plain prose do not
 * count; only the `<IMPORTANT>` tag form does.
 */
export const TOOL_POISONING = 'SAFE-T1001';

const RULES = SEVERITY_RULES.toolPoisoning;

/** Signals of one text (marker, invisible characters, mixed scripts, fullwidth). */
export function poisoningSignals(field: string, text: string, identifier: boolean): Signal[] {
  const signals: Signal[] = [];
  const marker = findInstructionMarker(text);
  if (marker) {
    signals.push({
      severity: RULES.instructionMarker,
      evidence: () => evidenceAround(`instruction marker in ${field}`, text, marker.index, SIGNAL_EVIDENCE_CHARS),
      detail: () => ({ rule: `instruction marker ${marker.label}`, field, matched: evidenceAround('', text, marker.index, MATCHED_MAX_CHARS) }),
    });
  }
  const invisible = findInvisibleCharacters(text);
  if (invisible) {
    signals.push(
      invisible.tagText
        ? {
            severity: RULES.tagCharacters,
            evidence: () => `tag characters in ${field} hide "${visibleText(invisible.tagText, 160)}"`,
            detail: () => ({ rule: 'tag characters (hidden ASCII text)', field, matched: evidenceAround('', text, invisible.index, MATCHED_MAX_CHARS) }),
          }
        : {
            severity: RULES.invisibleCharacters,
            evidence: () => evidenceAround(
              `${invisible.count} invisible character(s) (${codePointLabel(invisible.codePoint)}) in ${field}`,
              text,
              invisible.index,
              SIGNAL_EVIDENCE_CHARS,
            ),
            detail: () => ({ rule: `invisible characters (${codePointLabel(invisible.codePoint)})`, field, matched: evidenceAround('', text, invisible.index, MATCHED_MAX_CHARS) }),
          },
    );
  }
  const mixed = findMixedScriptWord(text);
  if (mixed) {
    signals.push({
      severity: identifier ? RULES.mixedScriptName : RULES.mixedScriptText,
      evidence: () => evidenceAround(`Latin mixed with look-alike letters in ${field}`, text, mixed.index, SIGNAL_EVIDENCE_CHARS),
      detail: () => ({ rule: `Latin mixed with Cyrillic/Greek look-alikes in ${identifier ? 'a name' : 'prose'}`, field, matched: evidenceAround('', text, mixed.index, MATCHED_MAX_CHARS) }),
    });
  }
  if (identifier) {
    const wide = findFullwidthAlnum(text);
    if (wide) {
      signals.push({
        severity: RULES.fullwidthName,
        evidence: () => evidenceAround(`fullwidth letters in ${field}`, text, wide.index, SIGNAL_EVIDENCE_CHARS),
        detail: () => ({ rule: 'fullwidth letters in a name', field, matched: evidenceAround('', text, wide.index, MATCHED_MAX_CHARS) }),
      });
    }
  }
  return signals;
}

/**
 * Every signal above needs a non-ASCII character (invisible, look-alike or
 * fullwidth) or a marker hint (see findInstructionMarker): plain ASCII text,
 * most of it, is passed over with one test.
 */
const SIGNAL_HINT = /[\u0080-\uFFFF]|[<[#]|(?:Human|Assistant)[ \t]{0,3}:/;

function subjectFinding(websiteId: number, subject: MetadataSubject): SecurityFinding | null {
  let signals: Signal[] | null = null;
  for (const t of subject.texts) {
    if (!SIGNAL_HINT.test(capText(t.text))) continue;
    for (const s of poisoningSignals(t.field, t.text, t.identifier)) (signals ??= []).push(s);
  }
  return signals ? findingFromSignals(TOOL_POISONING, websiteId, subject, signals) : null;
}

/** One finding per tool, resource or prompt with any poisoning signal (the most severe as evidence). */
export function detectToolPoisoning(websiteId: number, result: Pick<ScanResult, 'tools' | 'resources' | 'prompts'>): SecurityFinding[] {
  return toolPoisoningFindings(websiteId, siteTools(result.tools), result);
}

/** detectToolPoisoning over tools already walked for the site. */
export function toolPoisoningFindings(websiteId: number, tools: readonly SiteTool[], result: Pick<ScanResult, 'resources' | 'prompts'>): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  const add = (subject: MetadataSubject): void => {
    const f = subjectFinding(websiteId, subject);
    if (f) findings.push(f);
  };
  for (const t of tools) add(t.subject);
  for (const r of result.resources) add(resourceSubject(r));
  for (const p of result.prompts) add(promptSubject(p));
  return findings;
}

/** Mean and standard deviation of tool description lengths across all scanned sites. */
export interface DescriptionPopulation {
  descriptionMean: number;
  descriptionStdDev: number;
  descriptionCount: number;
}

/** The outlier rule needs a population worth the name. */
export const MIN_DESCRIPTION_POPULATION = 30;

/** Population statistics (population standard deviation) of description lengths. */
export function descriptionPopulation(lengths: Iterable<number>): DescriptionPopulation {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (const len of lengths) {
    n++;
    sum += len;
    sumSq += len * len;
  }
  if (n === 0) return { descriptionMean: 0, descriptionStdDev: 0, descriptionCount: 0 };
  const mean = sum / n;
  return { descriptionMean: mean, descriptionStdDev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), descriptionCount: n };
}

/**
 * Tool descriptions more than 3σ longer than the population mean: long
 * descriptions are where poisoned instructions hide (low severity: many are
 * just thorough). Silent below MIN_DESCRIPTION_POPULATION descriptions or
 * when every description has the same length.
 */
export function descriptionLengthOutlierFindings(
  websiteId: number,
  tools: readonly Pick<ScannedTool, 'name' | 'description'>[],
  population: DescriptionPopulation,
): SecurityFinding[] {
  const { descriptionMean: mean, descriptionStdDev: sd, descriptionCount: n } = population;
  if (n < MIN_DESCRIPTION_POPULATION || !(sd > 0) || !Number.isFinite(mean)) return [];
  const threshold = mean + 3 * sd;
  const findings: SecurityFinding[] = [];
  for (const tool of tools) {
    const len = tool.description?.length ?? 0;
    if (len <= threshold) continue;
    const sigmas = (len - mean) / sd;
    findings.push(
      makeFinding(
        TOOL_POISONING,
        RULES.descriptionLengthOutlier,
        websiteId,
        'tool',
        tool.name,
        `description of ${len} characters, ${sigmas.toFixed(1)}σ above the mean of ${Math.round(mean)} over ${n} tool descriptions`,
      ),
    );
  }
  return findings;
}
