import { z } from 'zod';

/**
 * The SAFE-MCP catalogue (https://github.com/SAFE-MCP/safe-mcp, OpenSSF SIG):
 * MITRE ATT&CK-style tactics and techniques for the Model Context Protocol,
 * kept as data so the detectors, the projector and the page share one source.
 */

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

/** The 14 tactics in the framework's order. */
export const SAFE_MCP_TACTICS = [
  { id: 'ATK-TA0043', name: 'Reconnaissance' },
  { id: 'ATK-TA0042', name: 'Resource Development' },
  { id: 'ATK-TA0001', name: 'Initial Access' },
  { id: 'ATK-TA0002', name: 'Execution' },
  { id: 'ATK-TA0003', name: 'Persistence' },
  { id: 'ATK-TA0004', name: 'Privilege Escalation' },
  { id: 'ATK-TA0005', name: 'Defense Evasion' },
  { id: 'ATK-TA0006', name: 'Credential Access' },
  { id: 'ATK-TA0007', name: 'Discovery' },
  { id: 'ATK-TA0008', name: 'Lateral Movement' },
  { id: 'ATK-TA0009', name: 'Collection' },
  { id: 'ATK-TA0011', name: 'Command and Control' },
  { id: 'ATK-TA0010', name: 'Exfiltration' },
  { id: 'ATK-TA0040', name: 'Impact' },
] as const;

export type SafeMcpTactic = (typeof SAFE_MCP_TACTICS)[number];
export type TacticId = SafeMcpTactic['id'];
export type TacticName = SafeMcpTactic['name'];

export interface SafeMcpTechnique {
  id: string;
  name: string;
  tacticId: TacticId;
  defaultSeverity: Severity;
}

/**
 * Default severity rule. A technique takes its tactic's default:
 *   low    — Reconnaissance, Discovery (information only);
 *   medium — Resource Development, Defense Evasion, Lateral Movement,
 *            Collection, Command and Control (harm needs a further step);
 *   high   — Initial Access, Execution, Persistence, Privilege Escalation,
 *            Credential Access, Exfiltration, Impact (the agent or its data
 *            is taken over directly).
 * Exceptions (TECHNIQUE_SEVERITY_EXCEPTIONS): critical when the technique on
 * its own runs code on, or takes over, the user's host; a few techniques move
 * one step where the technique itself is milder or harsher than its tactic.
 * Detectors may report a different severity per finding (see the detector
 * severity rules); this is the catalogue's default.
 */
const TACTIC_DEFAULT_SEVERITY: Record<TacticId, Severity> = {
  'ATK-TA0043': 'low',
  'ATK-TA0042': 'medium',
  'ATK-TA0001': 'high',
  'ATK-TA0002': 'high',
  'ATK-TA0003': 'high',
  'ATK-TA0004': 'high',
  'ATK-TA0005': 'medium',
  'ATK-TA0006': 'high',
  'ATK-TA0007': 'low',
  'ATK-TA0008': 'medium',
  'ATK-TA0009': 'medium',
  'ATK-TA0011': 'medium',
  'ATK-TA0010': 'high',
  'ATK-TA0040': 'high',
};

const TECHNIQUE_SEVERITY_EXCEPTIONS: Readonly<Record<string, Severity>> = {
  // Code execution on / takeover of the host.
  'SAFE-T1002': 'critical',
  'SAFE-T1101': 'critical',
  'SAFE-T1203': 'critical',
  'SAFE-T1207': 'critical',
  'SAFE-T1303': 'critical',
  'SAFE-T1305': 'critical',
  // Milder than the tactic: need the user or another technique to do harm.
  'SAFE-T1005': 'medium',
  'SAFE-T1103': 'medium',
  'SAFE-T1106': 'medium',
  'SAFE-T1109': 'medium',
  'SAFE-T2102': 'medium',
  'SAFE-T2105': 'medium',
  // Harsher than the tactic: hidden instructions act like tool poisoning;
  // a system prompt or a whole database is more than a hint.
  'SAFE-T1401': 'high',
  'SAFE-T1402': 'high',
  'SAFE-T1603': 'medium',
  'SAFE-T1803': 'high',
};

/** [id, name] per tactic, in the order of the framework's README table. */
const TECHNIQUES_BY_TACTIC: ReadonlyArray<readonly [TacticId, ReadonlyArray<readonly [string, string]>]> = [
  ['ATK-TA0042', [['SAFE-T2107', 'AI Model Poisoning via Tool Training Data']]],
  [
    'ATK-TA0001',
    [
      ['SAFE-T1001', 'Tool Poisoning Attack'],
      ['SAFE-T1002', 'Supply Chain Compromise'],
      ['SAFE-T1003', 'Malicious Server Distribution'],
      ['SAFE-T1004', 'Server Impersonation / Name-Collision'],
      ['SAFE-T1005', 'Exposed Endpoint Exploit'],
      ['SAFE-T1006', 'User-Social-Engineering Install'],
      ['SAFE-T1007', 'OAuth Authorization Phishing'],
      ['SAFE-T1008', 'Tool Shadowing'],
      ['SAFE-T1009', 'Authorization Server Mix-up'],
    ],
  ],
  [
    'ATK-TA0002',
    [
      ['SAFE-T1101', 'Command Injection'],
      ['SAFE-T1102', 'Prompt Injection'],
      ['SAFE-T1103', 'Fake Tool Invocation'],
      ['SAFE-T1104', 'Over-Privileged Tool Abuse'],
      ['SAFE-T1105', 'Path Traversal via File Tool'],
      ['SAFE-T1106', 'Autonomous Loop'],
      ['SAFE-T1109', 'Debugging Tool Exploitation'],
      ['SAFE-T1110', 'Multimodal Prompt Injection'],
      ['SAFE-T1111', 'AI Agent CLI Weaponization'],
    ],
  ],
  [
    'ATK-TA0003',
    [
      ['SAFE-T1201', 'Rug Pull'],
      ['SAFE-T1202', 'OAuth Token Persistence'],
      ['SAFE-T1203', 'Backdoored Server Binary'],
      ['SAFE-T1204', 'Context Memory Implant'],
      ['SAFE-T1205', 'Persistent Tool Redefinition'],
      ['SAFE-T1206', 'Credential Implant in Config'],
      ['SAFE-T1207', 'Hijack Update Mechanism'],
      ['SAFE-T2106', 'Vector Store Poisoning'],
    ],
  ],
  [
    'ATK-TA0004',
    [
      ['SAFE-T1301', 'Cross-Server Tool Shadowing'],
      ['SAFE-T1302', 'High-Privilege Tool Abuse'],
      ['SAFE-T1303', 'Sandbox Escape'],
      ['SAFE-T1304', 'Credential Relay Chain'],
      ['SAFE-T1305', 'Host OS Privilege Escalation'],
      ['SAFE-T1306', 'Rogue Authorization Server'],
      ['SAFE-T1307', 'Confused Deputy'],
      ['SAFE-T1308', 'Token Scope Substitution'],
      ['SAFE-T1309', 'Privileged Tool Invocation via Prompt Manipulation'],
    ],
  ],
  [
    'ATK-TA0005',
    [
      ['SAFE-T1401', 'Line Jumping'],
      ['SAFE-T1402', 'Instruction Steganography'],
      ['SAFE-T1403', 'Consent Fatigue'],
      ['SAFE-T1404', 'Response Tampering'],
      ['SAFE-T1405', 'Tool Obfuscation/Renaming'],
      ['SAFE-T1406', 'Metadata Manipulation'],
      ['SAFE-T1407', 'Server Proxy Masquerade'],
      ['SAFE-T1408', 'OAuth Protocol Downgrade'],
    ],
  ],
  [
    'ATK-TA0006',
    [
      ['SAFE-T1501', 'Full-Schema Poisoning'],
      ['SAFE-T1502', 'File-Based Credential Harvest'],
      ['SAFE-T1503', 'Env-Var Scraping'],
      ['SAFE-T1504', 'Token Theft via API Response'],
      ['SAFE-T1505', 'In-Memory Secret Extraction'],
      ['SAFE-T1506', 'Infrastructure Token Theft'],
      ['SAFE-T1507', 'Authorization Code Interception'],
    ],
  ],
  [
    'ATK-TA0007',
    [
      ['SAFE-T1601', 'Server Enumeration'],
      ['SAFE-T1602', 'Tool Enumeration'],
      ['SAFE-T1603', 'System Prompt Disclosure'],
      ['SAFE-T1604', 'Server Version Enumeration'],
      ['SAFE-T1605', 'Capability Mapping'],
      ['SAFE-T1606', 'Directory Listing'],
    ],
  ],
  [
    'ATK-TA0008',
    [
      ['SAFE-T1701', 'Cross-Tool Contamination'],
      ['SAFE-T1702', 'Shared-Memory Poisoning'],
      ['SAFE-T1703', 'Tool-Chaining Pivot'],
      ['SAFE-T1704', 'Compromised-Server Pivot'],
      ['SAFE-T1705', 'Cross-Agent Instruction Injection'],
      ['SAFE-T1706', 'OAuth Token Pivot Replay'],
      ['SAFE-T1707', 'CSRF Token Relay'],
    ],
  ],
  [
    'ATK-TA0009',
    [
      ['SAFE-T1801', 'Automated Data Harvesting'],
      ['SAFE-T1802', 'File Collection'],
      ['SAFE-T1803', 'Database Dump'],
      ['SAFE-T1804', 'API Data Harvest'],
      ['SAFE-T1805', 'Context Snapshot Capture'],
    ],
  ],
  [
    'ATK-TA0011',
    [
      ['SAFE-T1901', 'Outbound Webhook C2'],
      ['SAFE-T1902', 'Covert Channel in Responses'],
      ['SAFE-T1903', 'Malicious Server Control Channel'],
      ['SAFE-T1904', 'Chat-Based Backchannel'],
    ],
  ],
  [
    'ATK-TA0010',
    [
      ['SAFE-T1910', 'Covert Channel Exfiltration'],
      ['SAFE-T1911', 'Parameter Exfiltration'],
      ['SAFE-T1912', 'Stego Response Exfiltration'],
      ['SAFE-T1913', 'HTTP POST Exfiltration'],
      ['SAFE-T1914', 'Tool-to-Tool Exfiltration'],
      ['SAFE-T1915', 'Cross-Chain Laundering'],
    ],
  ],
  [
    'ATK-TA0040',
    [
      ['SAFE-T2101', 'Data Destruction'],
      ['SAFE-T2102', 'Service Disruption'],
      ['SAFE-T2103', 'Code Sabotage'],
      ['SAFE-T2104', 'Fraudulent Transactions'],
      ['SAFE-T2105', 'Disinformation Output'],
    ],
  ],
];

/** Every technique of the framework's table (Reconnaissance has none). */
export const SAFE_MCP_TECHNIQUES: readonly SafeMcpTechnique[] = TECHNIQUES_BY_TACTIC.flatMap(([tacticId, rows]) =>
  rows.map(([id, name]) => ({
    id,
    name,
    tacticId,
    defaultSeverity: TECHNIQUE_SEVERITY_EXCEPTIONS[id] ?? TACTIC_DEFAULT_SEVERITY[tacticId],
  })),
);

const techniquesById = new Map(SAFE_MCP_TECHNIQUES.map((t) => [t.id, t]));
const tacticsById = new Map<string, SafeMcpTactic>(SAFE_MCP_TACTICS.map((t) => [t.id, t]));

export function techniqueById(id: string): SafeMcpTechnique | undefined {
  return techniquesById.get(id);
}

export function tacticById(id: string): SafeMcpTactic | undefined {
  return tacticsById.get(id);
}

/** Evidence snippets are short plain text (the UI escapes HTML). */
export const EVIDENCE_MAX_CHARS = 300;

export const SUBJECT_KINDS = ['server', 'tool', 'resource', 'prompt'] as const;
export const subjectKindSchema = z.enum(SUBJECT_KINDS);
export type SubjectKind = z.infer<typeof subjectKindSchema>;

/** Room for a matched text in a finding's structured evidence. */
export const MATCHED_MAX_CHARS = 160;

/**
 * A finding's structured evidence: which tool (or server) it is about,
 * which text matched (visible-escaped, capped) and which rule decided it.
 * Plain text throughout; the UI escapes what it shows.
 */
export const findingDetailSchema = z.object({
  /** The tool, resource or prompt the evidence comes from; null: the server as a whole. */
  tool: z.string().max(200).nullable(),
  /** Where the text was: "name", "description", "inputSchema properties.cmd", "annotations.readOnlyHint"... */
  field: z.string().max(120).nullable(),
  /** The matched text, visible-escaped, at most MATCHED_MAX_CHARS. */
  matched: z.string().max(MATCHED_MAX_CHARS).nullable(),
  /** The rule that decided the severity, in words ("exposure/delete: deletes, overwrites… → high"). */
  rule: z.string().min(1).max(300),
});
export type FindingDetail = z.infer<typeof findingDetailSchema>;

/** One detector hit on one website: a technique, what it was found on, and why. */
export const securityFindingSchema = z.object({
  techniqueId: z.string().regex(/^SAFE-T\d{4}$/),
  severity: severitySchema,
  websiteId: z.number().int().positive(),
  subjectKind: subjectKindSchema,
  /** Tool/resource/prompt name; the server name or null for server-level findings. */
  subjectName: z.string().max(200).nullable(),
  evidence: z.string().max(EVIDENCE_MAX_CHARS),
  /** Structured evidence (added later: findings stored before it have none). */
  detail: findingDetailSchema.optional(),
});
export type SecurityFinding = z.infer<typeof securityFindingSchema>;
