import { MATCHED_MAX_CHARS, type ScannedTool, type SecurityFinding } from '@mcp-census/schemas';
import { evidenceAround } from '../evidence';
import { findingFromSignals, SIGNAL_EVIDENCE_CHARS, type Signal } from '../metadata';
import { schemaStrings, siteSchemaBudget, VALUE_ROLES, type SchemaBudget, type SchemaString } from '../schema-strings';
import { SEVERITY_RULES } from '../severity';
import type { SiteTool } from '../site-tools';
import { findInstructionMarker } from '../text-signals';

/**
 * SAFE-T1501 Full-Schema Poisoning: the attack moved from the description
 * into the input schema — parameter descriptions, titles, defaults, enums,
 * examples, even property names. Looks for the T1001 instruction markers
 * there, `${API_KEY}`-style placeholders (asking the client to fill in a
 * secret) and credentials baked into default values ("password123", a
 * private key block, an `api_key` parameter with a default).
 * A default that is just a credential word from the property's own enum
 * (`auth: { enum: ["password", "token"], default: "password" }`) is a mode
 * selector, not a secret, and does not count.
 */
export const FULL_SCHEMA_POISONING = 'SAFE-T1501';

const RULES = SEVERITY_RULES.fullSchemaPoisoning;

const PLACEHOLDER = /\$\{\s{0,3}([A-Za-z_][A-Za-z0-9_.]{0,63})\s{0,3}\}/g;
const SECRET_NAME_PARTS = new Set(['password', 'passwd', 'pass', 'pwd', 'passphrase', 'secret', 'secrets', 'token', 'tokens', 'key', 'keys', 'apikey', 'credential', 'credentials', 'auth']);
const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z ]{0,30}PRIVATE KEY-----/;
/** Credential words in a value (camelCase split, lower-cased first). "secretary" and "tokenizer" do not match. */
const CREDENTIAL_IN_VALUE =
  /(?<![a-z])(?:password|passwd|passphrase|secret|(?:api|access|private|secret)[ _-]?key|(?:auth|access|api|bearer|refresh|session|id)[ _-]?token|credentials?)(?![a-z])/;
/** A parameter whose name ends in a credential noun: `api_key`, `accessToken`, `client_secret`, `password`. */
const CREDENTIAL_NOUNS = new Set(['password', 'passwd', 'passphrase', 'pwd', 'secret', 'token', 'apikey', 'credential', 'credentials']);
const KEY_QUALIFIERS = new Set(['api', 'access', 'secret', 'private', 'auth', 'signing', 'encryption']);

function lowerWords(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function isSecretPlaceholder(name: string): boolean {
  return lowerWords(name)
    .split(/[^a-z0-9]+/)
    .some((part) => SECRET_NAME_PARTS.has(part));
}

export function isCredentialParameter(propertyName: string | null): boolean {
  if (!propertyName) return false;
  const words = lowerWords(propertyName).split(/[^a-z0-9]+/).filter(Boolean);
  const last = words.at(-1);
  if (!last) return false;
  if (CREDENTIAL_NOUNS.has(last)) return true;
  return last === 'key' && words.length > 1 && KEY_QUALIFIERS.has(words.at(-2)!);
}

function where(s: SchemaString): string {
  return s.role === 'property-name' ? `property name at inputSchema ${s.path}` : `inputSchema ${s.path}`;
}

function credentialDefaultSignal(s: SchemaString): Signal | null {
  if (s.role !== 'default' && s.role !== 'const') return null;
  const value = s.value.trim();
  if (!value || s.siblingEnum?.includes(s.value)) return null;
  const words = lowerWords(value);
  const m = CREDENTIAL_IN_VALUE.exec(words);
  // The bare word ("password") is usually a mode name; with anything around it, it is a value.
  const credentialValue = m !== null && m[0].length < words.length;
  if (!credentialValue && !isCredentialParameter(s.propertyName)) return null;
  const why = credentialValue ? 'credential in a default value' : `default value for credential parameter "${s.propertyName}"`;
  return {
    severity: RULES.credentialInDefault,
    evidence: () => evidenceAround(`${why} at ${where(s)}`, s.value, 0, SIGNAL_EVIDENCE_CHARS),
    detail: () => ({ rule: why, field: `inputSchema ${where(s)}`, matched: evidenceAround('', s.value, 0, MATCHED_MAX_CHARS) }),
  };
}

export function schemaPoisoningSignals(inputSchema: unknown, budget?: SchemaBudget): Signal[] {
  return stringsPoisoningSignals(schemaStrings(inputSchema, budget));
}

function stringsPoisoningSignals(strings: readonly SchemaString[]): Signal[] {
  const signals: Signal[] = [];
  for (const s of strings) {
    const marker = findInstructionMarker(s.value);
    if (marker) {
      signals.push({
        severity: RULES.instructionMarker,
        evidence: () => evidenceAround(`instruction marker in ${where(s)}`, s.value, marker.index, SIGNAL_EVIDENCE_CHARS),
        detail: () => ({ rule: `instruction marker ${marker.label}`, field: `inputSchema ${where(s)}`, matched: evidenceAround('', s.value, marker.index, MATCHED_MAX_CHARS) }),
      });
    }
    PLACEHOLDER.lastIndex = 0;
    for (let m = PLACEHOLDER.exec(s.value); m; m = PLACEHOLDER.exec(s.value)) {
      if (!isSecretPlaceholder(m[1]!)) continue;
      const inValue = VALUE_ROLES.has(s.role);
      signals.push({
        severity: inValue ? RULES.credentialPlaceholderInValue : RULES.credentialPlaceholderInText,
        evidence: () => evidenceAround(`secret placeholder in ${where(s)}`, s.value, m.index, SIGNAL_EVIDENCE_CHARS),
        detail: () => ({ rule: `secret placeholder in a ${inValue ? 'value' : 'text'}`, field: `inputSchema ${where(s)}`, matched: evidenceAround('', s.value, m.index, MATCHED_MAX_CHARS) }),
      });
      break;
    }
    if (VALUE_ROLES.has(s.role)) {
      const key = PRIVATE_KEY_BLOCK.exec(s.value);
      if (key) {
        signals.push({
          severity: RULES.privateKeyInValue,
          evidence: () => evidenceAround(`private key in ${where(s)}`, s.value, key.index, SIGNAL_EVIDENCE_CHARS),
          detail: () => ({ rule: 'private key in a value', field: `inputSchema ${where(s)}`, matched: evidenceAround('', s.value, key.index, MATCHED_MAX_CHARS) }),
        });
      }
    }
    const credential = credentialDefaultSignal(s);
    if (credential) signals.push(credential);
  }
  return signals;
}

/** One finding per tool whose input schema carries poisoning (the most severe signal as evidence). */
export function detectFullSchemaPoisoning(websiteId: number, tools: readonly Pick<ScannedTool, 'name' | 'inputSchema'>[]): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  const budget = siteSchemaBudget();
  for (const tool of tools) {
    if (tool.inputSchema === undefined || tool.inputSchema === null) continue;
    const f = findingFromSignals(FULL_SCHEMA_POISONING, websiteId, { kind: 'tool', name: tool.name }, schemaPoisoningSignals(tool.inputSchema, budget));
    if (f) findings.push(f);
  }
  return findings;
}

/** detectFullSchemaPoisoning over tools already walked for the site (a missing schema walks to no strings). */
export function schemaPoisoningFindings(websiteId: number, tools: readonly SiteTool[]): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  for (const t of tools) {
    if (t.schemaStrings.length === 0) continue;
    const f = findingFromSignals(FULL_SCHEMA_POISONING, websiteId, { kind: 'tool', name: t.tool.name }, stringsPoisoningSignals(t.schemaStrings));
    if (f) findings.push(f);
  }
  return findings;
}
