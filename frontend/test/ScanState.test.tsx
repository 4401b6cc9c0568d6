// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { adminStatusSchema, type AdminStatus } from '@mcp-census/schemas/api/admin';
import { SCAN_PAUSED_MESSAGE, scanProgressResponseSchema, type ScanActivity, type ScanProgressResponse, type ScanState } from '@mcp-census/schemas/api/scan';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();
const fakeSocket = { on: (event: string, fn: Handler) => handlers.set(event, fn), close: vi.fn() };
vi.mock('socket.io-client', () => ({ io: vi.fn(() => fakeSocket) }));

const { AdminScanProgressCard } = await import('../src/components/admin/AdminScanProgressCard');
const { FloatingActions } = await import('../src/components/overview/FloatingActions');
const { LiveMonitoringCard } = await import('../src/components/overview/LiveMonitoringCard');
const { ScanStateBadge } = await import('../src/components/scanner/ScanStateBadge');
const { acquireLiveConnection } = await import('../src/state/live-connection');
const { createQueryClient } = await import('../src/state/query-client');
const { scanProgressQuery } = await import('../src/state/query-options');
const { toastAtom } = await import('../src/state/toast');
const { withQueryClient } = await import('./query-wrapper');

const store = getDefaultStore();
const emit = (event: string, payload?: unknown) => handlers.get(event)?.(payload);

const activity = (scanState: ScanState, batchesInFlight = 0, manualBatchesInFlight = 0): ScanActivity => ({ scanState, batchesInFlight, manualBatchesInFlight, schedulerActive: scanState !== 'idle' });

function progress(a: ScanActivity): ScanProgressResponse {
  return scanProgressResponseSchema.parse({ scanningActive: a.batchesInFlight > 0, totalWebsites: 900, mcpEnabledCount: 120, scannedToday: 300, lastScanTime: null, ...a });
}

let fetchMock: Mock<typeof fetch>;
let client: ReturnType<typeof createQueryClient>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response('unexpected fetch', { status: 500 })));
  vi.stubGlobal('fetch', fetchMock);
  client = createQueryClient();
  store.set(toastAtom, null);
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactElement, p: ScanProgressResponse) {
  client.setQueryData(scanProgressQuery.queryKey, p);
  return render(ui, { wrapper: withQueryClient(client) });
}

/** The status line of the Live Monitoring card (the badge, or the legacy word). */
const badgeText = (container: HTMLElement) => container.querySelector('[data-scan-state]')?.textContent;

describe('ScanStateBadge', () => {
  it.each([
    [activity('scanning', 1, 1), 'Scanning now · manual batch'],
    [activity('scanning', 3, 0), 'Scanning now · 3 scheduled batches'],
    [activity('scanning', 3, 1), 'Scanning now · 1 manual and 2 scheduled batches'],
    [activity('running'), 'Running'],
    [activity('paused'), 'Paused'],
    [activity('paused', 2, 1), 'Paused · finishing 2 batches'],
    [activity('paused', 1, 0), 'Paused · finishing 1 batch'],
    [activity('idle'), 'Idle'],
  ])('reads %o as "%s"', (state, text) => {
    const { container } = render(<ScanStateBadge state={state} />);
    expect(badgeText(container)).toBe(text);
  });

  it('pulses only while scanning now, and only for visitors who accept motion', () => {
    for (const state of ['scanning', 'running', 'paused', 'idle'] as const) {
      const { container } = render(<ScanStateBadge state={activity(state, state === 'scanning' ? 1 : 0)} />);
      const dot = container.querySelector('[aria-hidden="true"]');
      expect(dot?.className.includes('motion-safe:animate-pulse')).toBe(state === 'scanning');
      expect(dot?.className).not.toMatch(/(^|\s)animate-pulse/);
      cleanup();
    }
  });
});

describe('Live Monitoring card', () => {
  it('keeps the spec word and adds the scanner state: "Standby · Paused"', () => {
    const { container } = renderWith(<LiveMonitoringCard />, progress(activity('paused')));
    expect(badgeText(container)).toBe('Standby · Paused');
    expect(screen.getByText('Standby')).toBeTruthy();
  });

  it('says "Scanning Active · Scanning now · manual batch" for a manual batch, and "Standby · Running" between batches', () => {
    const { container } = renderWith(<LiveMonitoringCard />, progress(activity('scanning', 1, 1)));
    expect(badgeText(container)).toBe('Scanning Active · Scanning now · manual batch');
    expect(screen.getByText('Scanning Active')).toBeTruthy();
    cleanup();
    const again = renderWith(<LiveMonitoringCard />, progress(activity('running')));
    expect(badgeText(again.container)).toBe('Standby · Running');
  });

  it('says "Scanning Active · Paused · finishing 2 batches" while paused batches drain', () => {
    const { container } = renderWith(<LiveMonitoringCard />, progress(activity('paused', 2, 0)));
    expect(badgeText(container)).toBe('Scanning Active · Paused · finishing 2 batches');
  });

  it('leaves the state out for a scanner that is offline', () => {
    const p = { ...progress(activity('running')), scanner: { state: 'offline' as const, since: null, reason: null } };
    const { container } = renderWith(<LiveMonitoringCard />, p);
    expect(container.querySelector('[data-scan-state]')).toBeNull();
    expect(screen.getByText('Scanner offline')).toBeTruthy();
  });

  it('changes with a pushed scan-state, without a refetch', async () => {
    const release = acquireLiveConnection(client);
    try {
      const { container } = renderWith(<LiveMonitoringCard />, progress(activity('running')));
      act(() => {
        emit('connect');
        emit('hello', { seq: 10, serverId: 'server-a' });
      });
      expect(badgeText(container)).toBe('Standby · Running');
      const occurredAt = new Date().toISOString();
      act(() => emit('scan-state', { seq: 11, scan: { ...activity('paused', 1, 1), scanningActive: true }, occurredAt }));
      // react-query tells its observers on its next tick.
      await vi.waitFor(() => expect(badgeText(container)).toBe('Scanning Active · Paused · finishing 1 batch'));
      expect(fetchMock).not.toHaveBeenCalled();
      act(() => emit('scan-state', { seq: 12, scan: { ...activity('running'), scanningActive: false }, occurredAt }));
      await vi.waitFor(() => expect(badgeText(container)).toBe('Standby · Running'));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      release();
    }
  });
});

describe('Refresh Data', () => {
  const refreshButton = () => screen.getByRole('button', { name: 'Refresh Data' });

  it('is disabled while paused, explains why, and sends nothing', () => {
    renderWith(<FloatingActions />, progress(activity('paused')));
    const button = refreshButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.title).toBe(SCAN_PAUSED_MESSAGE);
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(SCAN_PAUSED_MESSAGE);
    fireEvent.click(button);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get(toastAtom)).toBeNull();
  });

  it('is enabled when not paused', () => {
    renderWith(<FloatingActions />, progress(activity('running')));
    expect(refreshButton().getAttribute('aria-disabled')).toBeNull();
    expect(refreshButton().getAttribute('aria-describedby')).toBeNull();
  });

  it("shows the server's message when the scan is refused", async () => {
    const refused = () => new Response(JSON.stringify({ error: SCAN_PAUSED_MESSAGE }), { status: 409, headers: { 'Content-Type': 'application/json' } });
    fetchMock.mockImplementation(() => Promise.resolve(refused()));
    renderWith(<FloatingActions />, progress(activity('running')));
    fireEvent.click(refreshButton());
    await vi.waitFor(() => expect(store.get(toastAtom)).not.toBeNull());
    expect(store.get(toastAtom)).toMatchObject({ title: 'Scanning paused', description: SCAN_PAUSED_MESSAGE, variant: 'destructive' });
  });

  it("keeps the spec's error toast for other failures", async () => {
    renderWith(<FloatingActions />, progress(activity('running')));
    fireEvent.click(refreshButton());
    await vi.waitFor(() => expect(store.get(toastAtom)).not.toBeNull());
    expect(store.get(toastAtom)).toMatchObject({ title: 'Error', description: 'Failed to initiate scan. Please try again.', variant: 'destructive' });
  });
});

describe('Admin scan progress', () => {
  function adminStatus(a: ScanActivity, isScanning: boolean): AdminStatus {
    return adminStatusSchema.parse({
      systemStatus: { uptime: 3600, memoryUsage: 1 << 27, restartCount: 0, lastRestart: null },
      scanProgress: { isScanning, currentBatch: 3, totalWebsites: 900, scannedWebsites: 300, mcpEnabled: 120, lastScanTime: null, errors: 0, ...a },
      scanControl: { canPause: a.scanState !== 'paused', canResume: a.scanState === 'paused', isScanning },
      scanLogs: [],
      scanHistory: [],
      subscriptions: [],
      recentScans: [],
      deadLetters: [],
    });
  }

  it('shows the spec word next to the scanner state, and what Pause holds back', () => {
    const { container } = render(<AdminScanProgressCard status={adminStatus(activity('paused', 2, 1), true)} onChanged={() => {}} />);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(badgeText(container)).toBe('Paused · finishing 2 batches');
    expect(screen.getByText(/no Refresh Data until you resume/)).toBeTruthy();
  });

  it('shows Idle next to Running', () => {
    const { container } = render(<AdminScanProgressCard status={adminStatus(activity('running'), false)} onChanged={() => {}} />);
    expect(screen.getByText('Idle')).toBeTruthy();
    expect(badgeText(container)).toBe('Running');
    expect(screen.queryByText(/no Refresh Data until you resume/)).toBeNull();
  });
});
