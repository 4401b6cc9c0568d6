// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminStatusSchema } from '@mcp-census/schemas/api/admin';
import { registrySyncStatusSchema, type RegistrySyncRun, type RegistrySyncStatus } from '@mcp-census/schemas/api/registry-sync';
import { RegistrySyncCard } from '../src/components/admin/RegistrySyncCard';
import { formatLocalDateTime, formatNumber } from '../src/lib/format';

afterEach(cleanup);

const run = (over: Partial<RegistrySyncRun> = {}): RegistrySyncRun => ({
  startedAt: '2026-11-23T05:00:00.000Z',
  finishedAt: '2026-11-23T05:00:09.000Z',
  status: 'succeeded',
  registryUrl: 'https://registry.modelcontextprotocol.io',
  pages: 3,
  serversRead: 1_234,
  endpointsSeen: 15,
  endpointsRejected: 7,
  sitesAdded: 4,
  endpointsAdded: 5,
  malformedSkipped: 3,
  inactiveSkipped: 1,
  error: null,
  ...over,
});
const status = (over: Partial<RegistrySyncStatus> = {}): RegistrySyncStatus =>
  registrySyncStatusSchema.parse({ enabled: true, registryUrl: 'https://registry.modelcontextprotocol.io', lastRun: run(), lastSuccessAt: '2026-11-23T05:00:09.000Z', ...over });

/** The value shown under a label of the card's list. */
const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('RegistrySyncCard', () => {
  it('shows the settings, the last run and its counts', () => {
    render(<RegistrySyncCard sync={status()} />);
    const card = screen.getByRole('heading', { name: 'Registry sync' }).closest('section')!;
    expect(within(card).getByText('Enabled: runs daily at 05:00 UTC.')).toBeTruthy();
    expect(within(card).getByText('https://registry.modelcontextprotocol.io')).toBeTruthy();
    expect(value('Last run')).toBe(formatLocalDateTime('2026-11-23T05:00:09.000Z'));
    expect(value('Outcome')).toBe('Succeeded');
    expect(value('Servers read')).toBe(formatNumber(1_234));
    expect(value('Sites added')).toBe('4');
    expect(value('Endpoints added')).toBe('5');
    expect(value('Malformed entries skipped')).toBe('3');
    expect(value('Endpoints refused')).toBe('7');
    expect(within(card).queryByText(/Last error/)).toBeNull();
  });

  it('names a failure in words and shows the last error', () => {
    const error = 'registry unreachable at https://registry.modelcontextprotocol.io/v0.1/servers?limit=100&version=latest: ECONNREFUSED';
    render(<RegistrySyncCard sync={status({ lastRun: run({ status: 'failed', pages: 0, serversRead: 0, sitesAdded: 0, error }), lastSuccessAt: null })} />);
    expect(value('Outcome')).toBe('Failed');
    expect(screen.getByText('Failed', { selector: 'dd' }).className).toContain('text-negative');
    expect(value('Last complete run')).toBe('Never');
    expect(screen.getByText(/Last error/).parentElement?.textContent).toBe(`Last error: ${error}`);
  });

  it('says when the sync is off, unknown, or has not run yet', () => {
    const { rerender } = render(<RegistrySyncCard sync={status({ enabled: false, lastRun: null, lastSuccessAt: null })} />);
    expect(screen.getByText('Disabled: REGISTRY_SYNC=on turns it on.')).toBeTruthy();
    expect(screen.getByText('No run yet.')).toBeTruthy();
    rerender(<RegistrySyncCard sync={status({ enabled: null, registryUrl: null, lastRun: null, lastSuccessAt: null })} />);
    expect(screen.getByText(/^Unknown/)).toBeTruthy();
    expect(screen.queryByText('https://registry.modelcontextprotocol.io')).toBeNull();
  });

  it('is part of the admin status contract (optional for older API replicas)', () => {
    const base = {
      systemStatus: { uptime: 1, memoryUsage: 1, restartCount: 0, lastRestart: null },
      scanProgress: { isScanning: false, currentBatch: 0, totalWebsites: 0, scannedWebsites: 0, mcpEnabled: 0, lastScanTime: null, errors: 0 },
      scanControl: { canPause: true, canResume: false, isScanning: false },
      scanLogs: [],
      scanHistory: [],
      subscriptions: [],
      recentScans: [],
      deadLetters: [],
    };
    expect(adminStatusSchema.parse({ ...base, registrySync: status() }).registrySync?.lastRun?.sitesAdded).toBe(4);
    expect(adminStatusSchema.parse(base).registrySync).toBeUndefined();
    expect(adminStatusSchema.safeParse({ ...base, registrySync: { ...status(), lastRun: { ...run(), status: 'exploded' } } }).success).toBe(false);
  });
});
