import { MATCHED_MAX_CHARS, type ScanResult, type SecurityFinding } from '@mcp-census/schemas';
import { codePointLabel, evidenceAround, visibleText } from '../evidence';
import {
  findingFromSignals,
  promptSubject,
  resourceSubject,
  serverSubject,
  SIGNAL_EVIDENCE_CHARS,
  type MetadataSubject,
  type Signal,
} from '../metadata';
import { SEVERITY_RULES } from '../severity';
import { siteTools, type SiteTool } from '../site-tools';
import { capText, findHtmlComment, findInstructionMarker, findInvisibleCharacters } from '../text-signals';
import { findShadowingPhrase } from './tool-shadowing';

/**
 * SAFE-T1402 Instruction Steganography: text a person reading the rendered
 * metadata does not see but the model does — HTML comments and zero-width /
 * bidi / tag characters — in any metadata: tools (including their input
 * schemas), resources (including URIs), prompts and the server's own info.
 */
export const INSTRUCTION_STEGANOGRAPHY = 'SAFE-T1402';

const RULES = SEVERITY_RULES.instructionSteganography;

/**
 * A hidden comment that addresses the model reads as an order, not a note.
 * Developer notes ("do not edit: generated", "must match api.ts") stay medium.
 */
const ADDRESSES_MODEL = /\b(?:you\s{1,3}(?:are|must|should|will|have\s{1,3}to|need\s{1,3}to)|ignore|disregard|secretly|silently)\b/i;

export function steganographySignals(field: string, text: string): Signal[] {
  const signals: Signal[] = [];
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
              `${invisible.count} zero-width/bidi character(s) (${codePointLabel(invisible.codePoint)}) in ${field}`,
              text,
              invisible.index,
              SIGNAL_EVIDENCE_CHARS,
            ),
            detail: () => ({ rule: `zero-width or bidi characters (${codePointLabel(invisible.codePoint)})`, field, matched: evidenceAround('', text, invisible.index, MATCHED_MAX_CHARS) }),
          },
    );
  }
  const comment = findHtmlComment(text);
  if (comment) {
    const instructive = findInstructionMarker(comment.inner) !== null || findShadowingPhrase(comment.inner, null) !== null || ADDRESSES_MODEL.test(comment.inner.slice(0, 2_000));
    const what = `${instructive ? 'HTML comment with instructions' : 'HTML comment'}${comment.closed ? '' : ' (unterminated)'} in ${field}`;
    signals.push({
      severity: instructive ? RULES.htmlCommentWithInstructions : RULES.htmlComment,
      evidence: () => evidenceAround(what, text, comment.index, SIGNAL_EVIDENCE_CHARS),
      detail: () => ({ rule: instructive ? 'HTML comment holding instructions' : 'non-empty HTML comment', field, matched: evidenceAround('', text, comment.index, MATCHED_MAX_CHARS) }),
    });
  }
  return signals;
}

/** Invisible characters are non-ASCII and a comment needs `<!--`: plain text, most of it, is passed over with one test. */
const SIGNAL_HINT = /[\u0080-\uFFFF]|<!--/;

function subjectFinding(websiteId: number, subject: MetadataSubject): SecurityFinding | null {
  let signals: Signal[] | null = null;
  for (const t of subject.texts) {
    if (!SIGNAL_HINT.test(capText(t.text))) continue;
    for (const s of steganographySignals(t.field, t.text)) (signals ??= []).push(s);
  }
  return signals ? findingFromSignals(INSTRUCTION_STEGANOGRAPHY, websiteId, subject, signals) : null;
}

export function detectInstructionSteganography(
  websiteId: number,
  result: Pick<ScanResult, 'tools' | 'resources' | 'prompts' | 'serverInfo'>,
): SecurityFinding[] {
  return steganographyFindings(websiteId, siteTools(result.tools), result);
}

/** detectInstructionSteganography over tools already walked for the site. */
export function steganographyFindings(
  websiteId: number,
  tools: readonly SiteTool[],
  result: Pick<ScanResult, 'resources' | 'prompts' | 'serverInfo'>,
): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  const add = (subject: MetadataSubject): void => {
    const f = subjectFinding(websiteId, subject);
    if (f) findings.push(f);
  };
  for (const t of tools) add(t.subject);
  for (const r of result.resources) add(resourceSubject(r, true));
  for (const p of result.prompts) add(promptSubject(p));
  const server = serverSubject(result.serverInfo);
  if (server) add(server);
  return findings;
}
