import { MATCHED_MAX_CHARS, type FindingDetail, type ScanResult, type ScannedPrompt, type ScannedResource, type ScannedTool, type SecurityFinding, type Severity, type SubjectKind } from '@mcp-census/schemas';
import { visibleText } from './evidence';
import { severityRank } from './severity';
import { schemaStrings, type SchemaBudget, type SchemaString } from './schema-strings';

/** One piece of text a server published, and what it belongs to. */
export interface MetadataText {
  /** "name", "description", "inputSchema properties.path.description", ... */
  field: string;
  text: string;
  /** A name-like field: mixed scripts and fullwidth letters matter more here. */
  identifier: boolean;
}

/** A tool, resource, prompt or the server itself, with all its texts. */
export interface MetadataSubject {
  kind: SubjectKind;
  name: string | null;
  texts: MetadataText[];
}

function push(texts: MetadataText[], field: string, text: string | undefined, identifier = false): void {
  if (text) texts.push({ field, text, identifier });
}

/** A tool with its texts; schema strings count against `budget` (pass one per site), none without a budget. */
export function toolSubject(tool: ScannedTool, budget: SchemaBudget | null): MetadataSubject {
  return toolSubjectFromSchema(tool, budget ? schemaStrings(tool.inputSchema, budget) : null);
}

/** toolSubject with the schema already walked (null: no schema texts). */
export function toolSubjectFromSchema(tool: ScannedTool, schema: readonly SchemaString[] | null): MetadataSubject {
  const texts: MetadataText[] = [];
  push(texts, 'name', tool.name, true);
  push(texts, 'title', tool.title);
  if (tool.annotations?.title !== tool.title) push(texts, 'annotations.title', tool.annotations?.title);
  push(texts, 'description', tool.description);
  if (schema) {
    for (const s of schema) push(texts, `inputSchema ${s.path}`, s.value, s.role === 'property-name');
  }
  return { kind: 'tool', name: tool.name, texts };
}

export function resourceSubject(resource: ScannedResource, withUri = false): MetadataSubject {
  const texts: MetadataText[] = [];
  push(texts, 'name', resource.name, true);
  push(texts, 'description', resource.description);
  if (withUri) {
    push(texts, 'uri', resource.uri);
    push(texts, 'mimeType', resource.type);
  }
  return { kind: 'resource', name: resource.name, texts };
}

export function promptSubject(prompt: ScannedPrompt): MetadataSubject {
  const texts: MetadataText[] = [];
  push(texts, 'name', prompt.name, true);
  push(texts, 'description', prompt.description);
  for (const arg of prompt.arguments) {
    push(texts, `argument "${arg.name.slice(0, 40)}" name`, arg.name, true);
    push(texts, `argument "${arg.name.slice(0, 40)}" description`, arg.description);
  }
  return { kind: 'prompt', name: prompt.name, texts };
}

export function serverSubject(serverInfo: ScanResult['serverInfo']): MetadataSubject | null {
  if (!serverInfo) return null;
  const texts: MetadataText[] = [];
  push(texts, 'serverInfo.name', serverInfo.name, true);
  push(texts, 'serverInfo.title', serverInfo.title);
  push(texts, 'serverInfo.version', serverInfo.version);
  return texts.length ? { kind: 'server', name: serverSubjectName(serverInfo), texts } : null;
}

/** Server-level findings carry the server's own name when it gave one. */
export function serverSubjectName(serverInfo: ScanResult['serverInfo']): string | null {
  return serverInfo?.name ? serverInfo.name : null;
}

function clampName(name: string | null): string | null {
  if (name === null || name.length <= 200) return name;
  const cut = name.slice(0, 200);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function makeFinding(
  techniqueId: string,
  severity: Severity,
  websiteId: number,
  subjectKind: SubjectKind,
  subjectName: string | null,
  evidence: string,
  detail?: FindingDetail,
): SecurityFinding {
  // visibleText is idempotent on evidence already made visible: this is the
  // final guard that every stored snippet is visible and within the limit.
  const finding: SecurityFinding = { techniqueId, severity, websiteId, subjectKind, subjectName: clampName(subjectName), evidence: visibleText(evidence) };
  if (detail) {
    finding.detail = {
      tool: clampName(detail.tool),
      field: detail.field === null ? null : visibleText(detail.field, 120),
      matched: detail.matched === null ? null : visibleText(detail.matched, MATCHED_MAX_CHARS),
      rule: visibleText(detail.rule),
    };
  }
  return finding;
}

/**
 * A rule hit on one subject; detectors keep the most severe per subject.
 * Evidence is built lazily: only the reported signal pays for its snippet.
 */
export interface Signal {
  severity: Severity;
  evidence: () => string;
  /** Structured evidence: the rule in words, the field and the matched text (built only for the reported signal). */
  detail?: () => { rule: string; field: string; matched: string };
}

/** Room for one signal's evidence, leaving space for a "(+N more)" suffix. */
export const SIGNAL_EVIDENCE_CHARS = 280;

/**
 * One finding per subject: the most severe signal (the first on a tie) as
 * evidence, with a count of the others.
 */
export function findingFromSignals(
  techniqueId: string,
  websiteId: number,
  subject: Pick<MetadataSubject, 'kind' | 'name'>,
  signals: readonly Signal[],
): SecurityFinding | null {
  let worst: Signal | undefined;
  for (const s of signals) if (!worst || severityRank(s.severity) > severityRank(worst.severity)) worst = s;
  if (!worst) return null;
  const more = signals.length - 1;
  const evidence = more > 0 ? `${worst.evidence()} (+${more} more)` : worst.evidence();
  const d = worst.detail?.();
  const detail = d ? { tool: subject.kind === 'server' ? null : subject.name, field: d.field, matched: d.matched, rule: `${techniqueId} ${d.rule} → ${worst.severity}` } : undefined;
  return makeFinding(techniqueId, worst.severity, websiteId, subject.kind, subject.name, evidence, detail);
}
