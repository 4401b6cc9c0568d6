import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './e2e/browser';
import { type ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';
import { waitFor } from '../../test/support/wait-for';
import { LONG_CATEGORY, longName, wallStressFixtures } from './e2e/wall-fixtures';

let product: ProductUnderTest;
let browser: Browser;

const HIGHLIGHTS = ['Platforms Monitored', 'Endpoint Coverage', 'Capability Coverage', 'Tools Discovered', 'Resources Discovered', 'Prompts Discovered'];

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

/** What the wall looks like in the browser: scrolling, overflow inside its panels, site chrome, figure sizes. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const wall = document.querySelector<HTMLElement>('[data-testid="wall"]');
    const overflowing = [...document.querySelectorAll<HTMLElement>('[data-testid="wall"] section, [data-testid="wall"] article')]
      .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.getAttribute('aria-label') ?? el.querySelector('h2')?.textContent ?? el.tagName}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    const figures = [...document.querySelectorAll<HTMLElement>('[data-wall-figure]')].map((el) => parseFloat(getComputedStyle(el).fontSize));
    return {
      scrollHeight: root.scrollHeight,
      scrollWidth: root.scrollWidth,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
      wallFits: wall ? wall.scrollHeight <= wall.clientHeight && wall.scrollWidth <= wall.clientWidth : false,
      overflowing,
      chrome: document.querySelectorAll('header, nav, footer, [role="banner"], [role="navigation"], [role="contentinfo"]').length,
      figures,
    };
  });
}

describe('wall mode', () => {
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    it(`fills a ${width}×${height} screen without scrolling or site chrome`, async () => {
      const { page, errors } = await openPage(browser, { width, height });
      await page.goto(`${product.url}/wall`);
      for (const title of HIGHLIGHTS) await page.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 15_000 });
      // the trend chart has drawn its area, or (a census younger than two days) says there is not enough history yet
      await page
        .locator('[data-testid="wall-trend-chart"] .recharts-area')
        .first()
        .or(page.locator('section[aria-labelledby="wall-trend-title"]').getByText('Not enough history yet', { exact: true }))
        .waitFor({ timeout: 15_000 });
      await page.getByText(/Scanning Active|Standby|Scanner offline/).first().waitFor();
      await page.getByText('Newest MCP adoptions').waitFor();
      await page.getByText('Simulated web', { exact: true }).waitFor();
      await page.getByText(/^Updated \d+s ago$/).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');

      const m = await measure(page);
      expect(m.scrollHeight).toBeLessThanOrEqual(m.innerHeight);
      expect(m.scrollWidth).toBeLessThanOrEqual(m.innerWidth);
      expect(m.wallFits).toBe(true);
      expect(m.overflowing).toEqual([]);
      expect(m.chrome).toBe(0);
      for (const title of HIGHLIGHTS) expect(await page.getByRole('heading', { name: title, exact: true }).isVisible(), title).toBe(true);
      // six highlight values, two scan figures and the current adoption rate
      expect(m.figures.length).toBeGreaterThanOrEqual(9);
      // readable from across the room; 4K scales with the screen
      const smallest = Math.min(...m.figures);
      expect(smallest).toBeGreaterThanOrEqual(width === 1920 ? 48 : 96);

      await screenshot(page, `wall-${width}x${height}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('still fits with the longest figures, names and categories, and warns plainly without the live socket', async () => {
    const { page, errors } = await openPage(browser, { width: 1920, height: 1080 });
    const fixtures = wallStressFixtures();
    await page.route('**/api/**', async (route) => {
      const fixture = fixtures[new URL(route.request().url()).pathname];
      if (fixture === undefined) await route.continue();
      else await route.fulfill({ json: fixture });
    });
    // no live socket: the wall must say its data may be stale
    await page.route('**/socket.io/**', (route) => route.abort());
    await page.goto(`${product.url}/wall`);
    await page.getByText('1234.6k').waitFor();
    await page.getByText(longName(7)).waitFor();
    await page.getByText(`${LONG_CATEGORY} 7`).waitFor();
    await page.locator('[data-testid="wall-trend-chart"] .recharts-area').first().waitFor();
    await page.getByText(/^Reconnecting… data may be stale \(last update \d+s ago\)$/).waitFor({ timeout: 20_000 });

    const m = await measure(page);
    expect(m.scrollHeight).toBeLessThanOrEqual(m.innerHeight);
    expect(m.scrollWidth).toBeLessThanOrEqual(m.innerWidth);
    expect(m.wallFits).toBe(true);
    expect(m.overflowing).toEqual([]);
    expect(Math.min(...m.figures)).toBeGreaterThanOrEqual(48);
    // the y axis follows the data (10.2–11.4%), not 0–100
    // recharts 3 draws tick labels in a layer of their own, after the area: wait for them rather than read them once
    const ticks = await waitFor(
      'the y axis ticks',
      () => page.locator('[data-testid="wall-trend-chart"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents(),
      (t) => t.length > 0,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(ticks).toEqual(['9.5%', '10%', '10.5%', '11%', '11.5%', '12%']);
    await screenshot(page, 'wall-1920x1080-stale-long-content');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has a keyboard-reachable way back to the Overview', async () => {
    const { page, errors } = await openPage(browser, { width: 1920, height: 1080 });
    await page.goto(`${product.url}/wall`);
    await page.getByRole('heading', { name: 'Platforms Monitored' }).waitFor();
    const exit = page.getByRole('link', { name: 'Exit wall' });
    await page.keyboard.press('Tab');
    expect(await exit.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Live Monitoring').waitFor();
    // back inside the site layout
    await page.getByRole('banner').first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
