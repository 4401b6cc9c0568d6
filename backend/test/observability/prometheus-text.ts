/**
 * A parser of the Prometheus text exposition format (version 0.0.4), enough
 * to read prom-client's output the way a scraper does: families from their
 * TYPE lines, samples with escaped label values, histogram and summary
 * series (_bucket, _sum, _count) under their family. Malformed lines throw.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const SUFFIXES = ['_bucket', '_sum', '_count'];

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string): MetricFamily => {
    let f = families.get(name);
    if (!f) {
      f = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, f);
    }
    return f;
  };
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const meta = /^#\s+(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)\s?(.*)$/.exec(line);
      if (!meta) continue; // a plain comment
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (kind === 'TYPE') family(name).type = rest.trim();
      else family(name).help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      continue;
    }
    const sample = parseSample(line, index + 1);
    family(familyOf(sample.name, families)).samples.push(sample);
  }
  return families;
}

/** `x_bucket` belongs to histogram `x` when `x` was declared; anything else is its own family. */
function familyOf(sampleName: string, families: Map<string, MetricFamily>): string {
  for (const suffix of SUFFIXES) {
    if (!sampleName.endsWith(suffix)) continue;
    const base = sampleName.slice(0, -suffix.length);
    const type = families.get(base)?.type;
    if (type === 'histogram' || type === 'summary') return base;
  }
  return sampleName;
}

function parseSample(line: string, lineNo: number): Sample {
  const fail = (why: string): never => {
    throw new Error(`line ${lineNo}: ${why}: ${line.slice(0, 200)}`);
  };
  const name = NAME.exec(line)?.[0] ?? fail('no metric name');
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at += 1;
    for (;;) {
      while (line[at] === ' ' || line[at] === ',') at += 1;
      if (line[at] === '}') {
        at += 1;
        break;
      }
      const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(at))?.[0] ?? fail('bad label name');
      at += labelName.length;
      if (line[at] !== '=' || line[at + 1] !== '"') fail('expected ="');
      at += 2;
      let value = '';
      for (;;) {
        const c = line[at];
        if (c === undefined) fail('unterminated label value');
        at += 1;
        if (c === '"') break;
        if (c === '\\') {
          const escaped = line[at];
          at += 1;
          value += escaped === 'n' ? '\n' : (escaped ?? fail('dangling escape'));
        } else value += c;
      }
      labels[labelName] = value;
    }
  }
  const parts = line.slice(at).trim().split(/\s+/);
  if (parts.length < 1 || parts.length > 2 || parts[0] === '') fail('expected a value and an optional timestamp');
  const value = parseValue(parts[0]!) ?? fail('bad value');
  return { name, labels, value };
}

/** Like Prometheus (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
function parseValue(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY;
  if (lower === '-inf') return Number.NEGATIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  const n = Number(text);
  return Number.isNaN(n) ? undefined : n;
}

/** The samples of `family` whose sample name is `sampleName` and whose labels include `match`. */
export function samplesOf(families: Map<string, MetricFamily>, family: string, sampleName: string, match: Record<string, string> = {}): Sample[] {
  return (families.get(family)?.samples ?? []).filter((s) => s.name === sampleName && Object.entries(match).every(([k, v]) => s.labels[k] === v));
}

/** The sum of those samples' values (0 when there are none). */
export function sumOf(families: Map<string, MetricFamily>, family: string, sampleName: string, match: Record<string, string> = {}): number {
  return samplesOf(families, family, sampleName, match).reduce((total, s) => total + s.value, 0);
}
