// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AvailabilityBars } from '../src/components/websites/AvailabilityBars';
import { SiteAvailabilityCard } from '../src/components/websites/SiteAvailabilityCard';
import { formatLocalShort } from '../src/lib/site-status';
import { ALIVE, availability, thirtyDays } from './liveness-fixtures';

beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(cleanup);

describe('AvailabilityBars', () => {
  it('draws one bar per day, oldest first, coloured by the share reached, each with a tooltip', () => {
    const { container } = render(<AvailabilityBars days={thirtyDays()} />);
    const bars = [...container.querySelectorAll<HTMLElement>('[data-day]')];
    expect(bars).toHaveLength(30);
    expect(bars[0]!.dataset.day).toBe('2025-03-01');
    expect(bars[29]!.dataset.day).toBe('2025-03-30');
    expect(bars.map((b) => b.dataset.state).filter((s) => s !== 'all')).toEqual(['none', 'some', 'empty']);
    expect(bars[9]!.className).toContain('bg-red-600');
    expect(bars[19]!.className).toContain('bg-amber-600');
    expect(bars[24]!.className).toContain('bg-slate-500');
    for (const bar of bars) {
      expect(bar.getAttribute('title')).toBeTruthy();
      expect(bar.className).toMatch(/dark:bg-/);
    }
    expect(bars[19]!.getAttribute('title')).toMatch(/3 of 4 scans reached the site/);
  });

  it('summarises the bars for screen readers and offers them as a table', () => {
    render(<AvailabilityBars days={thirtyDays()} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Availability over the last 30 days: all scans reached on 27 days/);
    fireEvent.click(screen.getByText('Show daily availability as a table'));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day (UTC)', 'State', 'Scans', 'Reached', 'MCP found', 'Avg response']);
    expect(within(rows[20]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Some scans failed', '4', '3', '3', '210 ms']);
    expect(within(rows[25]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['No scan', '0', '0', '0', '—']);
  });

  it('shows a legend of the four colours', () => {
    render(<AvailabilityBars days={thirtyDays()} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['All scans reached', 'Some scans failed', 'No scan reached', 'No scan']);
  });
});

describe('SiteAvailabilityCard', () => {
  it('shows uptime over 30 days, last seen alive, the endpoint and the response-time trend', () => {
    render(<SiteAvailabilityCard availability={availability()} endpoint="https://mcp.example.com/mcp" />);
    expect(screen.getByText('93.3% uptime over 30 days')).toBeTruthy();
    expect(screen.getByText(`Last seen alive: ${formatLocalShort(ALIVE)}`)).toBeTruthy();
    expect(screen.getByText('MCP endpoint: https://mcp.example.com/mcp')).toBeTruthy();
    expect(screen.getByText(/Response time in ms \(daily average\), latest 129 ms/)).toBeTruthy();
  });

  it('says so when nothing was scanned or reached', () => {
    const days = thirtyDays().map((d) => ({ ...d, scans: 0, reachable: 0, mcp: 0, avgResponseTime: null }));
    const { container } = render(<SiteAvailabilityCard availability={{ days, uptime30d: null, lastSeenAlive: null }} endpoint={null} />);
    expect(screen.getByText('No scans in the last 30 days')).toBeTruthy();
    expect(screen.getByText('Last seen alive: Never')).toBeTruthy();
    expect(screen.getByText('No response times in the last 30 days.')).toBeTruthy();
    expect(container.querySelectorAll('[data-state="empty"]')).toHaveLength(30);
  });
});
