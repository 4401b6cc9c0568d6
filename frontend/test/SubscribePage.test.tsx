// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/layout/Toaster';
import SubscribePage from '../src/pages/SubscribePage';
import { dismissToast } from '../src/state/toast';
import { sentJson } from './request-body';

let reply: { status: number; body: unknown };
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(reply.body), { status: reply.status }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <>
      <SubscribePage />
      <Toaster />
    </>,
  );
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' })));

describe('SubscribePage', () => {
  it('rejects an address without an at-sign, without calling the server', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'nobody.example.com' } });
    await submit();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getAllByText('Please enter a valid email address.').length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes weekly by default and switches to the success screen', async () => {
    reply = { status: 201, body: { id: 1, email: 'me@example.com', frequency: 'weekly', created: true, message: 'Subscribed.' } };
    renderPage();
    expect(screen.getByLabelText<HTMLInputElement>('Weekly').checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'me@example.com' } });
    await submit();
    expect(sentJson(fetchMock.mock.calls[0]?.[1])).toEqual({ email: 'me@example.com', frequency: 'weekly' });
    expect(screen.getByText('Successfully subscribed!')).toBeTruthy();
    expect(screen.getByText("You're subscribed!")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('stays on the form and shows the server error when subscribing fails', async () => {
    reply = { status: 400, body: { error: 'Invalid request body' } };
    renderPage();
    fireEvent.click(screen.getByLabelText('Monthly'));
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'me@example.com' } });
    await submit();
    expect(screen.getByText('Subscription failed')).toBeTruthy();
    expect(screen.getByText('Invalid request body')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});
