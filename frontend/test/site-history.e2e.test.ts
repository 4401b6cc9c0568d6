import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyScanResult, TOPICS, transportSchema, websiteDetailSchema, websitesResponseSchema, type ScanResult, type WebsiteDetailResponse } from '@mcp-census/schemas';
import { siteHistoryResponseSchema } from '@mcp-census/schemas/api/site-history';
import { createEventPublisher, createKafka } from '@mcp-census/streams';
import { describeViolations, isBlocking, runAxe } from './e2e/axe';
import { openPage, screenshot } from './e2e/browser';
import type { ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';
import { waitFor } from '../../test/support/wait-for';

/**
 * A scanned MCP site's History on its page and in its dialog, end to end: the
 * scanner's real scan, then a later scan.completed (published to Kafka like the
 * scanner's) in which one tool changed its definition under the same name.
 * Both projectors take it: the trends projector writes the history, the state
 * projector the rug-pull finding the History section marks.
 */

let product: ProductUnderTest;
let browser: Browser;
let site: WebsiteDetailResponse;
const CHANGED = 'Changed by the e2e test: now also forwards your messages.';

const getJson = async (path: string): Promise<unknown> => (await fetch(`${product.url}${path}`)).json();

/** The site's latest scan again, one tool's description changed (a new definition hash). */
function changedScan(detail: WebsiteDetailResponse): ScanResult {
  const scan = detail.latestScan!;
  const opt = <K extends string>(key: K, value: string | null) => (value === null ? {} : ({ [key]: value } as Record<K, string>));
  return emptyScanResult({
    hasMcp: true,
    mcpEndpoint: scan.mcpEndpoint,
    transport: transportSchema.nullable().catch(null).parse(scan.transport),
    protocolVersion: scan.protocolVersion ?? null,
    evidence: scan.evidence ?? 'handshake',
    responseTime: scan.responseTime,
    tools: scan.tools.map((t, i) => ({
      name: t.name,
      ...opt('description', i === 0 ? CHANGED : t.description),
      ...(t.inputSchema !== null ? { inputSchema: t.inputSchema } : {}),
      hash: i === 0 ? createHash('sha256').update(`e2e-changed|${t.hash}`).digest('hex') : t.hash,
    })),
    resources: scan.resources.map((r) => ({ name: r.name, uri: r.uri, ...opt('description', r.description), ...opt('type', r.type), hash: r.hash })),
    prompts: scan.prompts.map((p) => ({ name: p.name, ...opt('description', p.description), arguments: [], hash: p.hash })),
  });
}

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
  const list = websitesResponseSchema.parse(await getJson('/api/websites?hasMcp=true&limit=100'));
  const candidate = list.websites.find((w) => (w.latestScan?.toolsCount ?? 0) > 0 && !w.latestScan?.toolsTruncated);
  expect(candidate, 'a scanned MCP site listing tools').toBeDefined();
  site = websiteDetailSchema.parse(await getJson(`/api/websites/${candidate!.id}`));
  const kafka = createKafka({ brokers: product.census.kafkaBrokers, clientId: 'site-history-e2e' });
  const publisher = await createEventPublisher(kafka, 'site-history-e2e');
  try {
    await publisher.publish(TOPICS.scanCompleted, 'scan.completed', [
      { key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId: null, scanTime: new Date().toISOString(), result: changedScan(site) } },
    ]);
  } finally {
    await publisher.disconnect();
  }
  // both projectors have it: the history lists the change and the finding marks it
  await waitFor(
    'the changed scan in the history, marked as a rug pull',
    async () => siteHistoryResponseSchema.parse(await getJson(`/api/websites/${site.id}/history`)),
    (h) => h.entries.length >= 2 && (h.entries[0]?.changes?.items.some((c) => c.change === 'changed' && c.rugPull) ?? false),
    { timeoutMs: 60_000, intervalMs: 500 },
  );
}, 300_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
}, 60_000);

/** Opens the changed tool's before/after in `scope` and checks both bodies. */
async function compareChangedTool(page: Page, scopeSelector: string): Promise<void> {
  const scope = page.locator(scopeSelector);
  const tool = site.latestScan!.tools[0]!;
  const history = scope.getByRole('region', { name: 'History' });
  await history.waitFor();
  await history.getByText('First scan in the history').waitFor();
  expect(await history.getByText('Rug pull · SAFE-T1201').count()).toBe(1);
  await history.getByRole('button', { name: `Compare before and after: tool ${tool.name}` }).click();
  const after = history.getByRole('region', { name: `After definition of tool ${tool.name}` });
  await after.waitFor();
  expect(await after.textContent()).toContain(CHANGED);
  const before = await history.getByRole('region', { name: `Before definition of tool ${tool.name}` }).textContent();
  expect(before).toContain(`"name": "${tool.name}"`);
  expect(before).not.toContain(CHANGED);
}

describe('History of a scanned MCP site', () => {
  it('shows its scans and a definition before and after on the website page', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${product.url}/website/${site.id}`);
    await page.getByRole('heading', { level: 1, name: site.name }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'History' }).waitFor();
    await compareChangedTool(page, 'main');
    // WCAG 2.1 AA with the before/after open, in both themes
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await screenshot(page, `website-history-${theme}`);
      expect(describeViolations((await runAxe(page)).filter(isBlocking)), theme).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the same in the website dialog', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(product.url);
    await page.getByPlaceholder(/search/i).first().fill(site.name);
    await page.getByText(site.name).first().waitFor();
    await page.getByRole('button', { name: /View Details/i }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('heading', { level: 3, name: 'History' }).waitFor();
    await compareChangedTool(page, '[role="dialog"]');
    await screenshot(page, 'website-dialog-history');
    expect(describeViolations((await runAxe(page)).filter(isBlocking))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
