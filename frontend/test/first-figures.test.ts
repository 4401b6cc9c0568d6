// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FIRST_FIGURES_ELEMENT_ID } from '@mcp-census/schemas/first-figures';
import { seedFirstFigures } from '../src/state/first-figures';
import { createQueryClient } from '../src/state/query-client';
import { metricsQuery } from '../src/state/query-options';

const METRICS = {
  totalWebsites: 812,
  mcpEnabled: 40,
  capabilityRate: 4.9,
  totalTools: 120,
  totalResources: 8,
  totalPrompts: 3,
  reachableNow: 800,
  unreachable: 12,
  weeklyGrowth: { websites: 0, adoption: 0, tools: 0 },
  weeklyGrowthBaseline: { websites: null, adoption: null, tools: null },
};

/** A document whose head holds the data block with `text`, as the server writes it. */
function page(text: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('MCP Census');
  if (text !== undefined) {
    const block = doc.createElement('script');
    block.id = FIRST_FIGURES_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = text;
    doc.head.append(block);
  }
  return doc;
}

describe('seedFirstFigures', () => {
  it('puts the page’s figures in the cache as the metrics answer, fresh, and removes the block', () => {
    const client = createQueryClient();
    const doc = page(JSON.stringify({ metrics: METRICS }));
    expect(seedFirstFigures(client, doc)).toBe(true);
    expect(client.getQueryData(metricsQuery.queryKey)).toEqual(METRICS);
    const state = client.getQueryState(metricsQuery.queryKey);
    expect(state?.status).toBe('success');
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(5_000);
    expect(doc.getElementById(FIRST_FIGURES_ELEMENT_ID)).toBeNull();
  });

  it('leaves the cache empty, so the app asks the API, for a missing, broken or off-contract block', () => {
    for (const text of [
      undefined,
      '',
      '{"metrics":',
      JSON.stringify({}),
      JSON.stringify({ metrics: { ...METRICS, totalWebsites: -1 } }),
      JSON.stringify({ metrics: { ...METRICS, mcpEnabled: '40' } }),
      JSON.stringify({ metrics: { ...METRICS, capabilityRate: 250 } }),
    ]) {
      const client = createQueryClient();
      expect(seedFirstFigures(client, page(text)), String(text)).toBe(false);
      expect(client.getQueryData(metricsQuery.queryKey), String(text)).toBeUndefined();
    }
  });
});
