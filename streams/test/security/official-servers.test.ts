import { describe, expect, it } from 'vitest';
import { securityFindingSchema } from '@mcp-census/schemas';
import { detectSiteFindings } from '../../src/security/index';
import { everythingServer, fetchServer, filesystemServer, memoryServer } from './fixtures/official-servers';
import { summary } from './helpers';

const POISONING_TECHNIQUES = ['SAFE-T1001', 'SAFE-T1402', 'SAFE-T1501', 'SAFE-T1008'];
const servers = { everything: everythingServer, filesystem: filesystemServer, fetch: fetchServer, memory: memoryServer };

describe('official MCP example servers', () => {
  it.each(Object.entries(servers))('%s server is clean of T1001/T1402/T1501/T1008', (_name, result) => {
    const findings = detectSiteFindings({ websiteId: 7, result, previous: null });
    expect(findings.filter((f) => POISONING_TECHNIQUES.includes(f.techniqueId))).toEqual([]);
    for (const f of findings) expect(securityFindingSchema.safeParse(f).success).toBe(true);
  });

  it('everything server: only the exposed endpoint and its version', () => {
    const findings = detectSiteFindings({ websiteId: 7, result: everythingServer, previous: null });
    expect(summary(findings)).toEqual(['SAFE-T1005:medium:server:example-servers/everything', 'SAFE-T1604:low:server:example-servers/everything']);
    expect(findings[1]!.evidence).toBe('example-servers/everything 1.0.0');
  });

  it('filesystem server: write tools are over-privileged, read tools are not', () => {
    const findings = detectSiteFindings({ websiteId: 7, result: filesystemServer, previous: null });
    expect(summary(findings).sort()).toEqual(
      [
        'SAFE-T1005:high:server:secure-filesystem-server',
        'SAFE-T1104:medium:tool:write_file',
        'SAFE-T1302:high:tool:write_file',
        'SAFE-T1104:medium:tool:edit_file',
        'SAFE-T1302:high:tool:edit_file',
        // destructiveHint: false keeps these out of T1302.
        'SAFE-T1104:low:tool:create_directory',
        'SAFE-T1104:medium:tool:move_file',
        'SAFE-T1604:low:server:secure-filesystem-server',
      ].sort(),
    );
  });

  it('fetch server: a network tool, declared read-only, so no T1302 and a low exposure', () => {
    const findings = detectSiteFindings({ websiteId: 7, result: fetchServer, previous: null });
    expect(summary(findings)).toEqual(['SAFE-T1104:medium:tool:fetch', 'SAFE-T1005:low:server:mcp-fetch', 'SAFE-T1604:low:server:mcp-fetch']);
    expect(findings[0]!.evidence).toContain('parameter "url"');
  });

  it('memory server: deleting graph entities is not file or database privilege, but open deletion is a high exposure', () => {
    const findings = detectSiteFindings({ websiteId: 7, result: memoryServer, previous: null });
    expect(summary(findings)).toEqual(['SAFE-T1005:high:server:memory-server', 'SAFE-T1604:low:server:memory-server']);
    expect(findings[0]!.detail).toMatchObject({ tool: 'delete_entities', field: 'name' });
  });

  it('the same servers behind authentication only disclose their version', () => {
    const findings = detectSiteFindings({ websiteId: 7, result: { ...filesystemServer, authRequired: true }, previous: null });
    expect(findings.map((f) => f.techniqueId)).not.toContain('SAFE-T1005');
  });
});
