import { MATCHED_MAX_CHARS, type ScanResult, type SecurityFinding } from '@mcp-census/schemas';
import { codePointLabel, evidenceAround, visibleText } from '../evidence';
import {
  findingFromSignals,
  promptSubject,
  resourceSubject,
  serverSubject,
  SIGNAL_EVIDENCE_CHARS,
  toolSubject,
  type MetadataSubject,
  type Signal,
} from '../metadata';
import { siteSchemaBudget } from '../schema-strings';
import { SEVERITY_RULES } from '../severity';
import { findHtmlComment, findInstructionMarker, findInvisibleCharacters } from '../text-signals';
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

function subjectFinding(websiteId: number, subject: MetadataSubject): SecurityFinding | null {
  return findingFromSignals(
    INSTRUCTION_STEGANOGRAPHY,
    websiteId,
    subject,
    subject.texts.flatMap((t) => steganographySignals(t.field, t.text)),
  );
}

export function detectInstructionSteganography(
  websiteId: number,
  result: Pick<ScanResult, 'tools' | 'resources' | 'prompts' | 'serverInfo'>,
): SecurityFinding[] {
  const budget = siteSchemaBudget();
  const subjects: MetadataSubject[] = [
    ...result.tools.map((t) => toolSubject(t, budget)),
    ...result.resources.map((r) => resourceSubject(r, true)),
    ...result.prompts.map(promptSubject),
  ];
  const server = serverSubject(result.serverInfo);
  if (server) subjects.push(server);
  const findings: SecurityFinding[] = [];
  for (const subject of subjects) {
    const f = subjectFinding(websiteId, subject);
    if (f) findings.push(f);
  }
  return findings;
}
