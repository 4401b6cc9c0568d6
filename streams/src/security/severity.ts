import { CORS_EXPOSURE_SEVERITY, EXPOSURE_SEVERITY, type Severity } from '@mcp-census/schemas';

/**
 * Severity rules of the security view, in one place (the same rules in
 * words, shown on the page: schemas/src/safe-mcp-severity-rules.ts).
 *
 * These are pattern rules over published metadata: they have known false
 * positives (the SAFE-MCP detection rules are examples, not proof) and say
 * nothing about what a server does when a tool is called.
 *
 * - T1001 Tool Poisoning: tag characters (hidden ASCII text) critical;
 *   instruction markers ("<IMPORTANT>", "[INST]", "<!-- SYSTEM:", ...) high;
 *   other invisible characters high; a name mixing Latin with Cyrillic/Greek
 *   look-alikes high, the same inside prose medium; fullwidth letters in a
 *   name medium; a description > 3σ longer than the population's low.
 * - T1402 Instruction Steganography: tag characters critical; zero-width or
 *   bidi characters high; an HTML comment holding instructions high, any other
 *   non-empty HTML comment medium.
 * - T1501 Full-Schema Poisoning: instruction markers in the input schema high;
 *   ${API_KEY}-style placeholders in values (default/enum/examples/const) high,
 *   in schema prose medium; a private key block in a value high; credential
 *   words in a default value medium.
 * - T1008 Tool Shadowing: concealment ("ignore previous instructions", "never
 *   mention", "do not tell the user") high; redirection ("instead of using",
 *   "before using any other tool", "always add/bcc", "should never be invoked")
 *   medium.
 * - T1301 Cross-Server Tool Shadowing: the same name on ≥ 2 sites low; a
 *   variant of it (case, separators, fullwidth) medium; a variant written with
 *   Cyrillic/Greek look-alikes high.
 * - T1201 Rug Pull: a definition changed since the previous scan high.
 * - T1005 Exposed Endpoint: tools listed without authentication, rated by the
 *   most capable tool (schemas/src/tool-capability-rules.ts, the one table):
 *   destructive high, side-effecting medium, read-only/unknown low; none
 *   behind authentication.
 * - T1707 CSRF Token Relay (browser exposure): a foreign-origin CORS preflight
 *   answered with any origin allowed, no authentication; rated by the most
 *   capable tool like T1005, one level higher with credentials allowed (at
 *   most high) (schemas/src/cors-exposure-rules.ts).
 * - T1104 Over-Privileged Tool: shell/code execution high; destructive file
 *   or database access, or network fetch, medium; other file writes and
 *   read-only database access low.
 * - T1302 High-Privilege Tool: not declared read-only and not declared
 *   non-destructive: shell critical, destructive file/database high.
 * - T1604 Server Version Enumeration: a disclosed serverInfo.version low.
 */
export const SEVERITY_RULES = {
  toolPoisoning: {
    tagCharacters: 'critical',
    instructionMarker: 'high',
    invisibleCharacters: 'high',
    mixedScriptName: 'high',
    mixedScriptText: 'medium',
    fullwidthName: 'medium',
    descriptionLengthOutlier: 'low',
  },
  instructionSteganography: {
    tagCharacters: 'critical',
    invisibleCharacters: 'high',
    htmlCommentWithInstructions: 'high',
    htmlComment: 'medium',
  },
  fullSchemaPoisoning: {
    instructionMarker: 'high',
    credentialPlaceholderInValue: 'high',
    credentialPlaceholderInText: 'medium',
    privateKeyInValue: 'high',
    credentialInDefault: 'medium',
  },
  toolShadowing: { concealment: 'high', redirection: 'medium' },
  crossServerShadowing: { sameName: 'low', lookAlike: 'medium', nonLatinLookAlike: 'high' },
  rugPull: { changedDefinition: 'high' },
  exposedEndpoint: EXPOSURE_SEVERITY,
  corsExposure: CORS_EXPOSURE_SEVERITY,
  overPrivilegedTool: {
    shell: 'high',
    destructiveFile: 'medium',
    file: 'low',
    destructiveDatabase: 'medium',
    database: 'low',
    network: 'medium',
  },
  highPrivilegeTool: { shell: 'critical', destructiveFile: 'high', destructiveDatabase: 'high' },
  versionDisclosure: { version: 'low' },
} as const satisfies Record<string, Record<string, Severity>>;

const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

export function severityRank(s: Severity): number {
  return RANK[s];
}

/** The more severe of two severities (the first on a tie). */
export function maxSeverity(a: Severity, b: Severity): Severity {
  return RANK[b] > RANK[a] ? b : a;
}
