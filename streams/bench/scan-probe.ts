/**
 * Micro-benchmark: probe a simulated web with the default prober settings.
 *   node --import tsx streams/bench/scan-probe.ts [sites=2000] [minLatency=20] [maxLatency=80] [concurrency=64]
 * Prints sites/s, requests/site and the outcome mix.
 */
import { createProber } from '../src/scanner/index';
import { startSimulatedWeb } from '../src/simweb/index';

const [sitesArg, minArg, maxArg, concArg] = process.argv.slice(2);
const sites = Number(sitesArg ?? 2000);
const latency: [number, number] = [Number(minArg ?? 20), Number(maxArg ?? 80)];
const concurrency = concArg ? Number(concArg) : undefined;

const web = await startSimulatedWeb({ sites, seed: 42, latencyMs: latency });
const prober = createProber({ allowPrivate: true, resolveHost: (host) => web.resolveHost(host), ...(concurrency ? { maxConcurrency: concurrency } : {}) });
const started = performance.now();
const cpu0 = process.cpuUsage();
let mismatches = 0;
const byOutcome = new Map<string, number>();
let requests = 0;
await Promise.all(
  web.sites.map(async (site) => {
    const r = await prober.probeWebsite(site.url);
    requests += r.requestCount;
    const key = r.hasMcp ? `mcp:${r.transport ?? 'auth'}` : `none:${r.errorClass ?? '-'}`;
    byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
    if (r.hasMcp !== site.expected.hasMcp || r.errorClass !== site.expected.errorClass || r.tools.length !== site.expected.toolCount) {
      if (mismatches++ < 3 && process.env.DEBUG) console.error('mismatch', site.profile, site.variant, JSON.stringify({ ...r, tools: r.tools.length }));
    }
  }),
);
const secs = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
const stats = web.stats();
console.log(
  JSON.stringify(
    {
      sites,
      latencyMs: latency,
      seconds: Number(secs.toFixed(2)),
      sitesPerSecond: Math.round(sites / secs),
      requestsPerSite: Number((requests / sites).toFixed(2)),
      serverRequests: stats.requests,
      connections: stats.connections,
      cpuCores: Number(((cpu.user + cpu.system) / 1e6 / secs).toFixed(2)),
      rssMiB: Math.round(process.memoryUsage().rss / 1048576),
      mismatches,
      toolCalls: stats.toolCalls,
      outcomes: Object.fromEntries([...byOutcome].sort()),
    },
    null,
    2,
  ),
);
await prober.close();
await web.stop();
