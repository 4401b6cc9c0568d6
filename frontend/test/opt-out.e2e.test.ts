import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './e2e/browser';
import { ADMIN_PASSWORD, startProductUnderTest, type ProductUnderTest } from './e2e/product-under-test';
import { waitFor } from '../../test/support/wait-for';

/**
 * A site owner's opt-out, end to end in Chromium: the form on /about, the
 * admin's approval in /admin, and the site's page showing only "Opted out"
 * while the public metrics stop counting it.
 */

const DOMAIN = 'optout-e2e.example.com';
let product: ProductUnderTest;
let browser: Browser;
let siteId = 0;

interface Metrics {
  totalWebsites: number;
  mcpEnabled: number;
  totalTools: number;
}
interface Detail {
  latestScan: { hasMcp: boolean; toolsCount: number } | null;
  optedOut?: boolean;
}

const getJson = async <T>(path: string): Promise<T> => (await (await fetch(`${product.url}${path}`)).json()) as T;

beforeAll(async () => {
  product = await startProductUnderTest({ sites: 30 });
  browser = await launchBrowser();
  // A site of our own whose MCP server (a simulated one) the scanner finds: registered like a visitor would.
  const servers = product.web.sites.filter((s) => s.endpoint && s.expected.hasMcp && !s.expected.authRequired && s.expected.toolCount > 0);
  const server = servers.find((s) => s.profile === 'legacy-streamable') ?? servers[0];
  expect(server).toBeDefined();
  const res = await fetch(`${product.url}/api/register-mcp-endpoint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ websiteName: 'Opt Out Corp', websiteUrl: `https://${DOMAIN}`, contactEmail: `owner@${DOMAIN}`, mcpEndpoint: server?.endpoint }),
  });
  expect(res.status).toBe(201);
  siteId = ((await res.json()) as { websiteId: number }).websiteId;
  await waitFor('the registered site to be scanned with MCP', () => getJson<Detail>(`/api/websites/${siteId}`), (d) => d.latestScan?.hasMcp === true && d.latestScan.toolsCount > 0, { timeoutMs: 150_000, intervalMs: 500 });
  // Every site scanned once: the figures hold still until the next interval, so before/after compare.
  await waitFor('every site to be scanned', () => getJson<{ totalWebsites: number; scannedToday: number; scanningActive: boolean }>('/api/scan-progress'), (p) => p.scannedToday >= p.totalWebsites && !p.scanningActive, { timeoutMs: 150_000, intervalMs: 500 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 60_000);

describe('opt-out of a site owner', () => {
  it('is requested on /about, approved in /admin, and the site then shows only "Opted out"', async () => {
    const before = await getJson<Metrics>('/api/metrics');
    const { page, errors } = await openPage(browser);

    // The About page explains the scanner and robots.txt, and takes the request.
    await page.goto(`${product.url}/about`);
    await page.getByText('MCPCensusBot/0.1 (+').first().waitFor();
    await page.getByText('User-agent: MCPCensusBot').first().waitFor();
    await page.getByLabel('Domain').fill(`https://www.${DOMAIN}/`);
    await page.getByLabel('Contact email').fill(`owner@${DOMAIN}`);
    await page.getByLabel('Note (optional)').fill('Please do not scan <b>us</b>.');
    await page.getByRole('button', { name: 'Request opt-out' }).click();
    await page.getByText(`Opt-out request received for ${DOMAIN}.`).waitFor({ timeout: 15_000 });
    await screenshot(page, 'opt-out-requested');

    // Nothing changes before the review.
    expect((await getJson<Detail>(`/api/websites/${siteId}`)).latestScan?.hasMcp).toBe(true);

    // The admin approves it.
    await page.goto(`${product.url}/admin`);
    await page.getByLabel(/Username/i).fill('admin');
    await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
    const approve = page.getByRole('button', { name: `Approve opt-out of ${DOMAIN}` });
    await approve.waitFor({ timeout: 20_000 });
    // The note is shown as text, never as markup.
    await page.getByText('Please do not scan <b>us</b>.').waitFor();
    await approve.click();
    await page.getByText(`Opt-out approved: ${DOMAIN} and its subdomains are no longer scanned (1 website opted out).`).waitFor({ timeout: 15_000 });
    await approve.waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(page, 'opt-out-approved');

    // The site's page shows only that it opted out.
    await page.goto(`${product.url}/website/${siteId}`);
    await page.getByRole('heading', { name: 'Opt Out Corp' }).waitFor();
    await page.getByText('Opted out', { exact: true }).first().waitFor();
    expect(await page.getByText('MCP Enabled').count()).toBe(0);
    expect(await page.getByText('Latest Scan Information').count()).toBe(0);
    expect(await page.getByText('Available Tools').count()).toBe(0);
    await screenshot(page, 'website-opted-out');

    // The list shows it as opted out too.
    await page.goto(product.url);
    await page.getByPlaceholder(/search/i).first().fill('Opt Out Corp');
    // the Status column (the copy folded into the Website cell is for phones)
    await page.locator('tr', { hasText: 'Opt Out Corp' }).locator('td').nth(1).getByText('Opted out').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();

    // And the figures no longer count it.
    const detail = await getJson<Detail>(`/api/websites/${siteId}`);
    expect(detail).toMatchObject({ optedOut: true, latestScan: null });
    const after = await waitFor('the metrics to leave the site out', () => getJson<Metrics>('/api/metrics'), (m) => m.totalWebsites === before.totalWebsites - 1, { timeoutMs: 15_000, intervalMs: 500 });
    expect(after.mcpEnabled).toBe(before.mcpEnabled - 1);
    expect(after.totalTools).toBeLessThan(before.totalTools);
  });
});
