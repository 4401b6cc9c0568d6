// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import { WebsiteDetailDialog } from '../src/components/websites/WebsiteDetailDialog';
import { WebsitesTable } from '../src/components/websites/WebsitesTable';
import { formatNumber } from '../src/lib/format';
import WebsiteDetailPage from '../src/pages/WebsiteDetailPage';
import { queryClient } from '../src/state/query-client';
import { websiteDetailQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';
import { detail, latestScan, LIVENESS, thirtyDays } from './liveness-fixtures';

/**
 * A site's page and its dialog tell the same story: one status decision
 * (lib/site-status.ts) for Pending, Opted out, Unreachable and Not scanned,
 * and the same number formats.
 */

beforeAll(stubPageEnvironment);
afterEach(cleanup);

const seed = (site: WebsiteDetailResponse) => queryClient.setQueryData(websiteDetailQuery(site.id).queryKey, site);

function renderPage(id: number) {
  const { hook } = memoryLocation({ path: `/website/${id}` });
  return render(
    <Router hook={hook}>
      <Route path="/website/:id" component={WebsiteDetailPage} />
    </Router>,
    { wrapper: withQueryClient() },
  );
}

const cardValue = (title: string) => screen.getByText(title, { selector: 'p' }).nextElementSibling?.textContent;

async function dialogText(id: number): Promise<string> {
  render(<WebsiteDetailDialog websiteId={id} onClose={() => {}} />, { wrapper: withQueryClient() });
  return (await screen.findByRole('dialog')).textContent ?? '';
}

describe('a never-scanned site (Pending)', () => {
  // What the server sends for a site it has never scanned: 30 days without a scan.
  const emptyDays = { days: thirtyDays().map((d) => ({ ...d, scans: 0, reachable: 0, mcp: 0, avgResponseTime: null })), uptime30d: null, lastSeenAlive: null };
  const pending = (id: number, liveness?: WebsiteDetailResponse['liveness']) =>
    detail({ id, latestScan: null, ...(liveness ? { liveness, availability: emptyDays } : {}) });

  it('reads Pending on its page, with the dialog’s "No Scan Data Available", never No MCP or Disabled', () => {
    seed(pending(41, LIVENESS.pending));
    renderPage(41);
    expect(screen.getAllByText('Pending', { selector: 'header span' }).length).toBeGreaterThan(0);
    expect(cardValue('MCP Status')).toBe('Pending');
    expect([cardValue('Tools Available'), cardValue('Resources'), cardValue('Prompts')]).toEqual(['—', '—', '—']);
    expect(screen.getByText('No Scan Data Available')).toBeTruthy();
    expect(screen.getByText('This website has not been scanned yet.')).toBeTruthy();
    for (const wrong of ['No MCP Support Detected', 'No MCP', 'Disabled', 'No MCP Support']) expect(screen.queryByText(wrong)).toBeNull();
    expect(screen.queryByText(/does not (currently )?support/)).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
    // nothing to chart either: no empty availability card
    expect(screen.queryByRole('heading', { name: 'Availability' })).toBeNull();
  });

  it('reads the same without liveness (older servers)', () => {
    seed(pending(42));
    renderPage(42);
    expect(cardValue('MCP Status')).toBe('Pending');
    expect(screen.getByText('No Scan Data Available')).toBeTruthy();
    expect(screen.queryByText('No MCP Support Detected')).toBeNull();
  });

  it('shows the same notice in the dialog as on the page', async () => {
    seed(pending(43, LIVENESS.pending));
    const text = await dialogText(43);
    expect(text).toContain('No Scan Data Available');
    expect(text).toContain('This website has not been scanned yet.');
    cleanup();
    renderPage(43);
    expect(screen.getByText('No Scan Data Available')).toBeTruthy();
  });
});

describe('page and dialog agree', () => {
  const cases: [string, WebsiteDetailResponse, string, string | null][] = [
    ['opted out', detail({ id: 51, latestScan: null, optedOut: true }), 'Opted out', 'The owner of this website asked not to be scanned.'],
    ['a confirmed outage never scanned through', detail({ id: 52, latestScan: null, liveness: LIVENESS.unreachable }), 'Unreachable', 'Our scanner could not reach this website'],
    ['kept out by robots.txt', detail({ id: 53, latestScan: null, liveness: LIVENESS.notScanned }), 'Not scanned', 'This website was not probed'],
    ['scanned without MCP', detail({ id: 54, latestScan: latestScan({ hasMcp: false }), liveness: LIVENESS.noMcp }), 'No MCP', 'No MCP Support Detected'],
    ['an MCP site', detail({ id: 55, liveness: LIVENESS.mcp }), 'MCP Enabled', null],
  ];
  for (const [name, site, badge, notice] of cases) {
    it(`${name}: badge ${badge}, ${notice ? `notice "${notice}"` : 'no notice'} in both`, async () => {
      seed(site);
      const inDialog = await dialogText(site.id);
      cleanup();
      const { container } = renderPage(site.id);
      expect(screen.getAllByText(badge, { selector: 'header span' }).length).toBeGreaterThan(0);
      for (const text of [inDialog, container.textContent ?? '']) {
        if (notice) expect(text).toContain(notice);
        for (const other of cases.map((c) => c[3]).filter((n) => n && n !== notice)) expect(text).not.toContain(other);
        expect(text).not.toContain('No Scan Data Available');
      }
    });
  }
});

describe('number formats', () => {
  const big = latestScan({ toolsCount: 1_432, resourcesCount: 1, promptsCount: 1, responseTime: 1_250 });

  it('the page: card figures by the card rule, detail figures grouped, nouns agreeing', () => {
    seed(detail({ id: 61, latestScan: big, liveness: LIVENESS.mcp }));
    renderPage(61);
    expect([cardValue('Tools Available'), cardValue('Resources'), cardValue('Prompts')]).toEqual(['1.4k', '1', '1']);
    expect(screen.getByText(`${formatNumber(1_432)} tools`)).toBeTruthy();
    expect(screen.getByText('1 resource')).toBeTruthy();
    expect(screen.getByText('1 prompt')).toBeTruthy();
    expect(screen.getByText(`${formatNumber(1_250)} ms`)).toBeTruthy();
    expect(screen.queryByText(/1 resources|1 prompts/)).toBeNull();
  });

  it('the dialog and the table: grouped figures', async () => {
    seed(detail({ id: 62, latestScan: big, liveness: LIVENESS.mcp }));
    const text = await dialogText(62);
    expect(text).toContain(formatNumber(1_432));
    expect(text).toContain(`${formatNumber(1_250)} ms`);
    expect(text).not.toContain('1432');
    cleanup();
    render(<WebsitesTable websites={[{ id: 63, name: 'Big', url: 'https://big.example', category: null, latestScan: big }]} loading={false} onViewDetails={() => {}} />);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[2]!.textContent).toBe(formatNumber(1_432));
  });
});
