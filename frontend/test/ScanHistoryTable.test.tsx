// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScanHistoryEntry } from '@mcp-census/schemas/api/admin';
import { ScanHistoryTable } from '../src/components/admin/ScanHistoryTable';
import { formatNumber } from '../src/lib/format';
import { DELETION_NETWORK_FAILURE, scheduledForDeletionText } from '../src/lib/report-deletion';

const entry = (id: number, reportDate: string): ScanHistoryEntry => ({ id, reportDate, totalWebsites: 10_000, mcpEnabledCount: 1_432, adoptionRate: 14.3, totalTools: 5_120 });

let requests: string[];
let alert: ReturnType<typeof vi.fn>;
beforeEach(() => {
  requests = [];
  alert = vi.fn();
  vi.stubGlobal('confirm', vi.fn(() => true));
  vi.stubGlobal('alert', alert);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      const id = Number(url.split('/').pop());
      return Response.json({ id, scheduledDate: '2026-11-23', message: `Scan report #${id} has been scheduled for deletion on 2026-11-23` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id: number) => screen.getByRole('cell', { name: `#${id}` }).closest('tr')!;

describe('ScanHistoryTable', () => {
  it('a scheduled row shows "Scheduled for deletion on {date}" instead of Delete, at once after scheduling', async () => {
    const onChanged = vi.fn();
    render(<ScanHistoryTable history={[entry(7, '2026-11-22'), entry(6, '2026-11-21')]} onChanged={onChanged} />);
    fireEvent.click(within(row(7)).getByRole('button', { name: 'Delete scan report #7' }));
    await within(row(7)).findByText(scheduledForDeletionText('2026-11-23'));
    expect(within(row(7)).queryByRole('button')).toBeNull();
    expect(within(row(6)).getByRole('button', { name: 'Delete scan report #6' })).toBeTruthy();
    expect(requests).toEqual(['DELETE /api/scan-reports/7']);
    expect(alert).toHaveBeenCalledWith('Scan report #7 has been scheduled for deletion on 2026-11-23');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps showing the schedule from the server, e.g. after a reload', () => {
    render(<ScanHistoryTable history={[{ ...entry(7, '2026-11-22'), scheduledDeletion: '2026-11-23' }, { ...entry(6, '2026-11-21'), scheduledDeletion: null }]} onChanged={() => {}} />);
    expect(within(row(7)).getByText(scheduledForDeletionText('2026-11-23'))).toBeTruthy();
    expect(within(row(7)).queryByRole('button')).toBeNull();
    expect(within(row(6)).getByRole('button', { name: 'Delete scan report #6' })).toBeTruthy();
  });

  it('keeps the Delete button when the operator cancels or the call fails', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    render(<ScanHistoryTable history={[entry(7, '2026-11-22')]} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete scan report #7' }));
    expect(requests).toEqual([]);
    vi.stubGlobal('confirm', vi.fn(() => true));
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete scan report #7' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Delete scan report #7' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(DELETION_NETWORK_FAILURE));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete scan report #7' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(/Scheduled for deletion/)).toBeNull();
  });

  it('shows grouped figures and the report day in the local date format', () => {
    render(<ScanHistoryTable history={[entry(7, '2026-11-22')]} onChanged={() => {}} />);
    const cells = within(row(7)).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual([new Date(2026, 10, 22).toLocaleDateString(), formatNumber(10_000), formatNumber(1_432), '14.3%', formatNumber(5_120)]);
  });
});
