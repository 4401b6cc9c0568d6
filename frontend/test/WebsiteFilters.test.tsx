// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@mcp-census/schemas/categories';
import { industryAnalyticsSchema } from '@mcp-census/schemas/api/websites';
import { WebsiteFilters, type WebsiteFiltersProps } from '../src/components/websites/WebsiteFilters';
import { industryAnalyticsQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

beforeAll(stubPageEnvironment);
afterEach(cleanup);

const analytics = industryAnalyticsSchema.parse({
  categories: [
    { category: 'Development', totalPlatforms: 40, mcpAdoption: 6, adoptionRate: 15 },
    { category: 'AI', totalPlatforms: 2, mcpAdoption: 1, adoptionRate: 50 },
    { category: 'FinTech', totalPlatforms: 0, mcpAdoption: 0, adoptionRate: 0 },
    { category: 'Uncategorized', totalPlatforms: 5, mcpAdoption: 0, adoptionRate: 0 },
  ],
  totalPlatforms: 47,
  mcpEnabled: 7,
  adoptionRate: 14.9,
});

const noop = () => {};
function renderFilters(categories: WebsiteFiltersProps['categories'], client: QueryClient, category = '') {
  render(
    <WebsiteFilters idPrefix="t" search="" onSearch={noop} category={category} onCategory={noop} categories={categories} allCategoriesLabel="All categories" mcp="all" onMcp={noop} />,
    { wrapper: withQueryClient(client) },
  );
  return () => within(screen.getByLabelText('Category')).getAllByRole('option').map((o) => o.textContent);
}

describe('WebsiteFilters categories', () => {
  it('"monitored" lists "all" and only the categories that have monitored sites', () => {
    const client = new QueryClient();
    client.setQueryData(industryAnalyticsQuery.queryKey, analytics);
    const options = renderFilters('monitored', client);
    expect(options()).toEqual(['All categories', 'AI', 'Development']);
  });

  it('keeps a selected category listed even when it has no site left', () => {
    const client = new QueryClient();
    client.setQueryData(industryAnalyticsQuery.queryKey, analytics);
    expect(renderFilters('monitored', client, 'FinTech')()).toEqual(['All categories', 'AI', 'Development', 'FinTech']);
  });

  it('falls back to the whole catalogue when the category statistics cannot load', async () => {
    const options = renderFilters('monitored', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await waitFor(() => expect(options()).toEqual(['All categories', ...CATEGORIES]));
  });

  it('a fixed list (the Analysis table’s spec options) stays as given', () => {
    const client = new QueryClient();
    client.setQueryData(industryAnalyticsQuery.queryKey, analytics);
    expect(renderFilters(['E-commerce', 'FinTech'], client)()).toEqual(['All categories', 'E-commerce', 'FinTech']);
  });
});
