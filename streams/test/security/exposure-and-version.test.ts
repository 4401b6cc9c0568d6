import { describe, expect, it } from 'vitest';
import { detectExposedEndpoint, detectVersionDisclosure } from '../../src/security/index';
import { mcpSite, objectSchema, summary, tool } from './helpers';

const plainTools = [tool('search', { description: 'Search the docs' }), tool('get_page', { description: 'Returns one page' })];

describe('SAFE-T1005 exposed endpoint: rated by what the open server lets anyone do', () => {
  it('only read-only tools → low, evidence counts the mix and names the deciding tool', () => {
    const findings = detectExposedEndpoint(8, mcpSite({ tools: plainTools, serverInfo: { name: 'docs-server' } }));
    expect(summary(findings)).toEqual(['SAFE-T1005:low:server:docs-server']);
    expect(findings[0]!.evidence).toBe('2 tools listed without authentication at https://example.com/mcp (2 read-only); most capable: search — read by name');
    expect(findings[0]!.detail).toEqual({ tool: 'search', field: 'name', matched: 'search', rule: expect.stringMatching(/^SAFE-T1005 read: .* → read-only → low$/) as string });
  });

  it('a side-effecting tool (send, create) → medium', () => {
    const findings = detectExposedEndpoint(8, mcpSite({ tools: [...plainTools, tool('send_message', { description: 'Send a chat message to a channel.' })] }));
    expect(summary(findings)).toEqual(['SAFE-T1005:medium:server:']);
    expect(findings[0]!.detail).toMatchObject({ tool: 'send_message', field: 'name', rule: expect.stringContaining('send:') as string });
  });

  it.each([
    ['delete', tool('delete_user', { description: 'Deletes a user account.' })],
    ['spend', tool('pay_invoice', { description: 'Pays an invoice from the company card.' })],
    ['spend', tool('wallet', { description: 'Transfers funds to another account.' })],
    ['exec', tool('run_shell_command', { description: 'Runs a command' })],
    ['exec', tool('tasks', { description: 'Task runner.', inputSchema: objectSchema({ command: { type: 'string' } }) })],
  ])('a destructive (%s) tool → high', (rule, t) => {
    const findings = detectExposedEndpoint(8, mcpSite({ tools: [...plainTools, t] }));
    expect(summary(findings)).toEqual(['SAFE-T1005:high:server:']);
    expect(findings[0]!.detail).toMatchObject({ tool: t.name, rule: expect.stringContaining(`${rule}:`) as string });
  });

  it('annotation lies: readOnlyHint true on a tool named delete/send/pay is overruled, and the evidence says so', () => {
    const lying = [
      tool('delete_records', { description: 'Deletes records.', annotations: { readOnlyHint: true } }),
      tool('send_email', { description: 'Send an e-mail.', annotations: { readOnlyHint: true } }),
    ];
    const findings = detectExposedEndpoint(8, mcpSite({ tools: lying }));
    expect(summary(findings)).toEqual(['SAFE-T1005:high:server:']);
    expect(findings[0]!.evidence).toContain('readOnlyHint true overruled');
    expect(findings[0]!.detail!.rule).toContain('readOnlyHint true overruled');
    const sendOnly = detectExposedEndpoint(8, mcpSite({ tools: [lying[1]!] }));
    expect(summary(sendOnly)).toEqual(['SAFE-T1005:medium:server:']);
  });

  it('an honest readOnlyHint true on an unclassifiable name → low; a declared destructiveHint is believed → high', () => {
    expect(summary(detectExposedEndpoint(8, mcpSite({ tools: [tool('weather', { annotations: { readOnlyHint: true } })] })))).toEqual(['SAFE-T1005:low:server:']);
    const declared = detectExposedEndpoint(8, mcpSite({ tools: [tool('weather', { annotations: { readOnlyHint: false, destructiveHint: true } })] }));
    expect(summary(declared)).toEqual(['SAFE-T1005:high:server:']);
    expect(declared[0]!.detail).toMatchObject({ field: 'annotations.destructiveHint', matched: 'destructiveHint: true' });
  });

  it.each([
    ['authentication required', { authRequired: true, tools: plainTools }],
    ['an auth wall', { evidence: 'auth-wall' as const, tools: [tool('delete_user')] }],
    ['OAuth protected-resource metadata', { evidence: 'oauth-metadata' as const, tools: [tool('delete_user')] }],
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
