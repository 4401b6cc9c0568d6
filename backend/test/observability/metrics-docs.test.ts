import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processRegistry } from '@mcp-census/streams/platform/metrics/registry';
import '@mcp-census/streams/platform/metrics/consumer-metrics';
import '@mcp-census/streams/platform/metrics/scan-metrics';
import '../../src/observability/db-metrics';
import '../../src/observability/http-metrics';
import '../../src/observability/socket-metrics';
import { parsePrometheusText } from './prometheus-text';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** census-metrics.ts: per census instance, not on the process registry. */
const CENSUS_GAUGES = ['census_scanner_state', 'census_scanner_offline_since_seconds', 'census_sites'];

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'docs/grafana/mcp-census-dashboard.json'), 'utf8')) as {
  uid: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

/** Every census_* family a process can serve: the process-wide ones and the census gauges. */
function censusFamilies(): string[] {
  const names = processRegistry.getMetricsAsArray().map((m) => m.name);
  return [...names.filter((n) => n.startsWith('census_')), ...CENSUS_GAUGES].sort();
}

describe('the metric families are documented', () => {
  it('has a Grafana panel for every family, each on the Prometheus datasource variable', async () => {
    const families = censusFamilies();
    expect(families.length).toBeGreaterThanOrEqual(15);
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    for (const family of [...families, 'process_cpu_seconds_total']) expect(exprs.some((e) => e.includes(family)), family).toBe(true);
    expect(dashboard.templating.list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' })]));
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
  });

  it('lists every family in the README, which the scrape output agrees with', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = /^## Metrics\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    expect(section).toContain('METRICS_TOKEN');
    expect(section).toContain('--profile monitoring');
    const families = censusFamilies();
    for (const family of families) expect(section, family).toContain(`\`${family}\``);
    // the types the README gives are the ones served
    const served = parsePrometheusText(await processRegistry.metrics());
    for (const family of families.filter((f) => served.has(f))) {
      const row = section.split('\n').find((line) => line.includes(`\`${family}\``)) ?? '';
      expect(row, family).toContain(served.get(family)?.type ?? '?');
    }
  });
});
