import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatusSchema, metricsResponseSchema } from '@mcp-census/schemas';
import { holdsFor, waitFor } from '../../test/support/wait-for';
import { launchBrowser, openPage, screenshot } from './e2e/browser';
import { ADMIN_PASSWORD, startProductUnderTest, type ProductUnderTest } from './e2e/product-under-test';

/**
 * Defects a visitor found in Chromium, desktop (1440×900) and phone (390×844):
 * a never-scanned site's page, the discovery failure message, the scheduled
 * deletion in the admin history, the focus ring after a mouse click, and the
 * phone layout (tab strips, wide tables, no page-level sideways scroll).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DISCOVERY_LOAD_FAILED = 'Failed to load MCP discovery data. Please try again later.';
const PENDING_SITE = { name: 'Never Scanned Co', host: 'never-scanned.example.com' };

let product: ProductUnderTest;
let browser: Browser;
let cookie = '';
let pendingId = 0;
let mcpSiteId = 0;

const getJson = async (path: string, headers: Record<string, string> = {}): Promise<unknown> => (await fetch(`${product.url}${path}`, { headers })).json();
const adminStatus = async () => adminStatusSchema.parse(await getJson('/api/admin/status', { cookie }));

async function logInByApi(): Promise<string> {
  const res = await fetch(`${product.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function logInByUi(page: Page): Promise<void> {
  await page.goto(`${product.url}/admin`);
  await page.getByLabel(/Username/i).fill('admin');
  await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
  await page.getByRole('heading', { name: 'Scan History' }).waitFor({ timeout: 15_000 });
}

/** A site the catalogue has and the scanner has not reached: added while scanning is paused. */
async function addNeverScannedSite(): Promise<number> {
  const client = new pg.Client({ connectionString: product.census.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO websites (name, url, host, category) VALUES ($1, $2, $3, 'Development') RETURNING id",
      [PENDING_SITE.name, `https://${PENDING_SITE.host}`, PENDING_SITE.host],
    );
    return Number(rows[0]?.id);
  } finally {
    await client.end();
  }
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** The text of the value under a summary card's title. */
const cardValue = (page: Page, title: string) => page.locator('p', { hasText: new RegExp(`^${title}$`) }).locator('xpath=following-sibling::p[1]').innerText();
/** The focused element's outline, as drawn. */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', drawn: s.outlineStyle !== 'none' && s.outlineWidth !== '0px' };
  });

beforeAll(async () => {
  product = await startProductUnderTest({ sites: 60 });
  browser = await launchBrowser();
  await waitFor(
    'a few MCP sites scanned',
    async () => metricsResponseSchema.parse(await getJson('/api/metrics')).mcpEnabled,
    (n) => n >= 3,
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  cookie = await logInByApi();
  await waitFor('a scan history report', async () => (await adminStatus()).scanHistory.length, (n) => n >= 1, { timeoutMs: 60_000, intervalMs: 500 });
  const paused = await fetch(`${product.url}/api/scan/pause`, { method: 'POST', headers: { cookie } });
  expect(paused.status).toBe(200);
  pendingId = await addNeverScannedSite();
  const { websites } = (await getJson('/api/websites?hasMcp=true&limit=1')) as { websites: { id: number }[] };
  mcpSiteId = websites[0]?.id ?? 0;
  expect(mcpSiteId).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 60_000);

describe('1. a never-scanned site', () => {
  it('reads Pending on its page, as in its dialog and the table, at 1440 and 390', async () => {
    expect(((await getJson(`/api/websites/${pendingId}`)) as { latestScan: unknown }).latestScan).toBeNull();
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${product.url}/website/${pendingId}`);
      await page.getByText('No Scan Data Available').waitFor();
      await page.getByText('This website has not been scanned yet.').waitFor();
      expect(await page.locator('header').getByText('Pending', { exact: true }).count()).toBeGreaterThan(0);
      expect(await cardValue(page, 'MCP Status')).toBe('Pending');
      for (const title of ['Tools Available', 'Resources', 'Prompts']) expect(await cardValue(page, title)).toBe('—');
      const text = await page.locator('main').innerText();
      for (const wrong of ['No MCP Support Detected', 'Disabled', 'No MCP', 'does not currently support']) expect(text, size).not.toContain(wrong);
      if (size === 'phone') await screenshot(page, 'defects-never-scanned');
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(product.url);
    await page.getByPlaceholder('Search websites…').fill(PENDING_SITE.name);
    const row = page.getByRole('row').filter({ hasText: PENDING_SITE.name });
    await row.getByText('Pending', { exact: true }).filter({ visible: true }).waitFor();
    await row.getByRole('button', { name: `View Details: ${PENDING_SITE.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No Scan Data Available').waitFor();
    expect(await dialog.innerText()).not.toContain('No MCP');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('2. discovery failure on /access', () => {
  it('says "Failed to load MCP discovery data…" once', async () => {
    const { page } = await openPage(browser, PHONE);
    let calls = 0;
    await page.route('**/api/mcp-discovery**', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"simulated failure"}' });
    });
    await page.goto(`${product.url}/access`);
    // Both discovery calls (the sub-tab counts and the list) fail after their 3 retries: 8 requests.
    await waitFor('every discovery request and retry', () => calls, (n) => n >= 8, { timeoutMs: 60_000, intervalMs: 200 });
    await page.getByText(DISCOVERY_LOAD_FAILED).first().waitFor();
    await holdsFor('one failure message', async () => (await page.getByText(DISCOVERY_LOAD_FAILED).count()) === 1, 1_500);
    await screenshot(page, 'defects-discovery-failure');
    await page.context().close();
  });
});

describe('3. admin scan history', () => {
  it('a report scheduled for deletion shows "Scheduled for deletion on …" and no Delete button, also after a reload', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    page.on('dialog', (d) => void d.accept());
    await logInByUi(page);
    const remove = page.getByRole('button', { name: /^Delete scan report #\d+$/ }).first();
    const id = Number((await remove.getAttribute('aria-label'))?.replace(/\D+/g, ''));
    expect(id).toBeGreaterThan(0);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
    await remove.click();
    await row.getByText(/^Scheduled for deletion on .+/).waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    // The server keeps the day with the report...
    const raw = (await getJson('/api/admin/status', { cookie })) as { scanHistory: { id: number; scheduledDeletion?: unknown }[] };
    const scheduled = raw.scanHistory.find((r) => r.id === id);
    expect(scheduled?.scheduledDeletion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // ...so a reload still shows it.
    await page.reload();
    await page.getByRole('heading', { name: 'Scan History' }).waitFor({ timeout: 15_000 });
    await row.getByText(/^Scheduled for deletion on .+/).waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'defects-admin-scheduled');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('5. focus ring', () => {
  it('shows for keyboard focus only, never after a mouse click', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${product.url}/analysis`);
    const tab = page.getByRole('tab', { name: 'Market Forces' });
    await tab.click();
    await page.getByRole('tab', { name: 'Market Forces', selected: true }).waitFor();
    expect(await focusOutline(page)).toEqual({ label: 'Market Forces', drawn: false });
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Adoption Barriers', selected: true }).waitFor();
    expect(await focusOutline(page)).toEqual({ label: 'Adoption Barriers', drawn: true });

    // A plain button: the copy button of an endpoint address.
    await page.goto(`${product.url}/access?tab=mcp-endpoints`);
    const copy = page.getByRole('button', { name: /^Copy address/ }).first();
    await copy.click();
    expect(await focusOutline(page)).toMatchObject({ drawn: false });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Cop/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Cop/);
    expect(await focusOutline(page)).toMatchObject({ drawn: true });

    await page.goto(`${product.url}/access`);
    await page.getByRole('tab', { name: /^Tools/ }).click();
    await page.getByRole('tab', { name: /^Tools/, selected: true }).waitFor();
    expect(await focusOutline(page)).toMatchObject({ drawn: false });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('6. phone layout (390×844)', () => {
  it('no page scrolls sideways', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.context().addCookies([{ name: cookie.split('=')[0] ?? '', value: cookie.slice(cookie.indexOf('=') + 1), url: product.url }]);
    const routes: [string, string, string][] = [
      ['overview', '/', 'Monitored Websites'],
      ['analysis', '/analysis', 'Enterprise Platforms'],
      ['access', '/access', 'Discovery Data'],
      ['access-tools', '/access?tab=tools', 'Discovery Data'],
      ['trends', '/trends', 'Trends & Analytics'],
      ['website', `/website/${mcpSiteId}`, 'Latest Scan Information'],
      ['website-pending', `/website/${pendingId}`, 'No Scan Data Available'],
      ['admin', '/admin', 'Scan History'],
      ['contribute', '/contribute', '/llms.txt'],
      ['about', '/about', 'Why Monitor'],
      ['changes', '/changes', 'Kind of change'],
      ['data', '/data', 'Column'],
    ];
    const wide: string[] = [];
    for (const [name, path, ready] of routes) {
      await page.goto(`${product.url}${path}`);
      await page.getByText(ready).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await screenshot(page, `defects-phone-${name}`);
      const width = await pageWidth(page);
      if (width > PHONE.width) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tab strips scroll sideways with a fade on the cut edge, the selected tab in view', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const strip = (label: string) => page.getByRole('tablist', { name: label }).locator('xpath=ancestor::*[@data-scroller][1]');
    const edges = (label: string) =>
      strip(label).evaluate((el) => {
        const fades = [...(el.parentElement?.querySelectorAll(':scope > [aria-hidden="true"]') ?? [])].map((f) => getComputedStyle(f).opacity);
        return { scrolls: el.scrollWidth > el.clientWidth, start: fades[0], end: fades[1] };
      });
    await page.goto(`${product.url}/access`);
    await page.getByRole('tab', { name: 'Discovery Data', selected: true }).waitFor();
    await waitFor('the end fade of the Access tabs', () => edges('Access sections'), (e) => e.end === '1', { timeoutMs: 5_000 });
    expect(await edges('Access sections')).toEqual({ scrolls: true, start: '0', end: '1' });

    const inView = async (name: string) => {
      const selected = page.getByRole('tab', { name, selected: true });
      await selected.waitFor();
      const [tab, box] = await Promise.all([selected.boundingBox(), strip('Access sections').boundingBox()]);
      return tab!.x >= box!.x - 0.5 && tab!.x + tab!.width <= box!.x + box!.width + 0.5;
    };
    // Selecting a tab the edge cuts (mouse or arrow key) scrolls it whole into view.
    await page.getByRole('tab', { name: 'Usage Examples' }).click();
    await waitFor('Usage Examples scrolled into view', () => inView('Usage Examples'), Boolean, { timeoutMs: 5_000 });
    await page.keyboard.press('ArrowRight');
    await waitFor('Integration Guide scrolled into view', () => inView('Integration Guide'), Boolean, { timeoutMs: 5_000 });
    // A link to the last tab opens with it in view; the fade is then on the start.
    await page.goto(`${product.url}/access?tab=security`);
    await waitFor('the start fade of the Access tabs', () => edges('Access sections'), (e) => e.start === '1', { timeoutMs: 5_000 });
    expect(await inView('Security')).toBe(true);
    await screenshot(page, 'defects-phone-access-tabs');

    for (const [path, label] of [['/analysis', 'Analysis sections'], ['/trends', 'Trend views']] as const) {
      await page.goto(`${product.url}${path}`);
      await page.getByRole('tablist', { name: label }).waitFor();
      const e = await edges(label);
      if (e.scrolls) await waitFor(`the end fade of ${label}`, () => edges(label), (x) => x.end === '1', { timeoutMs: 5_000 });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Discovery tools table scrolls inside its card with a fade on the cut edge', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${product.url}/access?tab=tools`);
    const scroller = page.getByRole('region', { name: 'Discovered tools' });
    await scroller.waitFor({ timeout: 15_000 });
    const state = () =>
      scroller.evaluate((el) => {
        const fades = [...(el.parentElement?.querySelectorAll(':scope > [aria-hidden="true"]') ?? [])].map((f) => getComputedStyle(f).opacity);
        return { scrolls: el.scrollWidth > el.clientWidth, start: fades[0], end: fades[1] };
      });
    await waitFor('the end fade of the tools table', state, (s) => s.end === '1', { timeoutMs: 5_000 });
    expect(await state()).toEqual({ scrolls: true, start: '0', end: '1' });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'defects-phone-tools-table');
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await waitFor('the fade to move to the start', state, (s) => s.start === '1' && s.end === '0', { timeoutMs: 5_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
