// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Change, ChangesResponse } from '@mcp-census/schemas/api/changes';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();
const fakeSocket = { on: (event: string, fn: Handler) => handlers.set(event, fn), close: vi.fn() };
vi.mock('socket.io-client', () => ({ io: vi.fn(() => fakeSocket) }));

const { default: ChangesPage } = await import('../src/pages/ChangesPage');
const { createQueryClient } = await import('../src/state/query-client');

const emit = (event: string, payload?: unknown) => act(() => handlers.get(event)?.(payload));
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const change = (id: number, over: Partial<Change> = {}): Change => ({
  id,
  kind: 'adopted',
  occurredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  website: { id: 100 + id, name: `Site ${id}`, host: `site${id}.example`, url: `https://site${id}.example`, category: 'Development' },
  item: null,
  finding: null,
  link: `/website/${100 + id}`,
  ...over,
});

let client: QueryClient;
let requests: string[];
function answer(pages: Record<string, ChangesResponse | 'error'>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const page = pages[url];
      if (page === undefined || page === 'error') return new Response('{"error":"boom"}', { status: 500 });
      return json(page);
    }),
  );
}
function renderPage(path = '/changes') {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <ChangesPage />
    </Router>,
    { wrapper: withQueryClient(client) },
  );
}
const entries = () => screen.queryAllByTestId('change-entry');

beforeEach(() => {
  handlers.clear();
  requests = [];
  stubPageEnvironment();
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

describe('the changes page', () => {
  it('lists changes with links to their sites, loads more, and links the Atom feed', async () => {
    const hostile = change(3, { kind: 'capability-added', item: { kind: 'tool', name: '<img src=x onerror=alert(1)>', hashBefore: null, hashAfter: 'abc' } });
    answer({
      '/api/changes?limit=50': { changes: [hostile, change(2)], nextCursor: '2' },
      '/api/changes?cursor=2&limit=50': { changes: [change(1)], nextCursor: null },
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Changes' })).toBeTruthy();
    expect(screen.getByLabelText('Loading changes')).toBeTruthy();
    await waitFor(() => expect(entries()).toHaveLength(2));
    const first = entries()[0]!;
    expect(within(first).getByRole('link', { name: 'Site 3' }).getAttribute('href')).toBe('/website/103');
    // scanned text is text: no element is made from it
    expect(within(first).getByText('Added tool “<img src=x onerror=alert(1)>”')).toBeTruthy();
    expect(first.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Atom feed of these changes' }).getAttribute('href')).toBe('/feeds/changes.atom');
  });

  it('filters by kind and category with labelled selects', async () => {
    answer({
      '/api/changes?limit=50': { changes: [change(2), change(1)], nextCursor: null },
      '/api/changes?kind=dropped&limit=50': { changes: [change(5, { kind: 'dropped' })], nextCursor: null },
      '/api/changes?kind=dropped&category=FinTech&limit=50': { changes: [], nextCursor: null },
    });
    renderPage();
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Kind of change'), { target: { value: 'dropped' } });
    await waitFor(() => expect(entries().map((e) => e.dataset.kind)).toEqual(['dropped']));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'FinTech' } });
    await waitFor(() => expect(screen.getByText('No changes found')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Atom feed of these changes' }).getAttribute('href')).toBe('/feeds/changes.atom?kind=dropped&category=FinTech');
  });

  it('takes its filter from the address, as the feed links to it', async () => {
    answer({ '/api/changes?kind=dropped&limit=50': { changes: [change(5, { kind: 'dropped' })], nextCursor: null } });
    renderPage('/changes?kind=dropped&category=Nope');
    await waitFor(() => expect(entries().map((e) => e.dataset.kind)).toEqual(['dropped']));
    expect(screen.getByLabelText<HTMLSelectElement>('Kind of change').value).toBe('dropped');
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('');
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    answer({ '/api/changes?limit=50': 'error' });
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Failed to load changes. Please try again later.')).toBeTruthy();
    answer({ '/api/changes?limit=50': { changes: [change(1)], nextCursor: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
  });

  it('puts changes pushed over the socket on top, once, and re-reads after a gap', async () => {
    answer({ '/api/changes?limit=50': { changes: [change(1)], nextCursor: null } });
    renderPage();
    await waitFor(() => expect(entries()).toHaveLength(1));
    emit('hello', { seq: 10, serverId: 'abc', changesSeq: 4 });
    emit('changes', { changesSeq: 5, truncated: false, changes: [change(3), change(2), change(1)] });
    await waitFor(() => expect(entries().map((e) => within(e).getAllByRole('link')[0]!.textContent)).toEqual(['Site 3', 'Site 2', 'Site 1']));
    expect(screen.getByText('2 new changes arrived live.')).toBeTruthy();
    const before = requests.length;
    emit('changes', { changesSeq: 7, truncated: false, changes: [change(9)] });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
  });
});
