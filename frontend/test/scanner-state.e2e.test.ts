import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_PAUSED_MESSAGE, scanProgressResponseSchema } from '@mcp-census/schemas/api/scan';
import path from 'node:path';
import { launchBrowser, openPage, screenshot, SCREENSHOT_DIR } from './e2e/browser';
import { ADMIN_PASSWORD, startProductUnderTest, type ProductUnderTest } from './e2e/product-under-test';
import { waitFor } from '../../test/support/wait-for';

/**
 * The scanner state, end to end in Chromium: an operator's Pause reaches an
 * open Overview over the live socket within seconds (no reload, no 30 s poll),
 * Refresh Data is refused while paused, and Resume shows again. The product
 * starts with scanning on: it scans the simulated web once, then waits.
 */

let product: ProductUnderTest;
let browser: Browser;

async function adminCookie(): Promise<string> {
  const res = await fetch(`${product.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const control = async (action: 'pause' | 'resume') => {
  const res = await fetch(`${product.url}/api/scan/${action}`, { method: 'POST', headers: { cookie: await adminCookie() } });
  expect(res.status).toBe(200);
};

const progress = async () => scanProgressResponseSchema.parse(await (await fetch(`${product.url}/api/scan-progress`)).json());

beforeAll(async () => {
  product = await startProductUnderTest({ sites: 30 });
  browser = await launchBrowser();
  // The first scan of every site done: the scheduler then holds its lock and waits ("Running").
  await waitFor('the first scans to finish', progress, (p) => p.scannedToday >= p.totalWebsites && p.scanState === 'running', { timeoutMs: 150_000, intervalMs: 500 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 60_000);

describe('the scanner state on the Overview', () => {
  it('shows Paused within 5 s of a Pause without a reload, refuses Refresh Data with the reason, and follows Resume', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(product.url);
    const status = page.locator('[data-scan-state]').first();
    await page.locator('[data-scan-state="running"]').waitFor({ timeout: 15_000 });
    expect(await status.textContent()).toBe('Standby · Running');
    // Wait for the live socket, so the change below can only arrive through it.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/socket.io/')), undefined, { timeout: 15_000 });
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const pausedAt = Date.now();
    await control('pause');
    await page.locator('[data-scan-state="paused"]').waitFor({ timeout: 5_000 });
    expect(Date.now() - pausedAt).toBeLessThan(5_000);
    expect(await status.textContent()).toBe('Standby · Paused');

    // Refresh Data says why it is unavailable, in the words the server refuses it with.
    const refresh = page.getByRole('button', { name: 'Refresh Data' });
    expect(await refresh.getAttribute('aria-disabled')).toBe('true');
    const explanation = await refresh.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(explanation).toBe(SCAN_PAUSED_MESSAGE);
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ batchSize: 50 }) });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(refused).toEqual({ status: 409, body: { error: SCAN_PAUSED_MESSAGE } });
    await screenshot(page, 'scanner-state-paused');

    const resumedAt = Date.now();
    await control('resume');
    await page.locator('[data-scan-state="running"], [data-scan-state="scanning"]').first().waitFor({ timeout: 5_000 });
    expect(Date.now() - resumedAt).toBeLessThan(5_000);
    expect(await refresh.getAttribute('aria-disabled')).toBeNull();
    await refresh.click();
    await page.getByText('Scan initiated').waitFor({ timeout: 10_000 });

    expect(navigations).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the actions on a phone', () => {
  it('form a bottom bar that covers no View Details button and leaves the page end clear', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(product.url);
    await page.getByRole('button', { name: /View Details/ }).first().waitFor({ timeout: 15_000 });
    const exportBox = await page.getByRole('button', { name: 'Export Report' }).boundingBox();
    const refreshBox = await page.getByRole('button', { name: 'Refresh Data' }).boundingBox();
    expect(exportBox && refreshBox).toBeTruthy();
    if (!exportBox || !refreshBox) return;
    // Side by side, along the bottom edge, and low: one row of labelled buttons.
    expect(Math.abs(exportBox.y - refreshBox.y)).toBeLessThan(1);
    expect(refreshBox.y + refreshBox.height).toBeGreaterThan(844 - 24);
    expect(refreshBox.y).toBeGreaterThan(844 - 80);

    /** Every View Details button and footer link the action buttons overlap where the page is now. */
    const covered = () =>
      page.evaluate(() => {
        const actions = [...document.querySelectorAll('button[aria-label="Export Report"], button[aria-label="Refresh Data"]')].map((b) => b.getBoundingClientRect());
        const targets = [...document.querySelectorAll('button, a')].filter((el) => /View Details/.test(el.textContent ?? '') || el.closest('footer'));
        const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return targets.filter((t) => actions.some((a) => overlaps(a, t.getBoundingClientRect()))).map((t) => t.textContent?.trim());
      });
    // Scrolled so a View Details button sits just above the bar, then to the very end of the page.
    await page.evaluate((barTop) => {
      const buttons = [...document.querySelectorAll('button')].filter((b) => /View Details/.test(b.textContent ?? ''));
      const last = buttons.at(-1);
      if (last) window.scrollBy(0, last.getBoundingClientRect().bottom - barTop + 2);
    }, Math.min(exportBox.y, refreshBox.y) - 8);
    expect(await covered()).toEqual([]);
    // What the visitor sees (a full-page shot would draw the fixed bar at the page top).
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-state-phone-table.png') });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await covered()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the scanner state in /admin', () => {
  it("shows the spec's Active/Idle next to the scanner state, and Paused right after Pause", async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(`${product.url}/admin`);
    await page.getByLabel(/Username/i).fill('admin');
    await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
    const card = page.locator('section').filter({ hasText: 'Scan Progress' }).first();
    await card.locator('[data-scan-state]').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause Scan' }).click();
    await card.locator('[data-scan-state="paused"]').waitFor({ timeout: 5_000 });
    expect(await card.getByText(/^(Active|Idle)$/).count()).toBe(1);
    await card.getByText(/no Refresh Data until you resume/).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-state-admin.png') });
    await page.getByRole('button', { name: /Resume Scan|Start Scan/ }).click();
    await card.locator('[data-scan-state="running"], [data-scan-state="scanning"]').first().waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
