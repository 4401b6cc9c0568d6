import { Counter } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import { defineMetric, enableProcessMetrics, processRegistry } from '@mcp-census/streams/platform/metrics/registry';
import { createCensusMetrics, type CensusMetricsSources } from '../../src/observability/census-metrics';
import { parsePrometheusText } from './prometheus-text';

const sources: CensusMetricsSources = {
  scannerState: () => Promise.resolve({ state: 'online', since: null, reason: null }),
  figures: () => Promise.resolve({ totalWebsites: 3, mcpEnabled: 1, capabilityRate: 33, totalTools: 0, totalResources: 0, totalPrompts: 0 }),
};

describe('metric registration', () => {
  it('defines a family once: a second definition gets the first', () => {
    const create = (registers: typeof processRegistry[]) => new Counter({ name: 'census_test_definitions_total', help: 'test', registers });
    const first = defineMetric('census_test_definitions_total', create);
    const second = defineMetric('census_test_definitions_total', create);
    expect(second).toBe(first);
  });

  it('survives the metric modules being loaded again, and several census instances in one process', async () => {
    const before = await import('../../src/observability/db-metrics');
    vi.resetModules();
    // a fresh copy of every module (as another bundle would load it) registers nothing twice
    const again = await import('../../src/observability/db-metrics');
    expect(again).not.toBe(before);
    await import('@mcp-census/streams/platform/metrics/consumer-metrics');
    await import('@mcp-census/streams/platform/metrics/scan-metrics');
    await import('../../src/observability/http-metrics');
    await import('../../src/observability/socket-metrics');
    enableProcessMetrics();
    const a = createCensusMetrics(sources);
    const b = createCensusMetrics(sources);
    for (const source of [a, b]) {
      const families = parsePrometheusText(await source.metrics());
      expect(families.get('census_sites')?.samples.find((s) => s.labels.state === 'total')?.value).toBe(3);
      expect(families.has('process_cpu_user_seconds_total')).toBe(true);
      expect(families.get('census_pg_pool_clients')?.type).toBe('gauge');
      // each family exactly once in a scrape
      const text = await source.metrics();
      expect(text.match(/^# TYPE census_http_request_duration_seconds /gm)).toHaveLength(1);
    }
  });
});
