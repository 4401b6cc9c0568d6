import { describe, expect, it } from 'vitest';
import type { CorsExposure, ScanResult } from '@mcp-census/schemas';
import { detectCorsExposure, detectSiteFindings } from '../../src/security/index';
import { mcpSite, ofTechnique, summary, tool } from './helpers';

const readOnly = [tool('search', { description: 'Search the docs' }), tool('get_page', { description: 'Returns one page' })];
const destructive = [...readOnly, tool('delete_user', { description: 'Deletes a user account.' })];
const sideEffect = [...readOnly, tool('send_message', { description: 'Send a chat message to a channel.' })];

const anyOrigin: CorsExposure = { allowOrigin: '*', allowsAnyOrigin: true, allowsCredentials: false };
const echoedWithCredentials: CorsExposure = { allowOrigin: 'https://foreign.example', allowsAnyOrigin: true, allowsCredentials: true };
const refused: CorsExposure = { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false };

function site(overrides: Partial<ScanResult>): ScanResult {
  return mcpSite({ evidence: 'handshake', serverInfo: { name: 'shop' }, ...overrides });
}

describe('SAFE-T1707 browser exposure: an endpoint any web page can call', () => {
  it.each([
    ['destructive tools, *', destructive, anyOrigin, 'high'],
    ['side-effecting tools, *', sideEffect, anyOrigin, 'medium'],
    ['read-only tools, *', readOnly, anyOrigin, 'low'],
    ['no tools, *', [], anyOrigin, 'low'],
    ['read-only tools, echoed origin with credentials', readOnly, echoedWithCredentials, 'medium'],
    ['side-effecting tools, credentials', sideEffect, echoedWithCredentials, 'high'],
    ['destructive tools, credentials (capped)', destructive, echoedWithCredentials, 'high'],
  ] as const)('%s → %s', (_label, tools, cors, severity) => {
    const findings = detectCorsExposure(5, site({ tools: [...tools], corsExposure: cors }));
    expect(summary(findings)).toEqual([`SAFE-T1707:${severity}:server:shop`]);
  });

  it('structured evidence names the header, the deciding tool and the rule', () => {
    const [f] = detectCorsExposure(5, site({ tools: destructive, corsExposure: anyOrigin }));
    expect(f!.detail).toEqual({
      tool: 'delete_user',
      field: 'Access-Control-Allow-Origin',
      matched: 'Access-Control-Allow-Origin: *',
      rule: expect.stringMatching(/^SAFE-T1707 delete: .* → destructive → high$/) as string,
    });
    expect(f!.evidence).toContain('any web page can call the MCP endpoint https://example.com/mcp');
    const [c] = detectCorsExposure(5, site({ tools: readOnly, corsExposure: echoedWithCredentials }));
    expect(c!.detail).toMatchObject({
      field: 'Access-Control-Allow-Origin, Access-Control-Allow-Credentials',
      matched: 'Access-Control-Allow-Origin: https://foreign.example, Access-Control-Allow-Credentials: true',
      rule: expect.stringContaining('+ credentials allowed (one level higher) → medium') as string,
    });
  });

  it.each([
    ['authentication required', { authRequired: true }],
    ['an auth wall', { evidence: 'auth-wall' as const }],
    ['OAuth protected-resource metadata', { evidence: 'oauth-metadata' as const }],
    ['no handshake evidence', { evidence: null }],
    ['no preflight answer', { corsExposure: null }],
    ['foreign origins refused', { corsExposure: refused }],
    ['no MCP', { hasMcp: false }],
  ])('%s → nothing', (_label, overrides) => {
    expect(detectCorsExposure(5, site({ tools: destructive, corsExposure: anyOrigin, ...overrides }))).toEqual([]);
  });

  it('is wired into the per-site detectors beside SAFE-T1005', () => {
    const all = detectSiteFindings({ websiteId: 5, result: site({ tools: destructive, corsExposure: anyOrigin }), previous: null });
    expect(summary(ofTechnique(all, 'SAFE-T1707'))).toEqual(['SAFE-T1707:high:server:shop']);
    expect(summary(ofTechnique(all, 'SAFE-T1005'))).toEqual(['SAFE-T1005:high:server:shop']);
  });
});
