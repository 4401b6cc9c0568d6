import type { ScanResult } from '@mcp-census/schemas';
import { CallCounter } from './catalogue';
import { catalogueOf, CORPUS, hostOf, installedVersion, serverName, type CorpusEntry, type Evidence } from './corpus';
import { LOOPBACK, type RunningServer } from './listen';

export interface LiveEntry {
  entry: CorpusEntry;
  host: string;
  /** `http://<host>:<port>` */
  origin: string;
  /** What the prober is given: the origin, or origin + the entry's path. */
  target: string;
  version: string;
  counter: CallCounter;
  server: RunningServer;
}

/** Starts every corpus server (one loopback port each) and maps its made-up host to 127.0.0.1. */
export async function startCorpus(entries: readonly CorpusEntry[] = CORPUS): Promise<{ live: LiveEntry[]; resolveHost: (hostname: string) => string[] | undefined; stop: () => Promise<void> }> {
  const live: LiveEntry[] = [];
  try {
    for (const entry of entries) {
      const host = hostOf(entry);
      const counter = new CallCounter();
      const server = await entry.start({ name: serverName(entry), cat: catalogueOf(entry), counter }, host);
      const origin = `http://${host}:${server.port}`;
      live.push({ entry, host, origin, target: entry.given === 'origin' ? origin : `${origin}${entry.given}`, version: installedVersion(entry.pkg), counter, server });
    }
  } catch (err) {
    await Promise.allSettled(live.map((l) => l.server.close()));
    throw err;
  }
  const hosts = new Set(live.map((l) => l.host));
  return {
    live,
    // Only the corpus names resolve (to loopback); every other name is NXDOMAIN, so nothing leaves the machine.
    resolveHost: (hostname) => (hosts.has(hostname.toLowerCase()) ? [LOOPBACK] : undefined),
    stop: async () => {
      await Promise.allSettled(live.map((l) => l.server.close()));
    },
  };
}

/**
 * `evidence` as the result carries it, typed loosely so this file compiles
 * before and after the field is added to ScanResult: `undefined` means the
 * prober does not report it yet.
 */
export function evidenceOf(r: ScanResult): Evidence | undefined {
  const v = (r as unknown as Record<string, unknown>)['evidence'];
  return v === null || typeof v === 'string' ? (v as Evidence) : undefined;
}

/** Names of `resourceTemplates` when the result carries that list, else null. */
export function templateNamesOf(r: ScanResult): string[] | null {
  const v = (r as unknown as Record<string, unknown>)['resourceTemplates'];
  if (!Array.isArray(v)) return null;
  return v.map((t: unknown) => {
    if (!t || typeof t !== 'object') return '';
    const { name, uriTemplate } = t as { name?: unknown; uriTemplate?: unknown };
    return typeof name === 'string' ? name : typeof uriTemplate === 'string' ? uriTemplate : '';
  });
}

export interface Score {
  recall: number;
  precision: number;
  missing: string[];
  extra: string[];
}

/** Set recall/precision of names; an empty expected set has recall 1, an empty result precision 1. */
export function score(expected: readonly string[], got: readonly string[]): Score {
  const exp = new Set(expected);
  const have = new Set(got);
  const hit = [...exp].filter((n) => have.has(n)).length;
  return {
    recall: exp.size === 0 ? 1 : hit / exp.size,
    precision: have.size === 0 ? 1 : hit / have.size,
    missing: [...exp].filter((n) => !have.has(n)).sort(),
    extra: [...have].filter((n) => !exp.has(n)).sort(),
  };
}

export interface Scores {
  tools: Score;
  resources: Score;
  /** null when the result has no resourceTemplates list yet. */
  templates: Score | null;
  prompts: Score;
}

export function scoreAll(l: LiveEntry, r: ScanResult): Scores {
  const cat = l.entry.expected.cat;
  const templates = templateNamesOf(r);
  return {
    tools: score(cat.tools.map((t) => t.name), r.tools.map((t) => t.name)),
    resources: score(cat.resources.map((x) => x.name), r.resources.map((x) => x.name)),
    templates: templates === null ? null : score(cat.templates.map((t) => t.name), templates),
    prompts: score(cat.prompts.map((p) => p.name), r.prompts.map((p) => p.name)),
  };
}

const pct = (s: Score | null): string => (s === null ? 'n/a' : `${Math.round(s.recall * 100)}%`);

/** One console table row per entry: what was expected against what came back. */
export function table(rows: ReadonlyArray<{ l: LiveEntry; r: ScanResult; pass: boolean }>): string {
  const head = ['server', 'framework@version', 'given', 'auth', 'hasMcp exp/got', 'transport exp/got', 'evidence exp/got', 'endpoint', 'recall t/r/rt/p', 'ok'];
  const body = rows.map(({ l, r, pass }) => {
    const s = scoreAll(l, r);
    const e = l.entry.expected;
    const ev = evidenceOf(r);
    const endpoint = r.mcpEndpoint ? new URL(r.mcpEndpoint).pathname : '-';
    return [
      l.entry.id,
      `${l.entry.pkg}@${l.version}`,
      l.entry.given,
      l.entry.auth,
      `${e.hasMcp}/${r.hasMcp}`,
      `${e.transport ?? '-'}/${r.transport ?? '-'}`,
      `${e.evidence ?? '-'}/${ev === undefined ? '(absent)' : ev ?? '-'}`,
      e.endpointPath === null ? `(not asserted) ${endpoint}` : `${e.endpointPath} ${endpoint === e.endpointPath ? '=' : '≠ ' + endpoint}`,
      [s.tools, s.resources, s.templates, s.prompts].map(pct).join(' '),
      pass ? 'PASS' : 'FAIL',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-+-'), ...body.map(line)].join('\n');
}
