// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import { WebsiteDetailDialog } from '../src/components/websites/WebsiteDetailDialog';
import { WebsitesTable, type WebsiteRow } from '../src/components/websites/WebsitesTable';
import { formatLocalShort } from '../src/lib/site-status';
import WebsiteDetailPage from '../src/pages/WebsiteDetailPage';
import { queryClient } from '../src/state/query-client';
import { websiteDetailQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';
import { availability, detail, latestScan, LIVENESS, SINCE } from './liveness-fixtures';

beforeAll(stubPageEnvironment);
afterEach(cleanup);

const since = formatLocalShort(SINCE);

const row = (id: number, over: Partial<WebsiteRow>): WebsiteRow => ({ id, name: `Site ${id}`, url: `https://s${id}.example`, category: null, latestScan: latestScan(), ...over });

describe('WebsitesTable status states', () => {
  const rows: WebsiteRow[] = [
    row(1, { latestScan: latestScan({ hasMcp: false }), liveness: LIVENESS.unreachable }),
    row(2, { latestScan: latestScan({ hasMcp: false }), liveness: LIVENESS.mcpOutage }),
    row(3, { latestScan: null, liveness: LIVENESS.notScanned }),
    row(4, { latestScan: null, liveness: LIVENESS.pending }),
    row(5, { liveness: LIVENESS.mcp }),
    row(6, { latestScan: latestScan({ hasMcp: false }) }),
  ];
  const statusCells = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

  it('shows Unreachable since…, MCP with an unreachable note, Not scanned and Pending, never No MCP for an outage', () => {
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    expect(statusCells()).toEqual([
      `Unreachable since ${since}`,
      `MCP Enabled unreachable since ${since}`,
      'Not scanned',
      'Pending',
      'MCP Enabled',
      'No MCP',
    ]);
  });

  it('gives Unreachable a badge of its own colour', () => {
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    const cell = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[1]!;
    expect(within(cell).getByText('Unreachable').className).toContain('bg-red-100');
    expect(within(cell).getByText('Unreachable').className).toContain('dark:');
  });
});

function seed(site: WebsiteDetailResponse) {
  queryClient.setQueryData(websiteDetailQuery(site.id).queryKey, site);
}

function renderPage(id: number) {
  const { hook } = memoryLocation({ path: `/website/${id}` });
  return render(
    <Router hook={hook}>
      <Route path="/website/:id" component={WebsiteDetailPage} />
    </Router>,
    { wrapper: withQueryClient() },
  );
}

describe('WebsiteDetailPage status states', () => {
  it('a confirmed outage reads Unreachable since…, with its notice instead of No MCP Support Detected', () => {
    seed(detail({ id: 11, latestScan: latestScan({ hasMcp: false, error: 'getaddrinfo ENOTFOUND' }), liveness: LIVENESS.unreachable }));
    renderPage(11);
    expect(screen.getAllByText(`Unreachable since ${since}`).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Unreachable', { selector: 'p.text-2xl' })).toBeTruthy();
    expect(screen.getByText(/6 failed scans in a row/)).toBeTruthy();
    expect(screen.queryByText('No MCP Support Detected')).toBeNull();
    expect(screen.queryByText('No MCP')).toBeNull();
    expect(screen.queryByText('No MCP Support')).toBeNull();
  });

  it('an MCP site whose newest scan failed keeps MCP Supported with an unreachable note', () => {
    seed(detail({ id: 12, liveness: LIVENESS.mcpOutage }));
    renderPage(12);
    expect(screen.getByText('MCP Supported')).toBeTruthy();
    expect(screen.getAllByText(`unreachable since ${since}`).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Timed out')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
  });

  it('Not scanned has its own badge and notice', () => {
    seed(detail({ id: 13, latestScan: latestScan({ hasMcp: false, mcpEndpoint: null }), liveness: LIVENESS.notScanned }));
    renderPage(13);
    expect(screen.getAllByText('Not scanned').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(/was not probed: its robots.txt/)).toBeTruthy();
    expect(screen.queryByText('No MCP Support Detected')).toBeNull();
  });

  it('shows the availability card when the server sends it, and nothing of it otherwise', () => {
    seed(detail({ id: 14, liveness: LIVENESS.mcpOutage, availability: availability() }));
    renderPage(14);
    expect(screen.getByRole('heading', { name: 'Availability' })).toBeTruthy();
    expect(screen.getByText('93.3% uptime over 30 days')).toBeTruthy();
    cleanup();
    seed(detail({ id: 15 }));
    renderPage(15);
    expect(screen.queryByRole('heading', { name: 'Availability' })).toBeNull();
  });

  it('renders as before without the new fields (older servers)', () => {
    seed(detail({ id: 16, latestScan: latestScan({ hasMcp: false, error: 'no endpoint' }) }));
    renderPage(16);
    expect(screen.getByText('No MCP')).toBeTruthy();
    expect(screen.getByText('No MCP Support')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('No MCP Support Detected')).toBeTruthy();
    expect(screen.getByText('Scan error: no endpoint')).toBeTruthy();
    expect(screen.queryByText(/unreachable/i)).toBeNull();
  });

  it('renders scanned names as text', () => {
    seed(detail({ id: 17, liveness: LIVENESS.unreachable }));
    const { container } = renderPage(17);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Example <b>Shop</b>');
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('WebsiteDetailDialog status states', () => {
  const open = (id: number) => render(<WebsiteDetailDialog websiteId={id} onClose={() => {}} />, { wrapper: withQueryClient() });

  it('shows Unreachable since… and its notice, never No MCP', async () => {
    seed(detail({ id: 21, latestScan: latestScan({ hasMcp: false }), liveness: LIVENESS.unreachable }));
    open(21);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(`Unreachable since ${since}`).length).toBeGreaterThanOrEqual(1);
    expect(within(dialog).queryByText('No MCP')).toBeNull();
    expect(within(dialog).queryByText('No MCP Support Detected')).toBeNull();
  });

  it('keeps MCP Enabled with the unreachable note and a compact availability', async () => {
    seed(detail({ id: 22, liveness: LIVENESS.mcpOutage, availability: availability() }));
    open(22);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('MCP Enabled')).toBeTruthy();
    expect(within(dialog).getByText(`unreachable since ${since}`)).toBeTruthy();
    expect(within(dialog).getByText('93.3% uptime over 30 days')).toBeTruthy();
    expect(dialog.querySelectorAll('[data-day]')).toHaveLength(30);
  });

  it('shows Not scanned for an unscanned site that robots.txt keeps out, Pending data otherwise', async () => {
    seed(detail({ id: 23, latestScan: null, liveness: LIVENESS.notScanned }));
    open(23);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not scanned')).toBeTruthy();
    cleanup();
    seed(detail({ id: 24, latestScan: null, liveness: LIVENESS.pending }));
    open(24);
    expect(within(await screen.findByRole('dialog')).getByText('No Scan Data Available')).toBeTruthy();
  });

  it('renders as before without the new fields', async () => {
    seed(detail({ id: 25, latestScan: latestScan({ hasMcp: false }) }));
    open(25);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No MCP')).toBeTruthy();
    expect(within(dialog).getByText('No MCP Support Detected')).toBeTruthy();
    expect(within(dialog).queryByText('Availability')).toBeNull();
  });
});
