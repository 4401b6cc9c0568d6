// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminScanLogLine, AdminStatus } from '@mcp-census/schemas/api/admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecentScansTable } from '../src/components/admin/RecentScansTable';
import { ScanLogStream } from '../src/components/admin/ScanLogStream';
import { FloatingActions } from '../src/components/overview/FloatingActions';
import { CATEGORY_GROWTH_LABEL, CategoryGrowthList } from '../src/components/trends/CategoryGrowthList';
import { UsageExamplesTab } from '../src/components/access/UsageExamplesTab';
import { CodeBlock, codeRegionName } from '../src/components/ui/CodeBlock';
import { HorizontalScroll, overflows } from '../src/components/ui/HorizontalScroll';
import { WebsitesTable, type WebsiteRow } from '../src/components/websites/WebsitesTable';
import { withQueryClient } from './query-wrapper';

/**
 * jsdom lays nothing out: scroll boxes ([data-scroller]) are given a 300×100
 * box whose content is `layout.content` big, and ResizeObserver reports at
 * once (asynchronously, as browsers do) when a box is observed.
 */
const layout = { content: { width: 300, height: 100 } };
const BOX = { width: 300, height: 100 };
const isBox = (el: Element) => el.hasAttribute('data-scroller');
const dimensions = {
  clientWidth: (el: Element) => (isBox(el) ? BOX.width : 0),
  clientHeight: (el: Element) => (isBox(el) ? BOX.height : 0),
  scrollWidth: (el: Element) => (isBox(el) ? layout.content.width : 0),
  scrollHeight: (el: Element) => (isBox(el) ? layout.content.height : 0),
};

class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    queueMicrotask(() => this.callback([], this));
  }
  unobserve() {}
  disconnect() {}
}

class SilentResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  for (const [prop, get] of Object.entries(dimensions)) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return get(this);
      },
    });
  }
  vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
});
afterAll(() => {
  // Element.prototype's own getters show through again.
  for (const prop of Object.keys(dimensions)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  vi.unstubAllGlobals();
});
beforeEach(() => {
  layout.content = { ...BOX };
});
afterEach(cleanup);

const tall = () => (layout.content = { width: BOX.width, height: 2_000 });
const wide = () => (layout.content = { width: 900, height: BOX.height });
/** Lets the observers' first report land. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const logLine = (i: number, level: AdminScanLogLine['level'] = 'info'): AdminScanLogLine => ({
  timestamp: new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
  level,
  message: `Scanned site-${i}.example`,
  details: i % 2 ? `${i} requests` : null,
});

describe('overflows', () => {
  it('is true when the content is larger than the box either way, with a pixel of slack', () => {
    expect(overflows({ scrollWidth: 300, clientWidth: 300, scrollHeight: 100, clientHeight: 100 })).toBe(false);
    expect(overflows({ scrollWidth: 300.8, clientWidth: 300, scrollHeight: 100.5, clientHeight: 100 })).toBe(false);
    expect(overflows({ scrollWidth: 640, clientWidth: 300, scrollHeight: 100, clientHeight: 100 })).toBe(true);
    expect(overflows({ scrollWidth: 300, clientWidth: 300, scrollHeight: 512, clientHeight: 100 })).toBe(true);
  });
});

describe('ScanLogStream', () => {
  it('is a polite live region named "Scan log" holding a real list of the lines, newest first', async () => {
    tall();
    render(<ScanLogStream lines={[logLine(3, 'error'), logLine(2, 'success'), logLine(1)]} live />);
    await settle();
    const log = screen.getByRole('log', { name: 'Scan log' });
    expect(log.tagName).toBe('DIV');
    expect(log.getAttribute('aria-live')).toBe('polite');
    const list = within(log).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('site-3'), expect.stringContaining('site-2'), expect.stringContaining('site-1')]);
    // The log is not itself the list (a role on <ol> strips its list semantics).
    expect(list.getAttribute('role')).toBeNull();
  });

  it('is in the tab order while it scrolls, and not while the lines fit', async () => {
    tall();
    const { unmount } = render(<ScanLogStream lines={[logLine(1)]} live={false} />);
    // The observer's report re-renders through React's scheduler: wait for it rather than for one tick.
    await waitFor(() => expect(screen.getByRole('log', { name: 'Scan log' }).tabIndex).toBe(0));
    unmount();
    layout.content = { ...BOX };
    render(<ScanLogStream lines={[logLine(1)]} live={false} />);
    await settle();
    expect(screen.getByRole('log', { name: 'Scan log' }).hasAttribute('tabindex')).toBe(false);
  });

  it('keeps the live region on the page before the first line arrives, so that line is announced', async () => {
    const { rerender } = render(<ScanLogStream lines={[]} live />);
    const log = screen.getByRole('log', { name: 'Scan log' });
    expect(log.textContent).toBe('No scan logs yet.');
    rerender(<ScanLogStream lines={[logLine(1)]} live />);
    expect(screen.getByRole('log', { name: 'Scan log' })).toBe(log);
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
  });

  it('uses the AA colour tokens for its secondary text and levels, never a bare light grey', () => {
    render(<ScanLogStream lines={[logLine(3, 'error'), logLine(2, 'success'), logLine(1)]} live />);
    const log = screen.getByRole('log', { name: 'Scan log' });
    expect(log.innerHTML).not.toMatch(/text-slate-(400|500)/);
    expect(within(log).getByText('error').className).toContain('text-negative');
    expect(within(log).getByText('success').className).toContain('text-positive');
  });
});

describe('CategoryGrowthList', () => {
  const categories = Array.from({ length: 14 }, (_, i) => ({ category: `Category ${i}`, current: 10 + i, growth: i, previous: 10 }));

  it('is a named region in the tab order when the list is taller than its box', async () => {
    tall();
    render(<CategoryGrowthList categories={categories} />);
    const region = await screen.findByRole('region', { name: CATEGORY_GROWTH_LABEL });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getAllByRole('listitem')).toHaveLength(14);
  });

  it('is in the tab order right after the commit of the rows that make it scroll, before the size observer reports', async () => {
    const { rerender } = render(<CategoryGrowthList categories={categories.slice(0, 2)} />);
    await settle();
    expect(screen.queryByRole('region')).toBeNull();
    // The rows are added inside the list: the test's size observer, which reports only when a box is
    // first observed, stays silent, as a browser's does until it renders the next frame.
    tall();
    rerender(<CategoryGrowthList categories={categories} />);
    // the microtask after the commit: nothing else of the page (an audit, a keypress) can run before it
    await Promise.resolve();
    expect(screen.getByRole('region', { name: CATEGORY_GROWTH_LABEL }).tabIndex).toBe(0);
    layout.content = { ...BOX };
    rerender(<CategoryGrowthList categories={categories.slice(0, 2)} />);
    await Promise.resolve();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('mounted with rows that overflow, is in the tab order from its first render, before any frame', () => {
    // a size observer that never reports: a page that has not rendered a frame yet
    vi.stubGlobal('ResizeObserver', SilentResizeObserver);
    try {
      tall();
      render(<CategoryGrowthList categories={categories} />);
      expect(screen.getByRole('region', { name: CATEGORY_GROWTH_LABEL }).tabIndex).toBe(0);
    } finally {
      vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
    }
  });

  it('is neither when the list fits', async () => {
    render(<CategoryGrowthList categories={categories.slice(0, 2)} />);
    await settle();
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('[tabindex]')).toBeNull();
  });
});

describe('HorizontalScroll', () => {
  it('becomes a focusable named region when it scrolls down as well as sideways', async () => {
    tall();
    render(
      <HorizontalScroll label="Tall box" className="max-h-[32rem] overflow-y-auto">
        <p>rows</p>
      </HorizontalScroll>,
    );
    expect((await screen.findByRole('region', { name: 'Tall box' })).tabIndex).toBe(0);
  });

  it('draws its focus ring inside the box unless told to draw it outside', async () => {
    wide();
    render(
      <>
        <HorizontalScroll label="Inside">
          <p>a</p>
        </HorizontalScroll>
        <HorizontalScroll label="Outside" focusRing="outside">
          <p>b</p>
        </HorizontalScroll>
      </>,
    );
    expect((await screen.findByRole('region', { name: 'Inside' })).className).toContain('focus-visible:-outline-offset-2');
    expect(screen.getByRole('region', { name: 'Outside' }).className).not.toContain('outline-offset');
  });

  it('stays out of the tab order, without a role, while it fits or has no label', async () => {
    render(
      <HorizontalScroll label="Fits">
        <p>a</p>
      </HorizontalScroll>,
    );
    await settle();
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    wide();
    render(
      <HorizontalScroll>
        <p>a</p>
      </HorizontalScroll>,
    );
    await settle();
    expect(document.querySelector('[tabindex]')).toBeNull();
  });
});

describe('RecentScansTable', () => {
  const scans: AdminStatus['recentScans'] = [{ id: 1, websiteName: 'Site', hasMcp: true, error: null, scanTime: new Date().toISOString(), responseTime: 20 }];
  it('is a focusable region named "Recent scans" once its rows scroll, its ring outside the sticky head', async () => {
    tall();
    render(<RecentScansTable scans={scans} />);
    const region = await screen.findByRole('region', { name: 'Recent scans' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).not.toContain('outline-offset');
  });
});

describe('CodeBlock', () => {
  it('names its scrolling strip after the label and takes the dark token values inside', async () => {
    wide();
    const { container } = render(<CodeBlock code={'{ "a": 1 }'} label="JSON" />);
    const region = await screen.findByRole('region', { name: 'JSON code' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('focus-visible:-outline-offset-2');
    expect((container.firstElementChild as HTMLElement).classList.contains('dark')).toBe(true);
    expect(container.innerHTML).not.toMatch(/text-slate-(400|500)/);
  });
});

describe('codeRegionName', () => {
  it('names a block after its label, else after its first line, shortened', () => {
    expect(codeRegionName('{}', 'JSON')).toBe('JSON code');
    expect(codeRegionName('\n  curl https://example.com/api/metrics\ncurl b')).toBe('Code: curl https://example.com/api/metrics');
    expect(codeRegionName(`curl ${'x'.repeat(100)}`)).toHaveLength('Code: '.length + 60);
    expect(codeRegionName('  \n')).toBe('Code');
  });

  it('tells apart the unlabelled blocks of one page, each a landmark of its own', async () => {
    wide();
    render(<UsageExamplesTab />);
    await waitFor(() => expect(screen.getAllByRole('region').length).toBeGreaterThan(3));
    const names = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('WebsitesTable', () => {
  const site: WebsiteRow = { id: 1, name: 'Long Co', url: 'https://a-very-long-address.example.com/with/a/path', category: null, latestScan: null };
  it('lets the address link truncate itself, with no clipping box around it that would cut off its focus ring', () => {
    render(<WebsitesTable websites={[site]} loading={false} onViewDetails={() => {}} />);
    const link = screen.getByRole('link', { name: site.url });
    expect(link.className).toMatch(/\btruncate\b/);
    expect(link.className).toMatch(/\binline-block\b/);
    for (let a = link.parentElement; a && a.tagName !== 'TD'; a = a.parentElement) expect(a.className).not.toMatch(/\b(truncate|overflow-hidden|overflow-clip)\b/);
  });
});

describe('FloatingActions', () => {
  it('marks itself for the scroll padding and ends the page with a spacer at every width', () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const { container } = render(<FloatingActions />, { wrapper: withQueryClient(client) });
    expect(container.querySelector('[data-floating-actions]')).not.toBeNull();
    const spacer = document.body.lastElementChild as HTMLElement;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(spacer.className).toContain('sm:h-[9.25rem]');
    expect(spacer.className).not.toContain('sm:hidden');
  });
});
