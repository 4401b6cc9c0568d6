import { describe, expect, it } from 'vitest';
import { detectExposedEndpoint, detectVersionDisclosure } from '../../src/security/index';
import { mcpSite, summary, tool } from './helpers';

const plainTools = [tool('search', { description: 'Search the docs' }), tool('get_page', { description: 'Returns one page' })];

describe('SAFE-T1005 exposed endpoint', () => {
  it('tools listed without authentication → one medium server finding', () => {
    const findings = detectExposedEndpoint(8, mcpSite({ tools: plainTools, serverInfo: { name: 'docs-server' } }));
    expect(summary(findings)).toEqual(['SAFE-T1005:medium:server:docs-server']);
    expect(findings[0]!.evidence).toBe('2 tools listed without authentication at https://example.com/mcp');
  });

  it('high when a listed tool is over-privileged, naming it', () => {
    const findings = detectExposedEndpoint(8, mcpSite({ tools: [...plainTools, tool('run_shell_command', { description: 'Runs a command' })] }));
    expect(summary(findings)).toEqual(['SAFE-T1005:high:server:']);
    expect(findings[0]!.evidence).toBe('3 tools listed without authentication at https://example.com/mcp; over-privileged: run_shell_command (shell)');
  });

  it.each([
    ['authentication required', { authRequired: true, tools: plainTools }],
    ['no tools', { tools: [] }],
    ['no MCP', { hasMcp: false, tools: plainTools }],
  ])('%s → nothing', (_label, overrides) => {
    expect(detectExposedEndpoint(8, mcpSite(overrides))).toEqual([]);
  });
});

describe('SAFE-T1604 server version enumeration', () => {
  it('a disclosed version → low, evidence "name version"', () => {
    const findings = detectVersionDisclosure(8, mcpSite({ serverInfo: { name: 'acme-mcp', version: '2.3.1' } }));
    expect(summary(findings)).toEqual(['SAFE-T1604:low:server:acme-mcp']);
    expect(findings[0]!.evidence).toBe('acme-mcp 2.3.1');
  });

  it('a version without a name → the version alone', () => {
    expect(detectVersionDisclosure(8, mcpSite({ serverInfo: { version: '0.9' } }))[0]).toMatchObject({ subjectName: null, evidence: '0.9' });
  });

  it.each([
    ['no serverInfo', null],
    ['no version', { name: 'acme-mcp' }],
    ['blank version', { name: 'acme-mcp', version: '  ' }],
  ])('%s → nothing', (_label, serverInfo) => {
    expect(detectVersionDisclosure(8, mcpSite({ serverInfo }))).toEqual([]);
  });
});
