import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '@rowanmanning/feed-parser';
import { changesResponseSchema } from '@mcp-census/schemas';
import { describeViolations, isBlocking, runAxe } from './e2e/axe';
import { openPage, screenshot } from './e2e/browser';
import type { ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';
import { waitFor } from '../../test/support/wait-for';

/** /changes in Chromium over the whole product scanning a simulated web. */
let product: ProductUnderTest;
let browser: Browser;

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
  // the first scans' adoptions are in the feed
  await waitFor(
    'adoptions in the changes feed',
    async () => changesResponseSchema.parse(await (await fetch(`${product.url}/api/changes?kind=adopted`)).json()).changes.length,
    (n) => n >= 3,
    { timeoutMs: 60_000, intervalMs: 500 },
  );
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

describe('the changes page', () => {
  it('is linked from the navigation, shows adoptions, filters by kind and leads to a site', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Changes', exact: true }).click();
    await page.waitForURL(`${product.url}/changes`);
    await page.getByRole('heading', { level: 1, name: 'Changes' }).waitFor();
    const entries = page.getByTestId('change-entry');
    await page.locator('[data-testid="change-entry"][data-kind="adopted"]').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).toBe('/feeds/changes.atom');

    await page.getByLabel('Kind of change').selectOption('adopted');
    await waitFor('only adoptions listed', async () => {
      const kinds = await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
      return kinds.length > 0 && kinds.every((k) => k === 'adopted');
    });
    expect(await page.getByRole('link', { name: 'Atom feed of these changes' }).getAttribute('href')).toBe('/feeds/changes.atom?kind=adopted');
    await screenshot(page, 'changes-desktop-light');

    const site = entries.first().getByRole('link').first();
    const name = (await site.textContent()) ?? '';
    const href = (await site.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/website\/\d+$/);
    await site.click();
    await page.waitForURL(`${product.url}${href}`);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility violation in light or dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(browser);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto(`${product.url}/changes`);
      await page.getByTestId('change-entry').first().waitFor({ timeout: 15_000 });
      const blocking = (await runAxe(page)).filter(isBlocking);
      expect(describeViolations(blocking), theme).toEqual([]);
      if (theme === 'dark') await screenshot(page, 'changes-desktop-dark');
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('serves the same changes as an Atom feed a reader can parse', async () => {
    const res = await fetch(`${product.url}/feeds/changes.atom?kind=adopted`);
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const feed = parseFeed(await res.text());
    expect(feed.items.length).toBeGreaterThanOrEqual(3);
    for (const item of feed.items) expect(item.url).toMatch(/\/website\/\d+$/);
  });
});
