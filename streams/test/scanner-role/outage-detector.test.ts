import { describe, expect, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { createOutageDetector, observe, type NetworkObservation, type OutageThresholds } from '../../src/scanner-role/outage-detector';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const R: NetworkObservation = { kind: 'reached' };
const F = (cls: 'dns' | 'connect' | 'tls' | 'timeout' = 'dns'): NetworkObservation => ({ kind: 'failed', cls });
const thresholds: OutageThresholds = { windowSize: 10, windowMs: 60_000, share: 0.9 };

/** A detector on a clock the test moves; each step is [ms since T0, observation]. */
function run(steps: [number, NetworkObservation][], opts: OutageThresholds = thresholds) {
  let at = T0;
  const detector = createOutageDetector({ thresholds: opts, now: () => new Date(at) });
  const transitions: string[] = [];
  for (const [ms, obs] of steps) {
    at = T0 + ms;
    const t = detector.record(obs, new Date(at));
    if (t) transitions.push(t.to);
  }
  return { detector, transitions, setNow: (ms: number) => (at = T0 + ms) };
}

const repeat = (n: number, from: number, step: number, obs: NetworkObservation): [number, NetworkObservation][] =>
  Array.from({ length: n }, (_, i) => [from + i * step, obs]);

describe('outage detector windows', () => {
  const table: { name: string; steps: [number, NetworkObservation][]; state: 'online' | 'offline'; holdBack: boolean }[] = [
    { name: 'no results yet: online, but unreachable results are held (network never seen)', steps: [], state: 'online', holdBack: true },
    { name: 'fewer failures than the minimum: online, still holding back', steps: repeat(9, 0, 100, F()), state: 'online', holdBack: true },
    { name: 'ten network failures and nothing reached: offline', steps: repeat(10, 0, 100, F()), state: 'offline', holdBack: true },
    { name: 'one reached site among nine failures: share 0.9 is enough, offline', steps: [[0, R], ...repeat(9, 100, 100, F('connect'))], state: 'offline', holdBack: true },
    { name: 'two reached among eight failures: share 0.8 < 0.9, online and publishing', steps: [[0, R], [50, R], ...repeat(8, 100, 100, F())], state: 'online', holdBack: false },
    { name: 'mostly reached sites: online', steps: [...repeat(8, 0, 100, R), ...repeat(2, 900, 100, F('timeout'))], state: 'online', holdBack: false },
    { name: 'reached sites older than the window do not count', steps: [...repeat(5, 0, 100, R), ...repeat(10, 70_000, 100, F())], state: 'offline', holdBack: true },
    { name: 'the window keeps only the newest results', steps: [...repeat(5, 0, 10, R), ...repeat(9, 100, 10, F()), [300, F()]], state: 'offline', holdBack: true },
    { name: 'failures spread beyond the window never add up', steps: [[0, R], ...repeat(10, 100, 30_000, F())], state: 'online', holdBack: true },
    { name: 'a reached site ends the outage', steps: [...repeat(10, 0, 100, F()), [2_000, R]], state: 'online', holdBack: false },
  ];
  it.each(table)('$name', ({ steps, state, holdBack }) => {
    const { detector } = run(steps);
    expect(detector.state().state).toBe(state);
    expect(detector.holdBack()).toBe(holdBack);
  });

  it('an HTTP 5xx and an MCP answer prove the network; robots.txt refusals say nothing', () => {
    expect(observe(emptyScanResult({ reachability: 'unreachable', unreachableClass: 'http-5xx' }))).toEqual({ kind: 'reached' });
    expect(observe(emptyScanResult({ hasMcp: true, reachability: 'unreachable', unreachableClass: 'dns' }))).toEqual({ kind: 'reached' });
    expect(observe(emptyScanResult({ reachability: 'unreachable', unreachableClass: 'tls' }))).toEqual({ kind: 'failed', cls: 'tls' });
    expect(observe(emptyScanResult({ notScanned: { reason: 'robots-txt', rule: 'Disallow: /', path: '/' } }))).toEqual({ kind: 'neutral' });
    expect(observe(emptyScanResult({ notScanned: { reason: 'robots-txt', rule: 'robots.txt answered HTTP 503 (read as Disallow: /)', path: '/' } }))).toEqual({ kind: 'neutral' });
    // A robots.txt that timed out comes from the prober as an unreachable site: a network failure.
    expect(observe(emptyScanResult({ reachability: 'unreachable', unreachableClass: 'timeout', error: 'robots.txt unreachable (timeout; read as Disallow: /)' }))).toEqual({ kind: 'failed', cls: 'timeout' });
    expect(observe(emptyScanResult())).toEqual({ kind: 'reached' });
  });

  it('reports when and why it went offline, and the transition back', () => {
    const { detector, transitions } = run([[0, R], ...repeat(10, 1_000, 1_000, F('dns')), [20_000, R]]);
    expect(transitions).toEqual(['offline', 'online']);
    expect(detector.state()).toEqual({ state: 'online', since: new Date(T0 + 20_000), reason: null });
    const offline = run(repeat(12, 1_000, 1_000, F('dns'))).detector.state();
    expect(offline.state).toBe('offline');
    // since the first failure in the window, not since the decision
    expect(offline.since.toISOString()).toBe(new Date(T0 + 1_000).toISOString());
    expect(offline.reason).toBe('10 of 10 recent probes failed at the network level (dns)');
  });

  it('ignores failures of probes begun before it came back online', () => {
    let at = T0;
    const d = createOutageDetector({ thresholds, now: () => new Date(at) });
    for (let i = 0; i < 10; i += 1) d.record(F(), new Date(at));
    expect(d.state().state).toBe('offline');
    const startedDuringOutage = new Date(at);
    at += 5_000;
    d.record(R, new Date(at));
    expect(d.state().state).toBe('online');
    for (let i = 0; i < 20; i += 1) expect(d.record(F('timeout'), startedDuringOutage)).toBeNull();
    expect(d.state().state).toBe('online');
    expect(d.holdBack()).toBe(false);
  });

  it('holds unreachable results back once the last reached site is older than the window', () => {
    const { detector, setNow } = run([[0, R]]);
    expect(detector.holdBack()).toBe(false);
    setNow(60_001);
    expect(detector.holdBack()).toBe(true);
  });

  it('canary: an answer ends an outage; a failure means offline only when no site answered since the last check', () => {
    let at = T0;
    const d = createOutageDetector({ thresholds, now: () => new Date(at) });
    expect(d.canary(true, 'HTTP 200')).toBeNull();
    expect(d.holdBack()).toBe(false);
    d.record(R, new Date(at));
    expect(d.canary(false, 'ENOTFOUND')).toBeNull();
    expect(d.state().state).toBe('online');
    at += 1_000;
    expect(d.canary(false, 'ENOTFOUND')?.to).toBe('offline');
    expect(d.state().reason).toBe('canary failed: ENOTFOUND');
    expect(d.suspect()).toBe(true);
    at += 1_000;
    expect(d.canary(true, 'HTTP 204')?.to).toBe('online');
    expect(d.suspect()).toBe(false);
  });

  it('suspects an outage before deciding it, so the canary can check sooner', () => {
    const { detector } = run([[0, R], [100, R], ...repeat(3, 200, 100, F())]);
    expect(detector.state().state).toBe('online');
    expect(detector.suspect()).toBe(false);
    expect(run(repeat(3, 0, 100, F())).detector.suspect()).toBe(true);
  });
});
