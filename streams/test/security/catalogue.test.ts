import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_MAX_CHARS,
  SAFE_MCP_TACTICS,
  SAFE_MCP_TECHNIQUES,
  securityFindingSchema,
  severitySchema,
  tacticById,
  techniqueById,
} from '@mcp-census/schemas';
import { securityAnalyticsSchema } from '@mcp-census/schemas/api/security';

describe('SAFE-MCP catalogue', () => {
  it('has the 14 tactics in the framework order', () => {
    expect(SAFE_MCP_TACTICS.map((t) => `${t.id} ${t.name}`)).toEqual([
      'ATK-TA0043 Reconnaissance',
      'ATK-TA0042 Resource Development',
      'ATK-TA0001 Initial Access',
      'ATK-TA0002 Execution',
      'ATK-TA0003 Persistence',
      'ATK-TA0004 Privilege Escalation',
      'ATK-TA0005 Defense Evasion',
      'ATK-TA0006 Credential Access',
      'ATK-TA0007 Discovery',
      'ATK-TA0008 Lateral Movement',
      'ATK-TA0009 Collection',
      'ATK-TA0011 Command and Control',
      'ATK-TA0010 Exfiltration',
      'ATK-TA0040 Impact',
    ]);
  });

  it('has every technique of the table, once, under a known tactic', () => {
    expect(SAFE_MCP_TECHNIQUES).toHaveLength(84);
    expect(new Set(SAFE_MCP_TECHNIQUES.map((t) => t.id)).size).toBe(84);
    for (const t of SAFE_MCP_TECHNIQUES) {
      expect(t.id).toMatch(/^SAFE-T\d{4}$/);
      expect(tacticById(t.tacticId)).toBeDefined();
      expect(severitySchema.parse(t.defaultSeverity)).toBe(t.defaultSeverity);
    }
    const perTactic = Object.fromEntries(SAFE_MCP_TACTICS.map((tac) => [tac.name, SAFE_MCP_TECHNIQUES.filter((t) => t.tacticId === tac.id).length]));
    expect(perTactic).toEqual({
      Reconnaissance: 0,
      'Resource Development': 1,
      'Initial Access': 9,
      Execution: 9,
      Persistence: 8,
      'Privilege Escalation': 9,
      'Defense Evasion': 8,
      'Credential Access': 7,
      Discovery: 6,
      'Lateral Movement': 7,
      Collection: 5,
      'Command and Control': 4,
      Exfiltration: 6,
      Impact: 5,
    });
  });

  it.each([
    ['SAFE-T1001', 'Tool Poisoning Attack', 'ATK-TA0001', 'high'],
    ['SAFE-T1005', 'Exposed Endpoint Exploit', 'ATK-TA0001', 'medium'],
    ['SAFE-T1101', 'Command Injection', 'ATK-TA0002', 'critical'],
    ['SAFE-T1201', 'Rug Pull', 'ATK-TA0003', 'high'],
    ['SAFE-T2106', 'Vector Store Poisoning', 'ATK-TA0003', 'high'],
    ['SAFE-T1301', 'Cross-Server Tool Shadowing', 'ATK-TA0004', 'high'],
    ['SAFE-T1402', 'Instruction Steganography', 'ATK-TA0005', 'high'],
    ['SAFE-T1405', 'Tool Obfuscation/Renaming', 'ATK-TA0005', 'medium'],
    ['SAFE-T1501', 'Full-Schema Poisoning', 'ATK-TA0006', 'high'],
    ['SAFE-T1604', 'Server Version Enumeration', 'ATK-TA0007', 'low'],
    ['SAFE-T1901', 'Outbound Webhook C2', 'ATK-TA0011', 'medium'],
    ['SAFE-T2107', 'AI Model Poisoning via Tool Training Data', 'ATK-TA0042', 'medium'],
  ])('%s', (id, name, tacticId, defaultSeverity) => {
    expect(techniqueById(id)).toEqual({ id, name, tacticId, defaultSeverity });
  });

  it('unknown ids → undefined', () => {
    expect(techniqueById('SAFE-T9999')).toBeUndefined();
    expect(tacticById('ATK-TA9999')).toBeUndefined();
    expect(tacticById('ATK-TA0011')?.name).toBe('Command and Control');
  });
});

describe('securityFindingSchema', () => {
  const valid = { techniqueId: 'SAFE-T1001', severity: 'high', websiteId: 1, subjectKind: 'tool', subjectName: 'x', evidence: 'e' };

  it('accepts a finding, with a null subject name too', () => {
    expect(securityFindingSchema.parse(valid)).toEqual(valid);
    expect(securityFindingSchema.parse({ ...valid, subjectKind: 'server', subjectName: null }).subjectName).toBeNull();
  });

  it.each([
    ['bad technique id', { techniqueId: 'T1001' }],
    ['unknown severity', { severity: 'info' }],
    ['websiteId 0', { websiteId: 0 }],
    ['fractional websiteId', { websiteId: 1.5 }],
    ['unknown subject kind', { subjectKind: 'endpoint' }],
    ['subject name too long', { subjectName: 'n'.repeat(201) }],
    ['evidence too long', { evidence: 'e'.repeat(EVIDENCE_MAX_CHARS + 1) }],
  ])('rejects %s', (_label, patch) => {
    expect(securityFindingSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});

describe('securityAnalyticsSchema', () => {
  const sample = {
    totalVulnerabilities: 3,
    critical: 1,
    high: 1,
    medium: 0,
    low: 1,
    byTactic: [{ tactic: 'Initial Access', count: 2, techniques: [{ techniqueId: 'SAFE-T1001', techniqueName: 'Tool Poisoning Attack', severity: 'high', count: 2 }] }],
    topVulnerabilities: [
      {
        techniqueId: 'SAFE-T1001',
        techniqueName: 'Tool Poisoning Attack',
        severity: 'high',
        tactic: 'Initial Access',
        affectedServers: 2,
        websites: [{ name: 'Example', url: 'https://example.com' }],
      },
    ],
  };

  it('accepts the spec shape', () => {
    expect(securityAnalyticsSchema.parse(sample)).toEqual(sample);
  });

  it('rejects a tactic id instead of its name, negative counts and more than 3 websites', () => {
    expect(securityAnalyticsSchema.safeParse({ ...sample, byTactic: [{ ...sample.byTactic[0], tactic: 'ATK-TA0001' }] }).success).toBe(false);
    expect(securityAnalyticsSchema.safeParse({ ...sample, low: -1 }).success).toBe(false);
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `s${i}`, url: `https://s${i}.example` }));
    expect(securityAnalyticsSchema.safeParse({ ...sample, topVulnerabilities: [{ ...sample.topVulnerabilities[0], websites: four }] }).success).toBe(false);
  });
});
