// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminStatusSchema, type AdminStatus } from '@mcp-census/schemas/api/admin';
import { scanProgressResponseSchema, type ScanProgressResponse } from '@mcp-census/schemas/api/scan';
import type { UnreachableEndpoint } from '@mcp-census/schemas/api/liveness';
import { AdminScanProgressCard } from '../src/components/admin/AdminScanProgressCard';
import { UnreachableEndpointsTable } from '../src/components/admin/UnreachableEndpointsTable';
import { LiveMonitoringCard } from '../src/components/overview/LiveMonitoringCard';
import { formatLocalShort } from '../src/lib/site-status';
import { liveConnectedAtom } from '../src/state/live-status';
import { getDefaultStore } from 'jotai';
import { queryClient } from '../src/state/query-client';
import { scanProgressQuery } from '../src/state/query-options';
import { withQueryClient } from './query-wrapper';
import { SINCE } from './liveness-fixtures';

beforeAll(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('unexpected fetch', { status: 500 }))));
afterEach(cleanup);

const store = getDefaultStore();

const REASON = 'network unreachable: 48 of 50 recent probes failed (dns)';
const offline = { state: 'offline' as const, since: SINCE, reason: REASON };
const HEADLINE = `Scanner offline: network unreachable since ${formatLocalShort(SINCE)}`;

function progress(over: Partial<ScanProgressResponse> = {}): ScanProgressResponse {
  return scanProgressResponseSchema.parse({ scanningActive: true, totalWebsites: 900, mcpEnabledCount: 120, scannedToday: 300, lastScanTime: SINCE, ...over });
}

function renderLive(p: ScanProgressResponse) {
  queryClient.setQueryData(scanProgressQuery.queryKey, p);
  return render(<LiveMonitoringCard />, { wrapper: withQueryClient() });
}

describe('Live Monitoring card', () => {
  it('notices the scanner going offline while the live socket is up (no live event would tell it)', async () => {
    vi.useFakeTimers();
    try {
      store.set(liveConnectedAtom, true);
      const fetchMock = vi.fn(async () => new Response(JSON.stringify(progress({ scanner: offline })), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      vi.stubGlobal('fetch', fetchMock);
      renderLive(progress());
      expect(screen.getByText('Scanning Active')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
        // The answer's body is read outside the fake clock: wait until it has landed, then run react-query's zero-delay notification to React.
        await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(fetchMock).toHaveBeenCalledWith('/api/scan-progress', expect.anything());
      expect(screen.getByText(HEADLINE)).toBeTruthy();
    } finally {
      store.set(liveConnectedAtom, false);
      vi.stubGlobal('fetch', vi.fn(async () => new Response('unexpected fetch', { status: 500 })));
      vi.useRealTimers();
    }
  });


  it('says the scanner is offline, with the reason, instead of Scanning Active', () => {
    renderLive(progress({ scanner: offline }));
    const banner = screen.getByRole('status');
    expect(within(banner).getByText(HEADLINE)).toBeTruthy();
    expect(within(banner).getByText(REASON).className).toContain('text-xs');
    expect(screen.getByText('Scanner offline')).toBeTruthy();
    expect(screen.queryByText('Scanning Active')).toBeNull();
    expect(screen.queryByText('Standby')).toBeNull();
  });

  it('reads "network unreachable" without a time when the start is unknown', () => {
    renderLive(progress({ scanner: { state: 'offline', since: null, reason: null } }));
    expect(screen.getByText('Scanner offline: network unreachable')).toBeTruthy();
  });

  it('shows Scanning Active when online, and without the scanner field (older servers)', () => {
    renderLive(progress({ scanner: { state: 'online', since: SINCE, reason: null } }));
    expect(screen.getByText('Scanning Active')).toBeTruthy();
    expect(screen.queryByText(/Scanner offline/)).toBeNull();
    cleanup();
    renderLive(progress({ scanningActive: false }));
    expect(screen.getByText('Standby')).toBeTruthy();
    expect(screen.queryByText(/Scanner offline/)).toBeNull();
  });
});

function adminStatus(over: Partial<AdminStatus> = {}): AdminStatus {
  return adminStatusSchema.parse({
    systemStatus: { uptime: 3600, memoryUsage: 1 << 27, restartCount: 0, lastRestart: null },
    scanProgress: { isScanning: true, currentBatch: 3, totalWebsites: 900, scannedWebsites: 300, mcpEnabled: 120, lastScanTime: SINCE, errors: 2 },
    scanControl: { canPause: true, canResume: false, isScanning: true },
    scanLogs: [],
    scanHistory: [],
    subscriptions: [],
    recentScans: [],
    deadLetters: [],
    ...over,
  });
}

describe('Admin scan progress', () => {
  it('shows Offline and the banner instead of Active when the scanner is offline', () => {
    render(<AdminScanProgressCard status={adminStatus({ scanner: offline })} onChanged={() => {}} />);
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.queryByText('Active')).toBeNull();
    expect(screen.getByText(HEADLINE)).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
  });

  it('shows Active without the scanner field', () => {
    render(<AdminScanProgressCard status={adminStatus()} onChanged={() => {}} />);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByText(/Scanner offline/)).toBeNull();
  });
});

describe('UnreachableEndpointsTable', () => {
  const endpoints: UnreachableEndpoint[] = [
    { websiteId: 4, name: '<script>x</script> Corp', url: 'https://corp.example', endpoint: 'https://corp.example/mcp', unreachableSince: SINCE, unreachableScans: 7, unreachableClass: 'tls', confirmed: true },
    { websiteId: 9, name: 'Flaky', url: 'https://flaky.example', endpoint: null, unreachableSince: SINCE, unreachableScans: 1, unreachableClass: null, confirmed: false },
  ];

  it('lists name, endpoint, since, scans, class and confirmed', () => {
    const { container } = render(<UnreachableEndpointsTable endpoints={endpoints} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Website', 'Endpoint', 'Since', 'Scans', 'Class', 'Confirmed']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '<script>x</script> Corphttps://corp.example',
      'https://corp.example/mcp',
      formatLocalShort(SINCE),
      '7',
      'TLS handshake failed',
      'Confirmed',
    ]);
    expect(within(second!).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['—', formatLocalShort(SINCE), '1', 'Unknown', 'Not yet']);
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('2 unreachable, 1 confirmed (left out of the MCP figures).')).toBeTruthy();
  });

  it('says when every endpoint answered', () => {
    render(<UnreachableEndpointsTable endpoints={[]} />);
    expect(screen.getByText('Every MCP endpoint answered its newest scan.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
