import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTheme, findings, writeAuditReport, type AuditRun } from './e2e/a11y-audit';
import type { ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

/** WCAG 2.1 A/AA in the dark theme (the light theme and reduced motion: a11y-light.e2e.test.ts). */

let product: ProductUnderTest;
let browser: Browser;
const runs: AuditRun[] = [];

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
  await writeAuditReport('dark', runs);
}, 60_000);

describe('WCAG 2.1 A/AA with axe-core, dark theme', () => {
  it('finds no critical or serious violation on any page state in the dark theme, desktop and phone', async () => {
    await auditTheme(product, browser, 'dark', (run, errors) => {
      runs.push(run);
      expect(errors, `${run.state} ${run.theme} ${run.size}`).toEqual([]);
    });
    const moderate = findings(runs, false);
    if (moderate.length) console.log(`Moderate and minor findings (${moderate.length}):\n${moderate.join('\n')}`);
    expect(findings(runs, true)).toEqual([]);
  }, 600_000);
});
