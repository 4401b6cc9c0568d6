import { afterEach, describe, expect, it, vi } from 'vitest';
import { metricsResponseSchema } from '@mcp-census/schemas/api/websites';
import { ApiError, apiJson, apiRequest, errorMessage, withQuery } from '../src/lib/api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends credentials and no content type without a body', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('/api/metrics');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init?.headers).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it('sends a JSON content type and a JSON body when there is a body', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('/api/scan', { method: 'POST', body: { batchSize: 50 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"batchSize":50}' });
  });

  it('turns a non-OK answer into "status: body text"', async () => {
    stubFetch(new Response('{"error":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' }));
    const err = await apiRequest('/api/admin/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"error":"Invalid credentials"}');
    expect((err as ApiError).serverError).toBe('Invalid credentials');
    expect(errorMessage(err, 'fallback')).toBe('Invalid credentials');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('/api/metrics')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiJson', () => {
  it('checks the answer against the shared schema', async () => {
    stubFetch(new Response(JSON.stringify({ totalWebsites: 'many' })));
    await expect(apiJson('/api/metrics', metricsResponseSchema)).rejects.toThrow();
  });
  it('returns the parsed answer', async () => {
    const metrics = { totalWebsites: 10, mcpEnabled: 1, capabilityRate: 100, totalTools: 2, totalResources: 0, totalPrompts: 0, weeklyGrowth: { websites: 0, adoption: 0, tools: 0 } };
    stubFetch(new Response(JSON.stringify(metrics)));
    await expect(apiJson('/api/metrics', metricsResponseSchema)).resolves.toEqual(metrics);
  });
});

describe('withQuery', () => {
  it('drops undefined and empty values', () => {
    expect(withQuery('/api/websites', { page: 2, limit: 15, search: '', category: undefined, hasMcp: false })).toBe('/api/websites?page=2&limit=15&hasMcp=false');
    expect(withQuery('/api/metrics', {})).toBe('/api/metrics');
  });
});
