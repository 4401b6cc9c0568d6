// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterEndpointForm } from '../src/components/contribute/RegisterEndpointForm';
import { Toaster } from '../src/components/layout/Toaster';
import { dismissToast } from '../src/state/toast';
import { sentJson } from './request-body';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply[]>;
let requests: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  replies = {};
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? sentJson(init) : undefined });
      const reply = replies[url]?.shift() ?? { status: 500, body: { error: 'unexpected' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

function fillRequired() {
  type(/Website name/, 'Example');
  type(/Website URL/, 'https://example.com');
  type(/Contact email/, 'dev@example.com');
  type(/MCP endpoint URL/, 'https://example.com/mcp');
}

function renderForm() {
  render(
    <>
      <RegisterEndpointForm />
      <Toaster />
    </>,
  );
}

describe('RegisterEndpointForm', () => {
  it('asks for an endpoint before verifying, without calling the server', async () => {
    renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.getByText('Endpoint required')).toBeTruthy();
    expect(screen.getByText('Please enter an MCP endpoint URL to verify.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses to submit before verification', async () => {
    renderForm();
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register endpoint' })));
    expect(screen.getByText('Endpoint not verified')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('asks for missing fields', async () => {
    renderForm();
    type(/MCP endpoint URL/, 'https://example.com/mcp');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register endpoint' })));
    expect(screen.getByText('Missing required fields')).toBeTruthy();
  });

  it('shows the server reason when verification fails, and returns to idle on edit', async () => {
    replies['/api/verify-mcp-endpoint'] = [{ status: 200, body: { success: false, error: 'No MCP server answered' } }];
    renderForm();
    type(/MCP endpoint URL/, 'https://example.com/nope');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.getByText('Verification failed')).toBeTruthy();
    expect(screen.getByText('No MCP server answered')).toBeTruthy();
    expect(screen.getByText('Verification failed - please check the endpoint URL')).toBeTruthy();
    type(/MCP endpoint URL/, 'https://example.com/mcp');
    expect(screen.queryByText('Verification failed - please check the endpoint URL')).toBeNull();
    expect(screen.getByText('Verify the endpoint before registering.')).toBeTruthy();
  });

  it('verifies, registers and clears the form', async () => {
    replies['/api/verify-mcp-endpoint'] = [{ status: 200, body: { success: true } }];
    replies['/api/register-mcp-endpoint'] = [{ status: 201, body: { id: 1, status: 'verified', websiteId: 9, message: 'ok' } }];
    renderForm();
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.getByText('✓ Endpoint verified')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register endpoint' })));
    expect(screen.getByText('Registration successful')).toBeTruthy();
    expect(requests.at(-1)).toEqual({
      url: '/api/register-mcp-endpoint',
      body: { websiteName: 'Example', websiteUrl: 'https://example.com', contactEmail: 'dev@example.com', mcpEndpoint: 'https://example.com/mcp' },
    });
    expect(field(/Website name/).value).toBe('');
    expect(field(/MCP endpoint URL/).value).toBe('');
    expect(screen.getByText('Verify the endpoint before registering.')).toBeTruthy();
  });

  it('reports a failed registration', async () => {
    replies['/api/verify-mcp-endpoint'] = [{ status: 200, body: { success: true } }];
    replies['/api/register-mcp-endpoint'] = [{ status: 422, body: { error: 'verification failed' } }];
    renderForm();
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register endpoint' })));
    expect(screen.getByText('Registration failed')).toBeTruthy();
    expect(screen.getByText('Unable to register your endpoint. Please try again.')).toBeTruthy();
    expect(field(/Website name/).value).toBe('Example');
  });
});
