// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import { NotScannedNotice } from '../src/components/websites/NotScannedNotice';
import { SiteSignals } from '../src/components/websites/SiteSignals';
import { WebsiteDetailDialog } from '../src/components/websites/WebsiteDetailDialog';
import WebsiteDetailPage from '../src/pages/WebsiteDetailPage';
import { queryClient } from '../src/state/query-client';
import { websiteDetailQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';
import { detail, latestScan, LIVENESS } from './liveness-fixtures';

beforeAll(stubPageEnvironment);
afterEach(cleanup);

const card = { source: 'well-known' as const, url: 'https://shop.example/.well-known/mcp/server-card.json', name: 'Shop', version: '2.0' };

function renderPage(site: WebsiteDetailResponse) {
  queryClient.setQueryData(websiteDetailQuery(site.id).queryKey, site);
  const { hook } = memoryLocation({ path: `/website/${site.id}` });
  return render(
    <Router hook={hook}>
      <Route path="/website/:id" component={WebsiteDetailPage} />
    </Router>,
    { wrapper: withQueryClient() },
  );
}

describe('the good-citizen lines on the website page', () => {
  it('say why a site was not scanned: the robots.txt path and rule', () => {
    renderPage(detail({ id: 41, latestScan: null, liveness: LIVENESS.notScanned, notScanned: { reason: 'robots-txt', rule: 'Disallow: /mcp', path: '/mcp', scanTime: '2025-03-04T12:00:00Z' } }));
    expect(screen.getByTestId('not-scanned-reason').textContent).toBe('Not scanned: robots.txt disallows /mcp (rule: Disallow: /mcp)');
  });

  it('show the server card with its URL and an open browser exposure', () => {
    renderPage(detail({ id: 42, liveness: LIVENESS.mcp, latestScan: latestScan({ serverCard: card, corsExposure: { allowOrigin: '*', allowsAnyOrigin: true, allowsCredentials: false } }) }));
    expect(screen.getByTestId('server-card').textContent).toBe(`Publishes a server card at a well-known address: ${card.url} (Shop 2.0)`);
    expect(screen.getByTestId('browser-exposure').textContent).toBe('Browser exposure: any web page can call this endpoint (Access-Control-Allow-Origin: *)');
  });

  it('show the same lines in the website dialog', () => {
    const site = detail({ id: 43, liveness: LIVENESS.mcp, latestScan: latestScan({ serverCard: card, corsExposure: { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false } }) });
    queryClient.setQueryData(websiteDetailQuery(site.id).queryKey, site);
    render(<WebsiteDetailDialog websiteId={43} onClose={() => {}} />, { wrapper: withQueryClient() });
    expect(screen.getByTestId('server-card').textContent).toContain(card.url);
    expect(screen.getByTestId('browser-exposure').textContent).toBe('Browser exposure: refuses foreign origins');
  });

  it('render as before without the new fields (older servers)', () => {
    renderPage(detail({ id: 44, liveness: LIVENESS.mcp }));
    expect(screen.queryByTestId('site-signals')).toBeNull();
    cleanup();
    renderPage(detail({ id: 45, latestScan: null, liveness: LIVENESS.notScanned }));
    expect(screen.getByText(/was not probed: its robots.txt/)).toBeTruthy();
    expect(screen.queryByTestId('not-scanned-reason')).toBeNull();
  });
});

describe('the good-citizen lines', () => {
  it('name a Crawl-delay that did not fit', () => {
    render(<NotScannedNotice notScanned={{ reason: 'crawl-delay', rule: 'Crawl-delay: 600', path: null }} />);
    expect(screen.getByTestId('not-scanned-reason').textContent).toBe('Not scanned: its robots.txt Crawl-delay is longer than a scan may take (rule: Crawl-delay: 600)');
  });

  it('say when the endpoint refuses foreign origins, and mention credentials when they are allowed', () => {
    const { unmount } = render(<SiteSignals scan={{ serverCard: null, corsExposure: { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false } }} />);
    expect(screen.getByTestId('browser-exposure').textContent).toBe('Browser exposure: refuses foreign origins');
    expect(screen.queryByTestId('server-card')).toBeNull();
    unmount();
    render(<SiteSignals scan={{ corsExposure: { allowOrigin: 'https://evil.example', allowsAnyOrigin: true, allowsCredentials: true } }} />);
    expect(screen.getByTestId('browser-exposure').textContent).toBe(
      'Browser exposure: any web page can call this endpoint (Access-Control-Allow-Origin: https://evil.example, with the visitor’s credentials)',
    );
  });

  it('show scanned text as visible text: hidden characters are marked, markup stays text', () => {
    render(
      <>
        <SiteSignals scan={{ serverCard: { source: 'catalog', url: 'https://a\u200Bb.example/<img src=x>' } }} />
        <NotScannedNotice notScanned={{ reason: 'robots-txt', rule: 'Disallow: /m\u202Ecp', path: '/m\u202Ecp' }} />
      </>,
    );
    expect(screen.getByTestId('server-card').textContent).toBe('Publishes a server card via its catalog: https://a⟨U+200B⟩b.example/<img src=x>');
    expect(screen.getByTestId('not-scanned-reason').textContent).toBe('Not scanned: robots.txt disallows /m⟨U+202E⟩cp (rule: Disallow: /m⟨U+202E⟩cp)');
    expect(document.querySelector('img')).toBeNull();
  });

  it('render nothing when the scan recorded neither', () => {
    const { container } = render(<SiteSignals scan={{ serverCard: null, corsExposure: null }} />);
    expect(container.innerHTML).toBe('');
  });
});
