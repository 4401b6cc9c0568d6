import { describe, expect, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { createLogger, type Logger } from '@mcp-census/streams/platform/logger';
import { generateSites } from '@mcp-census/streams/simweb/sites';
import { historyEnd, planSimulatedHistory } from '@mcp-census/streams/simweb/history/history-plan';
import { sitesNeedingLiveLists } from '@mcp-census/streams/simweb/history/live-lists';
import { readLiveLists } from '../../src/demo/live-lists-step';

// The replay's probing step reports like its publishing: a line per tenth,
// the outcome, and a warning naming how many sites keep placeholder items.
const sites = generateSites({ sites: 400, seed: 9, port: 3080 });
const scans = planSimulatedHistory({ sites, seed: 9, days: 30, end: historyEnd(new Date(), 86_400_000) }).scans;
const mcp = sitesNeedingLiveLists(scans, 0);

function kept(): { log: Logger; lines: { level: string; msg: string }[] } {
  const lines: { level: string; msg: string }[] = [];
  const log = createLogger({ level: 'info', format: 'json', destination: { write: (line: string) => void lines.push(JSON.parse(line) as { level: string; msg: string }) } });
  return { log, lines };
}

describe('reading the live lists before the replay', () => {
  it('logs progress by tenths, then how many sites could not be probed', async () => {
    const { log, lines } = kept();
    const failing = new Set(mcp.slice(0, 3).map((s) => s.url));
    const step = await readLiveLists({
      scans, from: 0, log, concurrency: 4,
      probe: (url) => (failing.has(url) ? Promise.reject(new Error('refused')) : Promise.resolve(emptyScanResult({ hasMcp: true, responseTime: 1 }))),
    });
    expect(mcp.length).toBeGreaterThan(20);
    expect(step).toMatchObject({ failed: 3, aborted: false });
    expect(step.results.size).toBe(mcp.length - 3);
    const progress = lines.filter((l) => /^simulated history: read the live lists of [\d,]+ of [\d,]+ sites \(\d+%\)$/.test(l.msg));
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress.length).toBeLessThanOrEqual(10);
    expect(progress.at(-1)?.msg).toContain('(100%)');
    expect(lines.find((l) => l.msg.startsWith('simulated history: 3 MCP sites could not be probed'))?.level).toBe('warn');
  });

  it('warns that every MCP site keeps placeholders without a prober', async () => {
    const { log, lines } = kept();
    const step = await readLiveLists({ scans, from: 0, probe: undefined, log });
    expect(step).toMatchObject({ failed: mcp.length, aborted: false });
    expect(lines.map((l) => l.msg)).toEqual([`simulated history: no prober given; ${mcp.length} MCP sites keep placeholder items (their first live scan will show them all as changed)`]);
  });

  it('probes nothing when no remaining scan lists MCP items', async () => {
    const { log, lines } = kept();
    const step = await readLiveLists({ scans, from: scans.length, probe: () => Promise.reject(new Error('not called')), log });
    expect(step).toEqual({ results: new Map(), failed: 0, aborted: false });
    expect(lines).toEqual([]);
  });
});
