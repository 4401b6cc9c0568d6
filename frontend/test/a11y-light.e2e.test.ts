import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTheme, findings, writeAuditReport, type AuditRun } from './e2e/a11y-audit';
import { openPageIn } from './e2e/browser';
import type { ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

/** WCAG 2.1 A/AA in the light theme (the dark theme: a11y-dark.e2e.test.ts), and reduced motion. */

let product: ProductUnderTest;
let browser: Browser;
const runs: AuditRun[] = [];

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
  await writeAuditReport('light', runs);
}, 60_000);

describe('WCAG 2.1 A/AA with axe-core, light theme', () => {
  it('finds no critical or serious violation on any page state in the light theme, desktop and phone', async () => {
    await auditTheme(product, browser, 'light', (run, errors) => {
      runs.push(run);
      expect(errors, `${run.state} ${run.theme} ${run.size}`).toEqual([]);
    });
    const moderate = findings(runs, false);
    if (moderate.length) console.log(`Moderate and minor findings (${moderate.length}):\n${moderate.join('\n')}`);
    expect(findings(runs, true)).toEqual([]);
  }, 600_000);

  it('ends every transition and animation at once for a visitor who asks for reduced motion (WCAG 2.3.3)', async () => {
    const context = await browser.newContext();
    try {
      const { page, errors } = await openPageIn(context);
      /** The longest transition or animation of any element on the page, in seconds. */
      const longestMotion = () =>
        page.evaluate(() => {
          const seconds = (v: string) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v));
          let longest = 0;
          for (const el of document.querySelectorAll('*')) {
            const style = getComputedStyle(el);
            for (const v of [...style.transitionDuration.split(','), ...style.animationDuration.split(',')]) longest = Math.max(longest, seconds(v) || 0);
          }
          return longest;
        });
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(`${product.url}/`);
      await page.getByText('Highlights').first().waitFor();
      await page.waitForLoadState('networkidle');
      // the page has motion to take away: buttons fade their colours
      expect(await longestMotion()).toBeGreaterThanOrEqual(0.1);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await longestMotion()).toBeLessThanOrEqual(0.001);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });});
