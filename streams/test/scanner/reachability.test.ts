import { describe, expect, it } from 'vitest';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { noteAnswer, withReachability, type AnswerCounts } from '../../src/scanner/reachability';

const counts = (...statuses: number[]): AnswerCounts => {
  const c: AnswerCounts = {};
  for (const s of statuses) noteAnswer(c, s);
  return c;
};

describe('reachability of a scanned site', () => {
  const table: [string, Partial<ScanResult>, AnswerCounts, ScanResult['reachability'], ScanResult['unreachableClass']][] = [
    ['a 404 on the site host is an answer', { errorClass: 'not-mcp' }, counts(404), 'reached', null],
    ['a redirect is an answer', {}, counts(301), 'reached', null],
    ['an answer anywhere beats 5xx elsewhere', { errorClass: 'http-status' }, counts(503, 200), 'reached', null],
    ['only 5xx', { errorClass: 'http-status' }, counts(500, 502, 503), 'unreachable', 'http-5xx'],
    ['no answer: DNS', { errorClass: 'dns' }, counts(), 'unreachable', 'dns'],
    ['no answer: connection refused', { errorClass: 'refused' }, counts(), 'unreachable', 'connect'],
    ['no answer: connection reset or closed', { errorClass: 'network' }, counts(), 'unreachable', 'connect'],
    ['no answer: TLS', { errorClass: 'tls' }, counts(), 'unreachable', 'tls'],
    ['no answer: timeout', { errorClass: 'timeout' }, counts(), 'unreachable', 'timeout'],
    ['decided unreachable during the probe (the last-found MCP endpoint did not answer) stays so, pages answered or not', { reachability: 'unreachable', unreachableClass: 'connect', errorClass: 'refused' }, counts(200, 404), 'unreachable', 'connect'],
    ['MCP found counts as reached whatever else failed', { hasMcp: true, errorClass: 'dns' }, counts(), 'reached', null],
    ['not scanned by a robots.txt rule is not unreachable (even from the cache)', { notScanned: { reason: 'robots-txt', rule: 'Disallow: /mcp', path: '/mcp' } }, counts(), 'reached', null],
    ['not scanned for a Crawl-delay', { notScanned: { reason: 'crawl-delay', rule: 'Crawl-delay: 60', path: null } }, counts(200), 'reached', null],
  ];
  it.each(table)('%s', (_name, fields, c, reachability, cls) => {
    const result = withReachability(emptyScanResult(fields), c);
    expect(result.reachability).toBe(reachability);
    expect(result.unreachableClass).toBe(cls);
  });
});
