import { CORS_EXPOSURE_RULE_TEXT } from './cors-exposure-rules';
import { EXPOSURE_RULE_TEXT } from './tool-capability-rules';

/**
 * The severity rules of the security view in words, one line per detected
 * technique: shown on the page (the security panel) and mirrored by the
 * constants in streams/src/security/severity.ts, which the detectors use.
 * SAFE-T1005's line comes from the tool-capability table (tool-capability-rules.ts),
 * SAFE-T1707's (browser exposure) from cors-exposure-rules.ts.
 */
export const SEVERITY_RULE_TEXTS: readonly { techniqueId: string; rule: string }[] = [
  { techniqueId: 'SAFE-T1001', rule: 'Tool Poisoning: hidden tag characters critical; instruction markers (<IMPORTANT>, [INST], <!-- SYSTEM: …) and other invisible characters high; a name mixing Latin with Cyrillic/Greek look-alikes high, the same inside prose medium; fullwidth letters in a name medium; a description more than 3σ longer than the population’s low.' },
  { techniqueId: 'SAFE-T1402', rule: 'Instruction Steganography: tag characters critical; zero-width or bidi characters high; an HTML comment holding instructions high, any other non-empty HTML comment medium.' },
  { techniqueId: 'SAFE-T1501', rule: 'Full-Schema Poisoning: instruction markers in the input schema high; ${API_KEY}-style placeholders or a private key in values high, placeholders in schema prose medium; credential words in a default value medium.' },
  { techniqueId: 'SAFE-T1008', rule: 'Tool Shadowing: concealment ("ignore previous instructions", "never mention", "do not tell the user") high; redirection ("instead of using", "before using any other tool", "always add", "should never be invoked") medium.' },
  { techniqueId: 'SAFE-T1301', rule: 'Cross-Server Tool Shadowing: the same tool name on two or more servers low; a variant of it (case, separators, fullwidth) medium; a variant written with Cyrillic/Greek look-alikes high.' },
  { techniqueId: 'SAFE-T1201', rule: 'Rug Pull: a tool, resource or prompt kept its name but its definition changed since the previous scan high.' },
  { techniqueId: 'SAFE-T1005', rule: EXPOSURE_RULE_TEXT },
  { techniqueId: 'SAFE-T1104', rule: 'Over-Privileged Tool: shell or code execution high; destructive file or database access, or network fetch, medium; other file writes and read-only database access low.' },
  { techniqueId: 'SAFE-T1302', rule: 'High-Privilege Tool: a tool not declared read-only and not declared non-destructive: shell critical, destructive file or database access high.' },
  { techniqueId: 'SAFE-T1707', rule: CORS_EXPOSURE_RULE_TEXT },
  { techniqueId: 'SAFE-T1604', rule: 'Server Version Enumeration: the server discloses its version low.' },
];
