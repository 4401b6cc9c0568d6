import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { industryAnalyticsSchema } from '@mcp-census/schemas';
import { adoptionTrendSchema, categoryTrendsSchema, monthlyTrendsSchema } from '@mcp-census/schemas/api/trends';
import { openPage, screenshot, SCREENSHOT_DIR } from './e2e/browser';
import { type ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

let product: ProductUnderTest;
let browser: Browser;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

async function open(path: string, viewport: { width: number; height: number }, opts: { theme?: 'light' | 'dark'; history?: boolean } = {}) {
  const { page, errors } = await openPage(browser, viewport);
  // the theme follows prefers-color-scheme while no choice is stored
  await page.emulateMedia({ colorScheme: opts.theme ?? 'light' });
  if (opts.history) await withHistory(page);
  await page.goto(`${product.url}${path}`);
  return { page, errors };
}

/** Waits until every chart on the page has drawn its SVG (they measure their container first). */
async function chartsDrawn(page: Page, atLeast: number): Promise<number> {
  await page.waitForFunction(
    (n) => {
      const charts = [...document.querySelectorAll('[data-chart]')];
      return charts.length >= n && charts.every((c) => c.querySelector('svg.recharts-surface'));
    },
    atLeast,
    { timeout: 20_000 },
  );
  return page.locator('[data-chart]').count();
}

/** Tick labels that overlap another on the same axis, or leave the viewport. */
function tickCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const axis of document.querySelectorAll('.recharts-cartesian-axis-tick-labels')) {
      const boxes = [...axis.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() })).filter((b) => b.r.width > 0);
      boxes.forEach((a, i) => {
        if (a.r.left < 0 || a.r.right > window.innerWidth) out.push(`off screen: ${a.text}`);
        for (const b of boxes.slice(i + 1)) {
          const apart = a.r.right <= b.r.left + 0.5 || b.r.right <= a.r.left + 0.5 || a.r.bottom <= b.r.top + 0.5 || b.r.bottom <= a.r.top + 0.5;
          if (!apart) out.push(`${a.text} / ${b.text}`);
        }
      });
    }
    return out;
  });
}

/** Every drawn chart's hidden table: [chart name, caption, row count, visually hidden]. */
function chartTables(page: Page): Promise<[string, string, number, boolean][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-chart]')].map((chart) => {
      const table = chart.querySelector('table');
      const box = table?.closest('.sr-only')?.getBoundingClientRect();
      return [chart.dataset.chart ?? '', table?.querySelector('caption')?.textContent ?? '', table?.querySelectorAll('tbody tr').length ?? 0, !!box && box.width <= 1 && box.height <= 1];
    }),
  );
}

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Thirty days, twelve months and the categories of a census with history, for the charts that need one. */
async function withHistory(page: Page): Promise<void> {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const adoption = adoptionTrendSchema.parse(
    Array.from({ length: 30 }, (_, i) => {
      const total = 9_400 + i * 20;
      const mcp = 1_210 + i * 9;
      return { date: isoDay(today - (29 - i) * DAY), adoptionRate: Math.round((mcp / total) * 1000) / 10, totalWebsites: total, mcpEnabledCount: mcp, newAdoptions: 9, toolsCount: 14_000 + i * 90, resourcesCount: 3_100 + i * 20, promptsCount: 900 + i * 7 };
    }),
  );
  const now = new Date();
  const monthly = monthlyTrendsSchema.parse(
    Array.from({ length: 12 }, (_, i) => {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7);
      // the census began five months ago; one month grew from nothing
      if (i < 6) return { month, growth: 0, previous: null, current: i === 5 ? 400 : 0 };
      if (i === 6) return { month, growth: 0, previous: 0, current: 380 };
      return { month, growth: [12.5, -3.1, 8.4, 22.0, 4.6][i - 7] ?? 0, previous: 900, current: 1_000 };
    }),
  );
  const categories = categoryTrendsSchema.parse([
    { category: 'E-commerce', current: 240, growth: 12.4, previous: 213 },
    { category: 'Development', current: 210, growth: 4.1, previous: 202 },
    { category: 'AI', current: 190, growth: 0, previous: 0 },
    { category: 'Media', current: 80, growth: 0, previous: null },
  ]);
  const industry = industryAnalyticsSchema.parse(await (await fetch(`${product.url}/api/industry-analytics`)).json());
  // a census-sized spread over the real categories: a few large, many small
  const scaled = industry.categories.map((c, i) => {
    const total = Math.round(1_800 / (i + 1)) + 40;
    const mcp = Math.round(total * (0.08 + ((i * 37) % 11) / 100));
    return { category: c.category, totalPlatforms: total, mcpAdoption: mcp, adoptionRate: Math.round((mcp / total) * 10_000) / 100 };
  });
  const totalPlatforms = scaled.reduce((s, c) => s + c.totalPlatforms, 0);
  const mcpEnabled = scaled.reduce((s, c) => s + c.mcpAdoption, 0);
  const analytics = industryAnalyticsSchema.parse({ ...industry, categories: scaled, totalPlatforms, mcpEnabled, adoptionRate: Math.round((mcpEnabled / totalPlatforms) * 10_000) / 100 });
  await page.route('**/api/trends/adoption**', (route) => route.fulfill({ json: adoption }));
  await page.route('**/api/trends/monthly', (route) => route.fulfill({ json: monthly }));
  await page.route('**/api/trends/categories', (route) => route.fulfill({ json: categories }));
  await page.route('**/api/industry-analytics', (route) => route.fulfill({ json: analytics }));
}

describe('the "View Full" adoption dialog', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`sits above its backdrop and within 90% of the viewport (${label})`, async () => {
      const { page, errors } = await open('/analysis', viewport);
      const button = page.getByRole('button', { name: 'View Full' });
      await button.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await button.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const close = dialog.getByRole('button', { name: 'Close' });
      await close.waitFor();
      const hit = await close.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const title = document.querySelector('[data-testid="full-adoption-panel"] h2');
        const t = title?.getBoundingClientRect();
        const atTitle = t ? document.elementFromPoint(t.left + 4, t.top + t.height / 2) : null;
        return { closeOnTop: !!top && el.contains(top), titleOnTop: !!atTitle && !!title?.contains(atTitle) };
      });
      expect(hit).toEqual({ closeOnTop: true, titleOnTop: true });
      const size = await page.evaluate(() => {
        const panel = document.querySelector('[data-testid="full-adoption-panel"]');
        return { height: panel?.getBoundingClientRect().height ?? Infinity, maxHeight: panel ? getComputedStyle(panel).maxHeight : '', viewport: window.innerHeight };
      });
      expect(size.maxHeight).toBe(`${0.9 * size.viewport}px`);
      expect(size.height).toBeLessThanOrEqual(0.9 * size.viewport + 0.5);
      // the viewport, not the full page: the dialog is fixed to it
      await page.screenshot({ path: join(SCREENSHOT_DIR, `charts-analysis-full-view-${label}.png`) });
      await close.click();
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('/trends of a fresh census', () => {
  it('reads "Not enough history yet", never "+0.0%", and claims no rise from nothing', async () => {
    const { page, errors } = await open('/trends', DESKTOP);
    await page.getByText('Growth Velocity').waitFor();
    await page.getByText('Not enough history yet').first().waitFor({ timeout: 20_000 });
    await page.getByText('Category Growth Rates').waitFor();
    await page.waitForLoadState('networkidle');
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/[+-]0\.0%/);
    expect(text).not.toMatch(/rose by|fell by/);
    expect(text).toMatch(/The census began on/);
    await screenshot(page, 'charts-trends-fresh-desktop-light');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('charts that inform', () => {
  it('replace the distribution pie with sorted bars on a phone, on /analysis and /trends', async () => {
    for (const path of ['/analysis', '/trends']) {
      const { page, errors } = await open(path, PHONE);
      const chart = page.locator('[data-chart="industry-distribution"]');
      await chart.locator('svg.recharts-surface').waitFor({ timeout: 20_000 });
      expect(await chart.locator('div[role="img"]').getAttribute('aria-label')).toMatch(/^Bar chart of platforms across \d+ categor(y|ies), largest first/);
      expect(await chart.locator('.recharts-pie').count()).toBe(0);
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('give every chart a hidden data table, and every axis readable ticks on a phone', async () => {
    for (const path of ['/analysis', '/trends']) {
      for (const viewport of [DESKTOP, PHONE]) {
        const { page, errors } = await open(path, viewport, { history: true });
        const drawn = await chartsDrawn(page, path === '/analysis' ? 3 : 5);
        const tables = await chartTables(page);
        expect(tables).toHaveLength(drawn);
        for (const [name, caption, rows, hidden] of tables) {
          expect({ name, captioned: caption.length > 10, rows: rows > 0, hidden }).toEqual({ name, captioned: true, rows: true, hidden: true });
        }
        if (viewport === PHONE) {
          expect(await tickCollisions(page)).toEqual([]);
          // nothing (a hidden table included) widens the page past the phone
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        }
        // a month grown from no adopters is marked, not drawn as a bar of 0
        if (path === '/trends') expect(await page.locator('[data-chart="monthly-growth"] svg').getByText('New', { exact: true }).count()).toBe(1);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }
  });

  it('draw tick text in the theme colour, at 4.5:1 or more', async () => {
    // The muted text token of index.css: Tailwind's slate-600 on light, slate-400 on dark (7.6:1 and 7.0:1 on their backgrounds).
    for (const [theme, colour] of [
      ['light', 'oklch(0.446 0.043 257.281)'],
      ['dark', 'oklch(0.704 0.04 256.788)'],
    ] as const) {
      const { page } = await open('/analysis', DESKTOP, { theme });
      await chartsDrawn(page, 2);
      const fills = await page.evaluate(() => [...new Set([...document.querySelectorAll('.recharts-cartesian-axis-tick-labels text')].map((t) => getComputedStyle(t).fill))]);
      expect(fills).toEqual([colour]);
      await page.context().close();
    }
  });

  it('look right: /analysis and /trends on desktop and phone, light and dark', async () => {
    for (const path of ['/analysis', '/trends']) {
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        for (const theme of ['light', 'dark'] as const) {
          const { page, errors } = await open(path, viewport, { theme, history: true });
          await chartsDrawn(page, path === '/analysis' ? 3 : 5);
          await screenshot(page, `charts${path.replace('/', '-')}-${label}-${theme}`);
          expect(errors).toEqual([]);
          await page.context().close();
        }
      }
    }
  });
});
