import type { MetricValueWithName } from 'prom-client';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { describe, expect, it } from 'vitest';
import { processRegistry } from '../../src/platform/metrics/registry';
import { recordScanOutcome, recordSiteProbe } from '../../src/platform/metrics/scan-metrics';

async function values(name: string): Promise<MetricValueWithName<string>[]> {
  return (await processRegistry.getSingleMetric(name)?.get())?.values ?? [];
}

describe('scan metrics', () => {
  it('counts outcomes by the result classification, with enum labels only', async () => {
    recordScanOutcome({ ...emptyScanResult(), hasMcp: true, evidence: 'oauth-metadata' });
    const unreachable: ScanResult = { ...emptyScanResult(), reachability: 'unreachable', errorClass: 'dns', error: 'untrusted text from a site' };
    recordScanOutcome(unreachable);
    recordScanOutcome(emptyScanResult({ notScanned: { reason: 'opt-out', rule: 'anything', path: null } }));
    const counted = (await values('census_scan_outcomes_total')).map((v) => ({ ...v.labels, value: v.value }));
    expect(counted).toEqual(
      expect.arrayContaining([
        { outcome: 'mcp', evidence: 'oauth-metadata', error_class: 'none', value: 1 },
        { outcome: 'unreachable', evidence: 'none', error_class: 'dns', value: 1 },
        { outcome: 'not-scanned', evidence: 'none', error_class: 'none', value: 1 },
      ]),
    );
    expect(JSON.stringify(counted)).not.toContain('untrusted');
  });

  it('observes probe durations and requests per site probe by mode', async () => {
    recordSiteProbe('website', 0.3, 7);
    recordSiteProbe('endpoint', 1.5, 2);
    const requests = await values('census_site_probe_requests');
    expect(requests.find((v) => v.metricName === 'census_site_probe_requests_sum' && v.labels.mode === 'website')?.value).toBe(7);
    expect(requests.find((v) => v.metricName === 'census_site_probe_requests_bucket' && v.labels.mode === 'website' && v.labels.le === 4)?.value).toBe(0);
    expect(requests.find((v) => v.metricName === 'census_site_probe_requests_bucket' && v.labels.mode === 'website' && v.labels.le === 8)?.value).toBe(1);
    const durations = await values('census_site_probe_duration_seconds');
    expect(durations.find((v) => v.metricName === 'census_site_probe_duration_seconds_count' && v.labels.mode === 'endpoint')?.value).toBe(1);
  });
});
