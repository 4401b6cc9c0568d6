// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoveryResponseSchema, type DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import { DiscoveryDataTab } from '../src/components/access/DiscoveryDataTab';
import { DISCOVERY_LOAD_FAILED, DISCOVERY_PAGE_SIZE } from '../src/components/access/DiscoveryListView';
import { DiscoveryPromptsTable } from '../src/components/access/DiscoveryPromptsTable';
import { formatNumber } from '../src/lib/format';
import { discoveryQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

beforeAll(stubPageEnvironment);
afterEach(cleanup);

/** A client of the test's own whose retries (3 for discovery) follow at once. */
const freshClient = () => new QueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } });

const source = { websiteName: 'Shop', websiteUrl: 'https://shop.example' };
function discovery(over: Partial<DiscoveryResponse> = {}): DiscoveryResponse {
  return discoveryResponseSchema.parse({
    endpoints: [{ ...source, endpoint: '/mcp', hasMcp: true, evidence: 'handshake' }],
    tools: [],
    resources: [],
    prompts: [],
    totals: { endpoints: 1_443, tools: 10_000, resources: 1, prompts: 999 },
    pagination: { page: 1, limit: 1 },
    ...over,
  });
}

describe('Discovery Data load failure', () => {
  it('says "Failed to load MCP discovery data…" once, after both the totals and the list have failed', async () => {
    const client = freshClient();
    render(<DiscoveryDataTab kind="endpoints" onKind={() => {}} />, { wrapper: withQueryClient(client) });
    await waitFor(() => {
      const discoveries = client.getQueryCache().findAll({ queryKey: ['mcp-discovery'] });
      expect(discoveries).toHaveLength(2);
      expect(discoveries.map((q) => q.state.status)).toEqual(['error', 'error']);
    });
    await screen.findByText(DISCOVERY_LOAD_FAILED);
    expect(screen.getAllByText(DISCOVERY_LOAD_FAILED)).toHaveLength(1);
  });
});

describe('Discovery Data figures', () => {
  it('counts the sub-tabs with grouped figures, never the card rule ("1.4k")', async () => {
    const client = freshClient();
    client.setQueryData(discoveryQuery({ page: 1, limit: 1 }).queryKey, discovery());
    client.setQueryData(discoveryQuery({ kind: 'endpoints', page: 1, limit: DISCOVERY_PAGE_SIZE }).queryKey, discovery());
    render(<DiscoveryDataTab kind="endpoints" onKind={() => {}} />, { wrapper: withQueryClient(client) });
    const tabs = within(screen.getByRole('tablist', { name: 'Discovery data' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      `Endpoints (${formatNumber(1_443)})`,
      `Tools (${formatNumber(10_000)})`,
      'Resources (1)',
      'Prompts (999)',
    ]);
    expect(screen.queryByText(/1\.4k|10\.0k/)).toBeNull();
    // the list's paging text groups too
    expect(await screen.findByText(`Showing 1 to 25 of ${formatNumber(1_443)} results`)).toBeTruthy();
  });

  it('reads "1 arg", never "1 args"', () => {
    const prompt = (id: string, args: unknown) => ({ id, name: `p${id}`, description: null, arguments: args, ...source });
    render(<DiscoveryPromptsTable prompts={[prompt('1', [{ name: 'a' }]), prompt('2', [{ name: 'a' }, { name: 'b' }]), prompt('3', [])]} />);
    const cells = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    expect(cells).toEqual(['1 arg', '2 args', 'No args']);
  });
});
