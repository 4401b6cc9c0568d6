// `npx tsx streams/bench/security-exposure.ts`: probes the demo's simulated
// web (10,000 sites, seed 2026, the default profile mix) with the real prober
// and counts the per-site detectors' findings by technique and severity.
// Scan results are cached in SECURITY_SCANS_FILE (default
// /tmp/mcp-census-security-scans.json), so the same scans can be measured
// again after a rule change. Prints one JSON line.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { scanResultSchema, type ScanResult } from '@mcp-census/schemas';
import { createProber } from '../src/scanner/index';
import { detectSiteFindings } from '../src/security/index';
import { startSimulatedWeb } from '../src/simweb/index';

const SITES = Number(process.env.DEMO_SITES ?? 10_000);
const SEED = 2026; // backend/src/demo.ts
const FILE = process.env.SECURITY_SCANS_FILE ?? '/tmp/mcp-census-security-scans.json';

async function scanAll(): Promise<{ id: number; profile: string; result: ScanResult }[]> {
  const web = await startSimulatedWeb({ sites: SITES, seed: SEED });
  const prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), maxConcurrency: 128 });
  try {
    return await Promise.all(web.sites.map(async (s) => ({ id: s.id, profile: s.profile, result: await prober.probeWebsite(s.url) })));
  } finally {
    await prober.close();
    await web.stop();
  }
}

const scans = existsSync(FILE)
  ? (JSON.parse(await readFile(FILE, 'utf8')) as { id: number; profile: string; result: unknown }[]).map((s) => ({ ...s, result: scanResultSchema.parse(s.result) }))
  : await scanAll();
if (!existsSync(FILE)) await writeFile(FILE, JSON.stringify(scans));

const byTechnique: Record<string, Record<string, number>> = {};
const exposureByProfile: Record<string, Record<string, number>> = {};
let mcpServers = 0;
for (const s of scans) {
  if (s.result.hasMcp) mcpServers++;
  for (const f of detectSiteFindings({ websiteId: s.id, result: s.result, previous: null })) {
    const t = (byTechnique[f.techniqueId] ??= {});
    t[f.severity] = (t[f.severity] ?? 0) + 1;
    if (f.techniqueId === 'SAFE-T1005') {
      const p = (exposureByProfile[s.profile] ??= {});
      p[f.severity] = (p[f.severity] ?? 0) + 1;
    }
  }
}
console.log(JSON.stringify({ sites: scans.length, mcpServers, exposure: byTechnique['SAFE-T1005'] ?? {}, exposureByProfile, byTechnique }));
