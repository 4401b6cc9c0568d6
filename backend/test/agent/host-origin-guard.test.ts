import { describe, expect, it } from 'vitest';
import { createHostOriginGuard, defaultAllowedHosts } from '../../src/agent/host-origin-guard';

const guard = createHostOriginGuard(defaultAllowedHosts('https://census.example.org', 3000));

describe('Host validation', () => {
  it.each([
    ['census.example.org', true],
    ['CENSUS.example.org', true],
    ['census.example.org:8443', true], // an entry without a port allows any port
    ['census.example.org.', true],
    ['localhost:3000', true],
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['localhost:3001', false],
    ['localhost', false],
    ['127.0.0.1', false],
    ['evil.example', false],
    ['census.example.org.evil.example', false],
    ['evil.example@census.example.org', false],
    ['census.example.org/path', false],
    ['census.example.org:99999', false],
    ['', false],
    [undefined, false],
  ])('Host %s → %s', (host, allowed) => {
    expect(guard.hostAllowed(host)).toBe(allowed);
  });
});

describe('Origin validation', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['https://census.example.org', true],
    ['http://localhost:3000', true],
    ['http://[::1]:3000', true],
    ['http://localhost:3001', false],
    ['http://localhost', false],
    ['https://evil.example', false],
    ['https://census.example.org.evil.example', false],
    ['null', false],
    ['file://', false],
    ['chrome-extension://abcdef', false],
  ])('Origin %s → %s', (origin, allowed) => {
    expect(guard.originAllowed(origin)).toBe(allowed);
  });
});

it('refuses to start with an entry that is not a host', () => {
  expect(() => createHostOriginGuard(['https://census.example.org/'])).toThrow(/Invalid allowed host/);
  expect(() => createHostOriginGuard(['user@host'])).toThrow(/Invalid allowed host/);
});
