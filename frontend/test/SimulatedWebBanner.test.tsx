// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedWebBanner } from '../src/components/SimulatedWebBanner';
import { holdsFor } from '../../test/support/wait-for';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HISTORY = { days: 90, from: '2026-02-09', to: '2026-05-09', scans: 131_000, status: 'complete' };

function serve(instance: Record<string, unknown>): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(instance), { status: 200, headers: { 'Content-Type': 'application/json' } })));
}

const base = { product: 'MCP Census', version: '0.1.0', simulatedWeb: true, simulatedSites: 10_000 };

describe('Simulated web banner', () => {
  it('says the web is simulated and, when history was replayed, that its past is simulated too', async () => {
    serve({ ...base, simulatedHistory: HISTORY });
    render(<SimulatedWebBanner />);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toBe(
      'Simulated web: this demo scans 10,000 virtual sites served on this machine, not real websites. The 90-day history is simulated too.',
    );
  });

  it('keeps its plain text when no history was replayed, or the server does not say', async () => {
    for (const instance of [{ ...base, simulatedHistory: null }, base]) {
      serve(instance);
      render(<SimulatedWebBanner />);
      const banner = await screen.findByRole('status');
      expect(banner.textContent).toBe('Simulated web: this demo scans 10,000 virtual sites served on this machine, not real websites.');
      cleanup();
    }
  });

  it('shows nothing for a census of the real web', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...base, simulatedWeb: false, simulatedSites: null, simulatedHistory: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<SimulatedWebBanner />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await holdsFor('no banner', () => container.innerHTML === '', 300, 20);
  });
});
