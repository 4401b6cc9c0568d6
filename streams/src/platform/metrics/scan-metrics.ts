import { Counter, Histogram } from 'prom-client';
import { scanOutcome, type ScanResult } from '@mcp-census/schemas';
import { defineMetric } from './registry';

/** `website`: a catalogue site's full discovery; `endpoint`: a one-URL probe (visitors, agents). */
export type ProbeMode = 'website' | 'endpoint';

const outcomes = defineMetric(
  'census_scan_outcomes_total',
  (registers) =>
    new Counter({
      name: 'census_scan_outcomes_total',
      help: 'Scan results the scanner published: outcome (mcp, no-mcp, unreachable, not-scanned), evidence (handshake, oauth-metadata, auth-wall, none) and error_class (none when the scan had no error)',
      labelNames: ['outcome', 'evidence', 'error_class'],
      registers,
    }),
);
const probeDuration = defineMetric(
  'census_site_probe_duration_seconds',
  (registers) =>
    new Histogram({
      name: 'census_site_probe_duration_seconds',
      help: 'Wall time of one site probe, from its start (after waiting for a probe slot) to its result',
      labelNames: ['mode'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
      registers,
    }),
);
const probeRequests = defineMetric(
  'census_site_probe_requests',
  (registers) =>
    new Histogram({
      name: 'census_site_probe_requests',
      help: 'HTTP requests one site probe made (each redirect hop counts)',
      labelNames: ['mode'],
      buckets: [0, 1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    }),
);

const dnsLookupDuration = defineMetric(
  'census_dns_lookup_duration_seconds',
  (registers) =>
    new Histogram({
      name: 'census_dns_lookup_duration_seconds',
      help: 'Time to look one host name up over DNS (A and AAAA) by result: ok, nxdomain (no such name), nodata (no address), timeout (no answer), failed (any other error)',
      labelNames: ['result'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
);

/** How one DNS lookup ended, as the lookup histogram labels it. */
export type DnsLookupResult = 'ok' | 'nxdomain' | 'nodata' | 'timeout' | 'failed';

/** One host name lookup over DNS (lookups answered by the simulated web's map are not counted). */
export function recordDnsLookup(result: DnsLookupResult, seconds: number): void {
  dnsLookupDuration.observe({ result }, seconds);
}

/** One published scan result; every label is an enum of the result schema, never text from the site. */
export function recordScanOutcome(result: Pick<ScanResult, 'hasMcp' | 'notScanned' | 'reachability' | 'evidence' | 'errorClass'>): void {
  outcomes.inc({ outcome: scanOutcome(result), evidence: result.evidence ?? 'none', error_class: result.errorClass ?? 'none' });
}

/** One finished probe (a probe cut short by its caller is not one). */
export function recordSiteProbe(mode: ProbeMode, seconds: number, requests: number): void {
  probeDuration.observe({ mode }, seconds);
  probeRequests.observe({ mode }, requests);
}
