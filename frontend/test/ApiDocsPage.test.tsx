// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERENCE_LOAD_FAILED } from '../src/components/apidocs/ApiReference';
import ApiDocsPage from '../src/pages/ApiDocsPage';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

/** A small document shaped as the server writes it (zod-openapi: $refs, defaults, anyOf, security). */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'MCP Census API', version: '1.0.0' },
  servers: [{ url: 'http://census.test' }],
  tags: [
    { name: 'public-data', description: 'Public, CORS-open reads of the census.' },
    { name: 'admin', description: 'The operator.' },
  ],
  paths: {
    '/api/websites': {
      get: {
        operationId: 'listWebsites',
        summary: 'Monitored websites, paged, searched and filtered',
        tags: ['public-data'],
        parameters: [
          { in: 'query', name: 'limit', schema: { default: 15, type: 'integer', minimum: 1, maximum: 100 } },
          { in: 'query', name: 'hasMcp', schema: { type: 'string', enum: ['true', 'false'] }, description: 'Only sites with (or without) MCP' },
        ],
        responses: {
          '200': { description: 'The page', content: { 'application/json': { schema: { $ref: '#/components/schemas/WebsitesPage' } } } },
          '400': { description: 'Invalid parameters or body', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api/scan-reports/{id}': {
      delete: {
        operationId: 'deleteScanReport',
        summary: 'Schedule a scan report for deletion (tomorrow)',
        tags: ['admin'],
        security: [{ adminSession: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 } }],
        responses: { '200': { description: 'Scheduled', content: { 'application/json': { schema: { type: 'object', properties: { id: {}, scheduledDate: {}, message: {} } } } } } },
      },
    },
    '/api/subscribe': {
      post: {
        operationId: 'subscribe',
        summary: 'Subscribe to the e-mail adoption reports',
        tags: ['public-data'],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { email: { type: 'string' }, frequency: { type: 'string' } } } } } },
        responses: {
          '201': { description: 'Subscribed', content: { 'application/json': { schema: { anyOf: [{ type: 'string' }, { type: 'null' }] } } } },
        },
      },
    },
    '/api/export/pdf': {
      get: {
        operationId: 'exportReport',
        summary: 'The adoption report as a printable HTML download',
        tags: ['public-data'],
        responses: { '200': { description: 'The report', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: { schemas: { WebsitesPage: { type: 'object' }, Error: { type: 'object' } } },
};

let answer: () => Response;
beforeEach(() => {
  stubPageEnvironment();
  answer = () => Response.json(DOCUMENT);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/openapi.json' ? answer() : new Response('unexpected fetch', { status: 500 }))),
  );
});
afterEach(cleanup);

/** The operation cards of a tag's section (not the response lines inside them). */
const operations = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>(':scope > ul > li')];

const renderPage = () => render(<ApiDocsPage />, { wrapper: withQueryClient(new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } })) });

describe('API documentation page', () => {
  it('keeps the back link and the four tabs, Overview first and selected', async () => {
    renderPage();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Resources', 'Tools', 'Examples']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    // the agent endpoints with their collapsible samples are still there
    expect(screen.getAllByText('Sample response').length).toBeGreaterThan(0);
    await screen.findByRole('heading', { name: 'public-data' });
  });

  it('renders every operation of /api/openapi.json, grouped by tag, with a link to the raw document', async () => {
    renderPage();
    const reference = screen.getByRole('region', { name: 'REST reference' });
    expect(within(reference).getByRole('link', { name: 'OpenAPI 3.1 document (JSON)' }).getAttribute('href')).toBe('/api/openapi.json');
    const publicData = await screen.findByRole('region', { name: 'public-data' });
    const admin = screen.getByRole('region', { name: 'admin' });
    expect(operations(publicData).map((li) => li.querySelector('code')?.textContent)).toEqual(['/api/websites', '/api/subscribe', '/api/export/pdf']);
    expect(within(publicData).getByText('Public, CORS-open reads of the census.')).toBeTruthy();

    const websites = operations(publicData)[0];
    if (!websites) throw new Error('no operation rendered');
    expect(within(websites).getByText('GET')).toBeTruthy();
    expect(within(websites).getByText('Monitored websites, paged, searched and filtered')).toBeTruthy();
    const rows = within(within(websites).getByRole('table', { name: 'Parameters of GET /api/websites' })).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      [],
      ['limit', 'query', 'no', 'integer 1–100, default 15', ''],
      ['hasMcp', 'query', 'no', '"true" | "false"', 'Only sites with (or without) MCP'],
    ]);
    expect(websites.textContent).toContain('200 The page · application/json: WebsitesPage');
    expect(websites.textContent).toContain('400 Invalid parameters or body · application/json: Error');

    const subscribe = operations(publicData)[1];
    expect(subscribe?.textContent).toContain('Request body (application/json): object {email, frequency}');
    expect(subscribe?.textContent).toContain('201 Subscribed · application/json: string | null');
    expect(operations(publicData)[2]?.textContent).toContain('200 The report · text/html: string');

    const deletion = operations(admin)[0];
    if (!deletion) throw new Error('no admin operation rendered');
    expect(within(deletion).getByText('DELETE')).toBeTruthy();
    expect(deletion.textContent).toContain('Admin session required');
    expect(within(deletion).getByRole('button', { name: 'Copy address: http://localhost:3000/api/scan-reports/{id}' })).toBeTruthy();
    const idRow = within(deletion).getAllByRole('row')[1];
    expect([...(idRow?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual(['id', 'path', 'yes', 'integer > 0, ≤ 2147483647', '']);
  });

  it('says so when the document does not load or has the wrong shape', async () => {
    answer = () => Response.json({ openapi: '3.0.0', paths: {} });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(REFERENCE_LOAD_FAILED);
    expect(screen.queryByRole('heading', { name: 'public-data' })).toBeNull();
  });
});
