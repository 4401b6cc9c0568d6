import { createProber, type ProberOptions } from '@mcp-census/streams';
import type { AppConfig } from '../config/config';

/** How the probers look host names up (SCAN_DNS_*). */
export function dnsOptions(config: AppConfig): NonNullable<ProberOptions['dns']> {
  return { timeoutMs: config.scan.dns.timeoutMs, ...(config.scan.dns.servers ? { servers: config.scan.dns.servers } : {}) };
}

/** The scanner role's prober, as configured (the demo's history reads live lists with the same one, so it sees what live scans see). */
export function createScannerProber(config: AppConfig, resolveHost?: ProberOptions['resolveHost']): ReturnType<typeof createProber> {
  return createProber({
    aboutUrl: `${config.publicUrl}/about`,
    allowPrivate: config.scan.allowPrivate,
    requestTimeoutMs: config.scan.requestTimeoutMs,
    siteDeadlineMs: config.scan.siteDeadlineMs,
    hostRps: config.scan.hostRps,
    maxConcurrency: config.scan.concurrency,
    dns: dnsOptions(config),
    ...(resolveHost ? { resolveHost } : {}),
  });
}
