import { vi } from 'vitest';

/**
 * What jsdom lacks for rendering whole pages from a seeded query cache: a
 * ResizeObserver (the charts measure themselves), and a fetch that answers 500,
 * so a request the test did not seed shows up as an error instead of hanging.
 */
export function stubPageEnvironment(): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('unexpected fetch', { status: 500 })));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
