import { describe, expect, it } from 'vitest';
import { availabilitySummary, dayState, dayTooltip, uptimeText } from '../src/lib/availability';
import { formatLocalShort, siteNotice, siteStatus, unreachableClassLabel } from '../src/lib/site-status';
import { LIVENESS, SINCE, thirtyDays } from './liveness-fixtures';

const scanned = (hasMcp: boolean) => ({ hasMcp });

describe('siteStatus', () => {
  it('falls back to the latest scan without liveness (older servers)', () => {
    expect(siteStatus({ latestScan: null })).toMatchObject({ kind: 'pending', label: 'Pending', tone: 'amber', unconfirmedOutage: false });
    expect(siteStatus({ latestScan: scanned(true) })).toMatchObject({ kind: 'mcp', label: 'MCP Enabled', statusText: 'MCP Supported' });
    expect(siteStatus({ latestScan: scanned(false) })).toMatchObject({ kind: 'no-mcp', label: 'No MCP', statusText: 'No MCP Support' });
    expect(siteStatus({ latestScan: null, optedOut: true })).toMatchObject({ kind: 'opted-out', label: 'Opted out' });
  });

  it('an opted-out site reads Opted out whatever its liveness says', () => {
    expect(siteStatus({ latestScan: null, optedOut: true, liveness: LIVENESS.notScanned }).label).toBe('Opted out');
  });

  it('a confirmed outage is its own state, never No MCP, even when the stored scan says hasMcp false', () => {
    const status = siteStatus({ latestScan: scanned(false), liveness: LIVENESS.unreachable });
    expect(status).toMatchObject({ kind: 'unreachable', label: 'Unreachable', tone: 'red', unreachableSince: SINCE, unreachableClass: 'dns', unconfirmedOutage: false });
  });

  it('an MCP site whose newest scan failed stays MCP Enabled with an unconfirmed outage', () => {
    const status = siteStatus({ latestScan: scanned(false), liveness: LIVENESS.mcpOutage });
    expect(status).toMatchObject({ kind: 'mcp', label: 'MCP Enabled', unreachableSince: SINCE, unreachableClass: 'timeout', unconfirmedOutage: true });
  });

  it('liveness wins over the latest scan for Not scanned, Pending and No MCP', () => {
    expect(siteStatus({ latestScan: scanned(false), liveness: LIVENESS.notScanned })).toMatchObject({ kind: 'not-scanned', label: 'Not scanned', tone: 'sky' });
    expect(siteStatus({ latestScan: null, liveness: LIVENESS.pending })).toMatchObject({ kind: 'pending', label: 'Pending' });
    expect(siteStatus({ latestScan: scanned(true), liveness: LIVENESS.noMcp })).toMatchObject({ kind: 'no-mcp', label: 'No MCP', unconfirmedOutage: false });
  });

  it('labels the failure classes and formats local times', () => {
    expect(unreachableClassLabel('dns')).toBe('DNS lookup failed');
    expect(unreachableClassLabel('http-5xx')).toBe('Server error (5xx)');
    expect(unreachableClassLabel(null)).toBe('Unknown');
    expect(formatLocalShort(SINCE)).toContain('2025');
    expect(formatLocalShort('not a date')).toBe('not a date');
  });
});

describe('siteNotice: the one decision the page and the dialog share', () => {
  it('a never-scanned site gets "No Scan Data Available" and the card reads Pending, never No MCP or Disabled', () => {
    for (const site of [{ latestScan: null }, { latestScan: null, liveness: LIVENESS.pending }]) {
      const status = siteStatus(site);
      expect(siteNotice(status, false)).toBe('no-scan');
      expect(status.cardText).toBe('Pending');
    }
  });

  it('opted out, unreachable and robots.txt keep their own notices, scanned or not', () => {
    for (const hasScan of [true, false]) {
      expect(siteNotice(siteStatus({ latestScan: null, optedOut: true }), hasScan)).toBe('opted-out');
      expect(siteNotice(siteStatus({ latestScan: scanned(false), liveness: LIVENESS.unreachable }), hasScan)).toBe('unreachable');
      expect(siteNotice(siteStatus({ latestScan: null, liveness: LIVENESS.notScanned }), hasScan)).toBe('not-scanned');
    }
  });

  it('No MCP only with a scan that found none; nothing for an MCP site', () => {
    expect(siteNotice(siteStatus({ latestScan: scanned(false) }), true)).toBe('no-mcp');
    expect(siteNotice(siteStatus({ latestScan: null, liveness: LIVENESS.noMcp }), false)).toBe('no-scan');
    expect(siteNotice(siteStatus({ latestScan: scanned(true) }), true)).toBeNull();
    expect(siteNotice(siteStatus({ latestScan: scanned(true), liveness: LIVENESS.pending }), true)).toBeNull();
  });

  it('names every state on the MCP Status card', () => {
    expect(siteStatus({ latestScan: scanned(true) }).cardText).toBe('Enabled');
    expect(siteStatus({ latestScan: scanned(false) }).cardText).toBe('Disabled');
    expect(siteStatus({ latestScan: null, liveness: LIVENESS.unreachable }).cardText).toBe('Unreachable');
    expect(siteStatus({ latestScan: null, liveness: LIVENESS.notScanned }).cardText).toBe('Not scanned');
    expect(siteStatus({ latestScan: null, optedOut: true }).cardText).toBe('Opted out');
  });
});

describe('availability helpers', () => {
  const days = thirtyDays();

  it('classifies each day by the share of scans that reached the site', () => {
    expect(days.map(dayState).filter((s) => s !== 'all')).toEqual(['none', 'some', 'empty']);
    expect(dayState(days[0]!)).toBe('all');
  });

  it('describes a day, the uptime and the whole period as text', () => {
    expect(dayTooltip(days[19]!)).toMatch(/3 of 4 scans reached the site, MCP found in 3, avg 210 ms$/);
    expect(dayTooltip(days[24]!)).toMatch(/: no scan$/);
    expect(uptimeText(93.25)).toBe('93.3% uptime over 30 days');
    expect(uptimeText(null)).toBe('No scans in the last 30 days');
    expect(availabilitySummary(days)).toBe(
      'Availability over the last 30 days: all scans reached on 27 days, some scans failed on 1 day, no scan reached on 1 day, no scan on 1 day.',
    );
  });
});
