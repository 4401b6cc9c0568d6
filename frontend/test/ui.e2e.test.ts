import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './e2e/browser';
import { ADMIN_PASSWORD, type ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

let product: ProductUnderTest;
let browser: Browser;

async function adminCookie(): Promise<string> {
  const res = await fetch(`${product.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

const ROUTES: [string, string[]][] = [
  ['/', ['Highlights', 'Platforms Monitored', 'Live Monitoring', 'Get regular MCP adoption reports']],
  ['/analysis', ['Industry Segments', 'Market Forces', 'Adoption Barriers', 'Strategic Outlook', 'Enterprise Platforms']],
  ['/trends', ['Trends & Analytics']],
  ['/access', ['Discovery Data', 'MCP Endpoints', 'Usage Examples', 'Integration Guide']],
  ['/contribute', ['/.well-known/mcp.json', '/llms.txt']],
  ['/subscribe', ['daily', 'weekly', 'monthly']],
  ['/about', ['Why Monitor', 'What It Enables', 'Our Mission']],
  ['/changes', ['Changes', 'Kind of change', 'Category']],
  ['/data', ['Open data', 'Column']],
  ['/ai-resources', ['/llms.txt', '/mcp']],
  ['/api-docs', ['Overview', 'Resources', 'Tools', 'Examples']],
  ['/admin', ['Password']],
  ['/no-such-page', ['404 Page Not Found', 'Did you forget to add the page to the router?']],
  ['/wall', ['Platforms Monitored', 'Exit wall']],
];

/** The sizes every route is looked at: a laptop, a phone, and the 1080p screen on a wall. */
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'wall', width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;

const shotName = (route: string) => (route === '/' ? 'overview' : route.slice(1).replaceAll('/', '-'));

describe('every route', () => {
  for (const [route, texts] of ROUTES) {
    it(`renders ${route} without page errors, at every size in light and dark`, async () => {
      const { page, errors } = await openPage(browser);
      await page.goto(`${product.url}${route}`);
      for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      for (const theme of THEMES) {
        // With no stored choice the app follows the system setting, as a first-time visitor's browser would.
        await page.emulateMedia({ colorScheme: theme });
        // The wall is dark whatever the system says; every other page follows the system setting.
        if (route !== '/wall') await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await screenshot(page, `${shotName(route)}-${size.name}-${theme}`);
        }
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('renders a website page and the not-found state', async () => {
    const { websites } = (await (await fetch(`${product.url}/api/websites?hasMcp=true&limit=1`)).json()) as { websites: { id: number; name: string }[] };
    const site = websites[0];
    expect(site).toBeDefined();
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/website/${site?.id}`);
    await page.getByText(site?.name ?? '').first().waitFor();
    await page.getByText('MCP Enabled').first().waitFor();
    await page.getByText('Back to Dashboard').first().waitFor();
    await screenshot(page, 'website-detail');
    await page.goto(`${product.url}/website/999999`);
    await page.getByText('Website not found').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the exported report', () => {
  it('renders as a report on screen and on A4 paper, with its charts and summary', async () => {
    const res = await fetch(`${product.url}/api/export/pdf`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const { page, errors } = await openPage(browser, { width: 1000, height: 1400 });
    await page.setContent(html, { waitUntil: 'load' });
    expect(await page.locator('svg').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('time[datetime]').count()).toBeGreaterThan(0);
    // Numbers are grouped and no growth is claimed from nothing.
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/\+0\.0%/);
    await screenshot(page, 'export-report-screen');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'export-report-print');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('interactions', () => {
  it('filters the website list and opens the detail dialog', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(product.url);
    const target = product.web.sites[5]?.name ?? '';
    await page.getByPlaceholder(/search/i).first().fill(target);
    await page.getByText(target).first().waitFor();
    await page.getByRole('button', { name: /View Details/i }).first().click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'website-dialog');
    expect(await page.getByRole('dialog').getByText(target).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the Tools sub-tab of Discovery Data from ?tab=tools', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/access?tab=tools`);
    await page.getByRole('tab', { name: /Tools/ , selected: true }).first().waitFor();
    await screenshot(page, 'access-tools');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('verifies and registers an endpoint, then suggests a method', async () => {
    const mcpSite = product.web.sites.find((s) => s.endpoint && s.profile !== 'auth-wall' && s.expected.toolCount > 0);
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/contribute`);
    await page.getByRole('button', { name: /Register/i }).first().isDisabled();
    await page.getByLabel(/Website Name/i).fill('E2E Registered');
    await page.getByLabel(/Website URL/i).fill('https://e2e-registered.example.com');
    await page.getByLabel(/Contact Email/i).first().fill('ops@e2e-registered.example.com');
    await page.getByLabel(/MCP Endpoint/i).fill(mcpSite?.endpoint ?? '');
    await page.getByRole('button', { name: /Verify/i }).click();
    await page.getByText('Endpoint verified').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /Register/i }).first().click();
    await page.getByText('Registration successful').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'contribute-registered');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('subscribes with validation and shows the success screen', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/subscribe`);
    await page.getByLabel(/email/i).first().fill('not-an-address');
    await page.getByRole('button', { name: /Subscribe/i }).last().click();
    await page.getByText('Invalid email').first().waitFor();
    await page.getByLabel(/email/i).first().fill('reader@example.com');
    await page.getByRole('button', { name: /Subscribe/i }).last().click();
    await page.getByText('Successfully subscribed!').first().waitFor();
    await screenshot(page, 'subscribed');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs in to /admin (server-checked), pauses and resumes scanning', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/admin`);
    await page.getByLabel(/Username/i).fill('admin');
    await page.getByLabel(/Password/i).fill('wrong password!!');
    await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
    await page.getByText('Invalid credentials').first().waitFor();
    await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
    await page.getByRole('button', { name: /Pause/i }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /Pause/i }).click();
    await page.getByRole('button', { name: /Resume Scan|Start Scan/i }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-paused');
    await page.getByRole('button', { name: /Resume Scan|Start Scan/i }).click();
    await page.getByRole('button', { name: /Pause/i }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('updates a metric card live when a scan lands', async () => {
    const cookie = await adminCookie();
    await fetch(`${product.url}/api/scan/pause`, { method: 'POST', headers: { cookie } });
    const { page, errors } = await openPage(browser);
    await page.goto(product.url);
    const card = page.locator('section, article, div').filter({ hasText: /^Platforms Monitored/ }).first();
    await card.waitFor();
    const before = (await page.getByTestId('metric-platforms-monitored').textContent()) ?? '';
    // a registration adds a site; the next scan of it is pushed over /live
    const site = product.web.sites.find((s) => s.endpoint && s.expected.toolCount > 0);
    const reg = await fetch(`${product.url}/api/register-mcp-endpoint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ websiteName: 'Live Co', websiteUrl: 'https://live-co.example.com', contactEmail: 'a@live-co.example.com', mcpEndpoint: site?.endpoint }),
    });
    expect(reg.status).toBe(201);
    await fetch(`${product.url}/api/scan/resume`, { method: 'POST', headers: { cookie } });
    await page.waitForFunction((b) => document.querySelector('[data-testid="metric-platforms-monitored"]')?.textContent !== b, before, { timeout: 60_000 });
    await screenshot(page, 'overview-live');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
