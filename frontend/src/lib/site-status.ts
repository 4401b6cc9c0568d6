import type { SiteLiveness, SiteStatus, UnreachableClass } from '@mcp-census/schemas/api/liveness';

/**
 * What a site's status reads as, everywhere it is shown. A site the scanner
 * could not reach is never "No MCP": it keeps its confirmed status with an
 * "unreachable since …" note until the outage is confirmed, then reads
 * "Unreachable since …". Older servers send no `liveness`: the status then
 * falls back to the latest scan (Pending, MCP Enabled, No MCP).
 */
export type SiteStatusKind = SiteStatus | 'opted-out';
export type SiteStatusTone = 'green' | 'slate' | 'amber' | 'red' | 'sky';

export interface SiteStatusView {
  kind: SiteStatusKind;
  /** The badge text. */
  label: string;
  tone: SiteStatusTone;
  /** The detail page's Status column ("MCP Supported", "No MCP Support", …). */
  statusText: string;
  /** The detail page's MCP Status summary card ("Enabled", "Disabled", "Pending", …). */
  cardText: string;
  /** When the outage began (ISO), for "Unreachable since …" and the note. */
  unreachableSince: string | null;
  /** Why the newest scan failed, when it did. */
  unreachableClass: UnreachableClass | null;
  /** The newest scan could not reach a site whose confirmed status is still MCP (or No MCP): "unreachable since …". */
  unconfirmedOutage: boolean;
}

export interface SiteStatusInput {
  latestScan: { hasMcp: boolean } | null;
  optedOut?: boolean | undefined;
  liveness?: SiteLiveness | undefined;
}

const LABELS: Record<SiteStatus, { label: string; tone: SiteStatusTone; statusText: string; cardText: string }> = {
  mcp: { label: 'MCP Enabled', tone: 'green', statusText: 'MCP Supported', cardText: 'Enabled' },
  'no-mcp': { label: 'No MCP', tone: 'slate', statusText: 'No MCP Support', cardText: 'Disabled' },
  unreachable: { label: 'Unreachable', tone: 'red', statusText: 'Unreachable', cardText: 'Unreachable' },
  'not-scanned': { label: 'Not scanned', tone: 'sky', statusText: 'Not scanned', cardText: 'Not scanned' },
  pending: { label: 'Pending', tone: 'amber', statusText: 'Pending', cardText: 'Pending' },
};

export function siteStatus(site: SiteStatusInput): SiteStatusView {
  const none = { unreachableSince: null, unreachableClass: null, unconfirmedOutage: false };
  if (site.optedOut) return { kind: 'opted-out', label: 'Opted out', tone: 'slate', statusText: 'Opted out', cardText: 'Opted out', ...none };
  const live = site.liveness;
  if (!live) {
    const kind: SiteStatus = !site.latestScan ? 'pending' : site.latestScan.hasMcp ? 'mcp' : 'no-mcp';
    return { kind, ...LABELS[kind], ...none };
  }
  const kind = live.status;
  const outage = live.unreachableSince !== null && kind !== 'pending';
  return {
    kind,
    ...LABELS[kind],
    unreachableSince: outage ? live.unreachableSince : null,
    unreachableClass: outage ? live.unreachableClass : null,
    unconfirmedOutage: outage && kind !== 'unreachable',
  };
}

/**
 * The notice a site's page and its dialog show, decided once so both agree:
 * opted out; no scan yet ("No Scan Data Available", never "No MCP"); No MCP;
 * Unreachable; Not scanned (robots.txt); or none (an MCP site, or a site
 * whose liveness says Pending although a scan is stored).
 */
export type SiteNoticeKind = 'opted-out' | 'no-scan' | 'no-mcp' | 'unreachable' | 'not-scanned' | null;

export function siteNotice(status: SiteStatusView, hasScan: boolean): SiteNoticeKind {
  switch (status.kind) {
    case 'opted-out':
    case 'unreachable':
    case 'not-scanned':
      return status.kind;
    case 'no-mcp':
      return hasScan ? 'no-mcp' : 'no-scan';
    case 'pending':
    case 'mcp':
      return hasScan ? null : 'no-scan';
  }
}

/** A timestamp in the visitor's local date and time, short ("Mar 4, 2025, 10:05 AM" in en-US). */
export function formatLocalShort(time: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return time;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "since <local date/time>", or '' when the start is unknown. */
export function sinceText(time: string | null): string {
  return time ? `since ${formatLocalShort(time)}` : '';
}

const CLASS_LABELS: Record<UnreachableClass, string> = {
  dns: 'DNS lookup failed',
  connect: 'Connection failed',
  tls: 'TLS handshake failed',
  timeout: 'Timed out',
  'http-5xx': 'Server error (5xx)',
};

export function unreachableClassLabel(cls: UnreachableClass | null): string {
  return cls ? CLASS_LABELS[cls] : 'Unknown';
}
