import { describe, expect, it } from 'vitest';
import { classifyChallenge, compareControl, judgeDenial, metadataNamesResource, type Challenge, type ControlAnswer, type DenialVerdict } from '../../src/scanner/evidence';

// One table per rule of evidence.ts: the prober's hasMcp/authRequired/errorClass come from here.

describe('classifyChallenge: how a 401/403 challenges the client', () => {
  it.each<[number, string | undefined, Challenge]>([
    [401, undefined, 'bare'],
    [401, '', 'bare'],
    [401, 'Bearer', 'bearer'],
    [401, 'Bearer error="invalid_token", error_description="expired"', 'bearer'],
    [401, 'bearer realm="mcp"', 'bearer'],
    [401, 'Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource"', 'bearer'],
    [401, 'Basic realm="staging"', 'other-scheme'],
    [401, 'Digest realm="x", nonce="y"', 'other-scheme'],
    [401, 'Basic realm="x", Bearer realm="y"', 'bearer'],
    [401, 'BearerToken realm="x"', 'other-scheme'],
    [403, 'Bearer error="insufficient_scope", scope="mcp:write"', 'bearer'],
    [403, undefined, 'refused'],
    [403, 'Basic realm="x"', 'refused'],
    [403, '', 'refused'],
  ])('HTTP %i with WWW-Authenticate %j → %s', (status, header, want) => {
    expect(classifyChallenge(status, header)).toBe(want);
  });

  it('only looks at a bounded prefix of a hostile header', () => {
    expect(classifyChallenge(401, `${'x'.repeat(5_000)}, Bearer`)).toBe('other-scheme');
  });
});

describe('metadataNamesResource: RFC 9728 metadata must name this endpoint', () => {
  it.each<[unknown, string, boolean]>([
    ['https://a.example/mcp', 'https://a.example/mcp', true],
    ['https://a.example/mcp/', 'https://a.example/mcp', true],
    ['https://a.example', 'https://a.example/mcp', true],
    ['https://a.example/', 'https://a.example/api/mcp', true],
    ['https://a.example/api', 'https://a.example/api/mcp', true],
    ['https://a.example/api/mcp', 'https://a.example/mcp', false],
    ['https://a.example/mc', 'https://a.example/mcp', false],
    ['https://b.example/mcp', 'https://a.example/mcp', false],
    ['http://a.example/mcp', 'https://a.example/mcp', false],
    ['https://a.example:443/mcp', 'https://a.example/mcp', true],
    [undefined, 'https://a.example/mcp', false],
    [42, 'https://a.example/mcp', false],
    ['not a url', 'https://a.example/mcp', false],
  ])('resource %j for %s → %s', (resource, endpoint, want) => {
    expect(metadataNamesResource(resource, endpoint)).toBe(want);
  });
});

describe('compareControl: a control path on the same host', () => {
  it.each<[number, number | null, ControlAnswer]>([
    [401, 404, 'different'],
    [401, 200, 'different'],
    [401, 403, 'different'],
    [401, 401, 'same'],
    [403, 403, 'same'],
    [401, null, 'unknown'],
  ])('wall %i, control %j → %s', (wall, control, want) => {
    expect(compareControl(wall, control)).toBe(want);
  });
});

describe('judgeDenial: evidence, authRequired and error class of one 401/403', () => {
  type Row = [string, Parameters<typeof judgeDenial>[0], Pick<DenialVerdict, 'evidence' | 'authRequired' | 'errorClass'>];
  const mcp = (evidence: 'oauth-metadata' | 'auth-wall') => ({ evidence, authRequired: true, errorClass: null });
  const none = (errorClass: 'http-status' | 'forbidden') => ({ evidence: null, authRequired: false, errorClass });
  it.each<Row>([
    ['metadata naming the endpoint (Bearer)', { status: 401, challenge: 'bearer', metadataNamesResource: true, control: 'unknown' }, mcp('oauth-metadata')],
    ['metadata decides even when the whole host is walled', { status: 401, challenge: 'bearer', metadataNamesResource: true, control: 'same' }, mcp('oauth-metadata')],
    ['metadata with a bare 401', { status: 401, challenge: 'bare', metadataNamesResource: true, control: 'unknown' }, mcp('oauth-metadata')],
    ['Bearer invalid_token on the MCP path only', { status: 401, challenge: 'bearer', metadataNamesResource: false, control: 'different' }, mcp('auth-wall')],
    ['bare 401 on the MCP path only', { status: 401, challenge: 'bare', metadataNamesResource: false, control: 'different' }, mcp('auth-wall')],
    ['insufficient_scope 403 on the MCP path only', { status: 403, challenge: 'bearer', metadataNamesResource: false, control: 'different' }, mcp('auth-wall')],
    ['401 everywhere on the host', { status: 401, challenge: 'bearer', metadataNamesResource: false, control: 'same' }, none('http-status')],
    ['bare 401 everywhere on the host', { status: 401, challenge: 'bare', metadataNamesResource: false, control: 'same' }, none('http-status')],
    ['control path unreachable', { status: 401, challenge: 'bare', metadataNamesResource: false, control: 'unknown' }, none('http-status')],
    ['Basic auth (not an MCP scheme)', { status: 401, challenge: 'other-scheme', metadataNamesResource: false, control: 'different' }, none('http-status')],
    ['403 Host/Origin check or WAF page', { status: 403, challenge: 'refused', metadataNamesResource: false, control: 'different' }, none('forbidden')],
    ['403 refusal is never an auth wall, metadata or not', { status: 403, challenge: 'refused', metadataNamesResource: true, control: 'different' }, none('forbidden')],
  ])('%s', (_name, facts, want) => {
    const v = judgeDenial(facts);
    expect({ evidence: v.evidence, authRequired: v.authRequired, errorClass: v.errorClass }).toEqual(want);
    expect(v.reason.length).toBeGreaterThan(0);
  });

  it('words a refusal as the server refusing the request, never as authentication', () => {
    const v = judgeDenial({ status: 403, challenge: 'refused', metadataNamesResource: false, control: 'unknown' });
    expect(v.reason).toMatch(/refused the request/);
    expect(v.reason).toMatch(/Host\/Origin/);
    expect(v.reason).not.toMatch(/authentication required/i);
  });
});
