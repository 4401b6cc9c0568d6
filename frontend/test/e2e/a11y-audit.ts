import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, isBlocking, runAxe, type AxeViolation } from './axe';
import { openPageIn, SCREENSHOT_DIR } from './browser';
import { ADMIN_PASSWORD, type ProductUnderTest } from './product-under-test';
import { closeScannedProduct, openScannedProduct } from './scanned-product';

/**
 * The WCAG 2.1 A/AA audit of every page state at desktop and phone sizes, one theme per call:
 * each theme's suite is its own test file, so the browser suites' two workers audit both
 * themes side by side.
 */

export type Theme = 'light' | 'dark';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface PageState {
  name: string;
  path: string;
  /** Brings the page into the state to check, once it has loaded. */
  enter?: (page: Page) => Promise<void>;
  /** A text that shows the state is rendered. */
  ready: string | RegExp;
}

const tab = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name }).first().click();
  await page.getByRole('tab', { name, selected: true }).first().waitFor();
};

async function logIn(page: Page): Promise<void> {
  await page.getByLabel(/Username/i).fill('admin');
  await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
  await page.getByRole('button', { name: /Pause|Resume Scan|Start Scan/i }).first().waitFor({ timeout: 15_000 });
}

/** Every route and tab of the spec, and the states a visitor or operator reaches. */
function pageStates(siteId: number): PageState[] {
  return [
    { name: 'overview', path: '/', ready: 'Highlights' },
    {
      name: 'overview-dialog',
      path: '/',
      ready: 'Highlights',
      enter: async (page) => {
        await page.getByRole('button', { name: /View Details/i }).first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
    { name: 'website', path: `/website/${siteId}`, ready: 'Back to Dashboard' },
    {
      name: 'website-history',
      path: `/website/${siteId}`,
      ready: 'Back to Dashboard',
      enter: async (page) => {
        await page.getByRole('list', { name: 'Scans, newest first' }).first().waitFor();
      },
    },
    { name: 'website-missing', path: '/website/999999', ready: 'Website not found' },
    { name: 'analysis-segments', path: '/analysis', ready: 'Industry Segments' },
    { name: 'analysis-market-forces', path: '/analysis', ready: 'Market Forces', enter: tab('Market Forces') },
    { name: 'analysis-barriers', path: '/analysis', ready: 'Adoption Barriers', enter: tab('Adoption Barriers') },
    { name: 'analysis-outlook', path: '/analysis', ready: 'Strategic Outlook', enter: tab('Strategic Outlook') },
    { name: 'analysis-security', path: '/analysis', ready: 'Security', enter: tab('Security') },
    { name: 'trends', path: '/trends', ready: 'Trends & Analytics' },
    { name: 'trends-security', path: '/trends', ready: 'Security', enter: tab('Security') },
    { name: 'access-endpoints', path: '/access?tab=endpoints', ready: 'Discovery Data' },
    { name: 'access-tools', path: '/access?tab=tools', ready: 'Discovery Data' },
    { name: 'access-resources', path: '/access?tab=resources', ready: 'Discovery Data' },
    { name: 'access-prompts', path: '/access?tab=prompts', ready: 'Discovery Data' },
    { name: 'access-mcp-endpoints', path: '/access', ready: 'MCP Endpoints', enter: tab('MCP Endpoints') },
    { name: 'access-usage', path: '/access', ready: 'Usage Examples', enter: tab('Usage Examples') },
    { name: 'access-guide', path: '/access', ready: 'Integration Guide', enter: tab('Integration Guide') },
    { name: 'access-security', path: '/access', ready: 'Security', enter: tab('Security') },
    { name: 'contribute', path: '/contribute', ready: '/llms.txt' },
    { name: 'subscribe', path: '/subscribe', ready: 'weekly' },
    { name: 'about', path: '/about', ready: 'Why Monitor' },
    {
      name: 'changes',
      path: '/changes',
      ready: 'Kind of change',
      enter: async (page) => {
        await page.getByRole('list', { name: 'Changes, newest first' }).waitFor();
      },
    },
    {
      name: 'data',
      path: '/data',
      ready: 'Open data',
      enter: async (page) => {
        await page.getByRole('table').first().waitFor();
      },
    },
    { name: 'ai-resources', path: '/ai-resources', ready: '/llms.txt' },
    // ready once the REST reference has rendered from /api/openapi.json, so axe checks it too
    { name: 'api-docs', path: '/api-docs', ready: 'Headline adoption metrics with weekly growth' },
    { name: 'admin-login', path: '/admin', ready: 'Password' },
    { name: 'admin', path: '/admin', ready: 'Password', enter: logIn },
    { name: 'not-found', path: '/no-such-page', ready: '404 Page Not Found' },
    { name: 'wall', path: '/wall', ready: 'Platforms Monitored' },
  ];
}

interface AuditRun {
  state: string;
  theme: string;
  size: string;
  violations: AxeViolation[];
}

/**
 * Audits every page state in `theme` at both sizes: one tab per size, going from state to state
 * like a visitor (a new context per audit made Chromium start a renderer and fetch and compile
 * the app 132 times: 4.4 s an audit against 2.5 s). `onState` sees each state's console errors.
 */
async function auditTheme(product: ProductUnderTest, browser: Browser, theme: Theme, onState: (run: AuditRun, errors: readonly string[]) => void): Promise<void> {
  const { websites } = (await (await fetch(`${product.url}/api/websites?hasMcp=true&limit=1`)).json()) as { websites: { id: number }[] };
  const siteId = websites[0]?.id ?? 1;
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    try {
      const { page, errors } = await openPageIn(context);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const state of pageStates(siteId)) {
        // each state from a new document, without the admin session of the state before it
        await context.clearCookies();
        errors.length = 0;
        await page.goto(`${product.url}${state.path}`);
        await page.getByText(state.ready, { exact: false }).first().waitFor({ timeout: 15_000 });
        if (state.enter) await state.enter(page);
        await page.waitForLoadState('networkidle');
        onState({ state: state.name, theme, size: size.name, violations: await runAxe(page) }, errors);
      }
    } finally {
      await context.close();
    }
  }
}

/** The findings of `runs`, blocking (serious, critical) or not, one line each. */
function findings(runs: readonly AuditRun[], blocking: boolean): string[] {
  return runs.flatMap((r) => r.violations.filter((v) => isBlocking(v) === blocking).map((v) => `${r.state}/${r.theme}/${r.size}: ${describeViolations([v]).join('')}`));
}

/** The theme's whole audit, for the record: every run's violations by impact (test-artifacts/a11y-report-<theme>.json). */
async function writeAuditReport(theme: Theme, runs: readonly AuditRun[]): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await writeFile(
    path.join(SCREENSHOT_DIR, '..', `a11y-report-${theme}.json`),
    JSON.stringify(runs.map((r) => ({ state: r.state, theme: r.theme, size: r.size, violations: describeViolations(r.violations) })), null, 2),
  );
}

/**
 * One theme's suite, registered in the calling test file: the product and Chromium around it,
 * the audit as one test, its report written afterwards. Returns what the file's other tests run
 * against, once the suite has started it.
 */
export function describeThemeAudit(theme: Theme): () => { product: ProductUnderTest; browser: Browser } {
  let product: ProductUnderTest | undefined;
  let browser: Browser | undefined;
  const runs: AuditRun[] = [];
  const started = () => {
    if (!product || !browser) throw new Error('the product under test did not start');
    return { product, browser };
  };

  beforeAll(async () => {
    ({ product, browser } = await openScannedProduct());
  }, 240_000);

  afterAll(async () => {
    await closeScannedProduct(product, browser);
    await writeAuditReport(theme, runs);
  }, 60_000);

  describe(`WCAG 2.1 A/AA with axe-core, ${theme} theme`, () => {
    it(`finds no critical or serious violation on any page state in the ${theme} theme, desktop and phone`, async () => {
      const { product: running, browser: chromium } = started();
      await auditTheme(running, chromium, theme, (run, errors) => {
        runs.push(run);
        expect(errors, `${run.state} ${run.theme} ${run.size}`).toEqual([]);
      });
      const moderate = findings(runs, false);
      if (moderate.length) console.log(`Moderate and minor findings (${moderate.length}):\n${moderate.join('\n')}`);
      expect(findings(runs, true)).toEqual([]);
    }, 600_000);
  });
  return started;
}
