import { describe, expect, it } from 'vitest';
import { emptyScanResult, scanOutcome, scanResultSchema } from '../src/index';

describe('scanOutcome', () => {
  it.each([
    ['MCP found', { hasMcp: true }, 'mcp'],
    ['MCP found even though other probes could not reach the site', { hasMcp: true, reachability: 'unreachable' as const, unreachableClass: 'dns' as const }, 'mcp'],
    ['reached, nothing MCP', {}, 'no-mcp'],
    ['every probe failed at the network level', { reachability: 'unreachable' as const, unreachableClass: 'timeout' as const }, 'unreachable'],
    ['robots.txt said no', { notScanned: { reason: 'robots-txt' as const, rule: 'Disallow: /', path: '/mcp' } }, 'not-scanned'],
  ])('%s → %s', (_what, fields, expected) => {
    expect(scanOutcome(emptyScanResult(fields))).toBe(expected);
  });

  it('reads an event from before reachability was recorded as reached', () => {
    const old = { ...emptyScanResult({ error: 'DNS lookup failed', errorClass: 'dns' }) } as Record<string, unknown>;
    delete old.reachability;
    delete old.unreachableClass;
    const parsed = scanResultSchema.parse(old);
    expect(parsed.reachability).toBe('reached');
    expect(scanOutcome(parsed)).toBe('no-mcp');
  });
});
