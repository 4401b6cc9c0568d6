import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsResponseSchema, type MetricsResponse } from '@mcp-census/schemas';
import { FIRST_FIGURES_ELEMENT_ID } from '@mcp-census/schemas/first-figures';
import { launchBrowser, openPage, SCREENSHOT_DIR } from './e2e/browser';
import { startProductUnderTest, type ProductUnderTest } from './e2e/product-under-test';
import { waitFor } from '../../test/support/wait-for';
import { formatCount } from '../src/lib/format';

/**
 * The Overview's first screen in Chromium: the census (six Highlights and Live
 * Monitoring) without scrolling on a laptop, exact counts reachable by
 * keyboard, and no "+0.0%" beside a figure with nothing to compare with.
 */

const HIGHLIGHTS = ['Platforms Monitored', 'Endpoint Coverage', 'Capability Coverage', 'Tools Discovered', 'Resources Discovered', 'Prompts Discovered'];
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let product: ProductUnderTest;
let browser: Browser;

const readMetrics = async (): Promise<MetricsResponse> => metricsResponseSchema.parse(await (await fetch(`${product.url}/api/metrics`)).json());

beforeAll(async () => {
  product = await startProductUnderTest({ sites: 60 });
  browser = await launchBrowser();
  await waitFor('at least 3 MCP sites scanned', readMetrics, (m) => m.mcpEnabled >= 3, { timeoutMs: 60_000, intervalMs: 500 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 60_000);

const card = (page: Page, title: string): Locator => page.getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::article[1]');
const liveMonitoring = (page: Page): Locator => page.getByRole('heading', { name: 'Live Monitoring', exact: true }).locator('xpath=ancestor::section[1]');

/** The Overview with its figures in (not skeletons), the simulated-web banner above the header as in the demo. */
async function openOverview(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport);
  await opened.page.goto(`${product.url}/`);
  await opened.page.getByTestId('metric-platforms-monitored').waitFor();
  await liveMonitoring(opened.page).getByText('Last scan').waitFor();
  await opened.page.getByText('Simulated web').waitFor();
  return opened;
}

/** Only what the window shows, as a visitor first sees it. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });

describe('the Overview first screen', () => {
  it('shows the six Highlights and Live Monitoring on a 1440×900 window without scrolling', async () => {
    const { page, errors } = await openOverview(LAPTOP);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const box of [...HIGHLIGHTS.map((t) => card(page, t)), liveMonitoring(page)]) {
      const b = await box.boundingBox();
      expect(b).not.toBeNull();
      expect(b?.y).toBeGreaterThanOrEqual(0);
      expect((b?.y ?? 0) + (b?.height ?? 0)).toBeLessThanOrEqual(LAPTOP.height);
    }
    await expect(page.getByRole('link', { name: 'Wall display' }).getAttribute('href')).resolves.toBe('/wall');
    await page.waitForLoadState('networkidle');
    await viewportShot(page, 'first-screen-1440x900');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reaches a card’s exact count by keyboard focus', async () => {
    const { page, errors } = await openOverview(LAPTOP);
    const figure = page.getByTestId('metric-platforms-monitored');
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip.count()).resolves.toBe(0);
    // Tab from the top of the page, as a keyboard user would, until the figure has focus.
    await waitFor(
      'the Platforms figure focused by Tab',
      async () => {
        await page.keyboard.press('Tab');
        return figure.evaluate((el) => el === document.activeElement);
      },
      Boolean,
      { timeoutMs: 20_000, intervalMs: 0 },
    );
    await tooltip.waitFor({ state: 'visible' });
    const { totalWebsites } = await readMetrics();
    expect(await tooltip.textContent()).toBe(`${totalWebsites.toLocaleString('en-US')} platform${totalWebsites === 1 ? '' : 's'}`);
    expect(await figure.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    const b = await tooltip.boundingBox();
    expect((b?.y ?? 0) + (b?.height ?? 0)).toBeLessThanOrEqual(LAPTOP.height);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows no "+0.0%" beside a figure a fresh census has no baseline for', async () => {
    const metrics = await readMetrics();
    // the product started moments ago: nothing was known a week ago
    expect(metrics.weeklyGrowthBaseline).toEqual({ websites: null, adoption: null, tools: null });
    const { page, errors } = await openOverview(LAPTOP);
    for (const title of HIGHLIGHTS.filter((t) => t !== 'Capability Coverage')) {
      const trend = card(page, title).locator('[data-trend]');
      await expect(trend.textContent()).resolves.toBe('Not enough history yet');
    }
    const highlights = await page.getByRole('region', { name: 'Highlights' }).textContent();
    expect(highlights).not.toContain('+0.0%');
    expect(highlights).not.toContain('from last week');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the census figures from the page itself: no skeleton first, and no /api/metrics answer needed', async () => {
    const { page, errors } = await openPage(browser, LAPTOP);
    // every REST read of the figures fails: only the HTML can have brought them
    await page.route('**/api/metrics', (route) => route.abort());
    // whether the Highlights ever showed skeletons (aria-busy), seen from the document's first mutation on
    await page.addInitScript(() => {
      const seen = { busy: false };
      Object.assign(window, { highlightsSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('[aria-labelledby="highlights-title"] [aria-busy="true"]')) seen.busy = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const { totalWebsites } = await readMetrics();
    await page.goto(`${product.url}/`);
    await page.getByTestId('metric-platforms-monitored').waitFor();
    await expect(page.getByTestId('metric-platforms-monitored').textContent()).resolves.toBe(formatCount(totalWebsites));
    await expect(page.evaluate(() => (window as unknown as { highlightsSeen: { busy: boolean } }).highlightsSeen.busy)).resolves.toBe(false);
    // the data block was read once and taken out of the page
    await expect(page.locator(`#${FIRST_FIGURES_ELEMENT_ID}`).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lays the first screen out on a 390×844 phone', async () => {
    const { page, errors } = await openOverview(PHONE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.waitForLoadState('networkidle');
    await viewportShot(page, 'first-screen-390x844');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
