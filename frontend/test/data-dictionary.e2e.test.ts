import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataIndexSchema } from '@mcp-census/schemas/api/open-data';
import { describeViolations, isBlocking, runAxe } from './e2e/axe';
import { openPage, screenshot } from './e2e/browser';
import type { ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

/**
 * The open data page in Chromium against the running product: reached from
 * the footer, it lists every dataset of GET /api/data with its columns, and
 * its CSV download link answers a file whose header is the dictionary's.
 */

let product: ProductUnderTest;
let browser: Browser;

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct(30));
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

describe('/data (open data dictionary)', () => {
  it('is linked from the footer and shows every dataset with its columns and downloads', async () => {
    const index = openDataIndexSchema.parse(await (await fetch(`${product.url}/api/data`)).json());
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Open Data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Open data' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/data');

    for (const dataset of index.datasets) {
      // The heading shows before the index has loaded; each dataset's section
      // shows once it has, so wait for it rather than read it at once.
      await page.getByRole('heading', { level: 2, name: new RegExp(dataset.title) }).waitFor({ state: 'visible' });
      const table = page.getByRole('table', { name: new RegExp(`Columns of the ${dataset.title} dataset`) });
      await table.waitFor({ state: 'visible' });
      const rowHeaders = await table.getByRole('rowheader').allTextContents();
      expect(rowHeaders).toEqual(dataset.columns.map((c) => c.name));
      for (const d of dataset.downloads) {
        await expect(page.getByRole('link', { name: new RegExp(`Download ${d.format === 'csv' ? 'CSV' : 'Parquet'} of ${dataset.title}$`) }).getAttribute('href')).resolves.toBe(d.url);
      }
    }
    expect(errors).toEqual([]);
    await screenshot(page, 'data-dictionary');
    await page.context().close();
  });

  it('downloads CSV whose header matches the dictionary', async () => {
    const index = openDataIndexSchema.parse(await (await fetch(`${product.url}/api/data`)).json());
    const sites = index.datasets.find((d) => d.name === 'sites');
    expect(sites).toBeDefined();
    const { page } = await openPage(browser);
    await page.goto(`${product.url}/data`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download CSV of Sites$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mcp-census-sites-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(sites!.columns.map((c) => c.name).join(','));
    // one line per monitored site (the simulated catalogue has no line breaks in names)
    const listed = (await (await fetch(`${product.url}/api/websites?limit=1`)).json()) as { pagination: { total: number } };
    expect(lines.length - 1).toBe(listed.pagination.total);
    await page.context().close();
  });

  it('passes axe (WCAG 2.1 AA) in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openPage(browser);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto(`${product.url}/data`);
      await page.getByRole('table').first().waitFor();
      const blocking = (await runAxe(page)).filter(isBlocking);
      expect(describeViolations(blocking), colorScheme).toEqual([]);
      await page.context().close();
    }
  });
});
