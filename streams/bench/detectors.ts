// `node --import tsx streams/bench/detectors.ts`: CPU cost of the per-site
// SAFE-MCP detectors (detectSiteFindings) as the state projector runs them,
// over the MCP sites of the bench scan fixture (5–30 tools each). Every round
// gets freshly built scan results, as the projector does (each event is parsed
// anew), so caches keyed by object do not carry over between rounds; building
// them is not timed. Prints one JSON line: µs per site (p50 over the rounds)
// and sites per second.
//   DETECTOR_BENCH_RESULTS  scan results to draw from (default 6000; ~15% have MCP)
//   DETECTOR_BENCH_ROUNDS   timed rounds after one warm-up round (default 5)
//   DETECTOR_BENCH_MODULE   another copy of the detectors to time (path to its index.ts), for before/after runs
import type { ScanResult } from '@mcp-census/schemas';
import { scanResult } from './fixtures/scan-events';

type Detect = (input: { websiteId: number; result: ScanResult; previous: null }) => unknown[];

const RESULTS = Number(process.env.DETECTOR_BENCH_RESULTS ?? 6_000);
const ROUNDS = Number(process.env.DETECTOR_BENCH_ROUNDS ?? 5);
const modulePath = process.env.DETECTOR_BENCH_MODULE ?? '../src/security/index';
const { detectSiteFindings } = (await import(modulePath)) as { detectSiteFindings: Detect };

function mcpSites(): { id: number; result: ScanResult }[] {
  const sites: { id: number; result: ScanResult }[] = [];
  for (let i = 0; i < RESULTS; i++) {
    const result = scanResult(i);
    if (result.hasMcp) sites.push({ id: i, result });
  }
  return sites;
}

function round(): { micros: number; findings: number; sites: number } {
  const sites = mcpSites();
  let findings = 0;
  const start = process.hrtime.bigint();
  for (const s of sites) findings += detectSiteFindings({ websiteId: s.id, result: s.result, previous: null }).length;
  const micros = Number(process.hrtime.bigint() - start) / 1_000;
  return { micros, findings, sites: sites.length };
}

round(); // warm-up: JIT and module initialisation
const perSite: number[] = [];
let last = { micros: 0, findings: 0, sites: 0 };
for (let r = 0; r < ROUNDS; r++) {
  last = round();
  perSite.push(last.micros / last.sites);
}
perSite.sort((a, b) => a - b);
const p50 = perSite[Math.floor(perSite.length / 2)]!;
console.log(
  JSON.stringify({
    bench: 'detectors',
    sites: last.sites,
    rounds: ROUNDS,
    findingsPerRound: last.findings,
    usPerSiteP50: Number(p50.toFixed(1)),
    usPerSiteMin: Number(perSite[0]!.toFixed(1)),
    usPerSiteMax: Number(perSite.at(-1)!.toFixed(1)),
    sitesPerSecond: Math.round(1e6 / p50),
  }),
);
