import type { QueryClient } from '@tanstack/react-query';
import { FIRST_FIGURES_ELEMENT_ID, firstFiguresSchema } from '@mcp-census/schemas/first-figures';
import { metricsQuery } from './query-options';

/** Clients holding seeded figures that no REST read has replaced since. */
const seeded = new WeakSet<QueryClient>();

/**
 * Whether `client`'s metrics came from the page and it has not been asked
 * since; answers true once. The server read them before the live socket
 * connected, so a change pushed in between was never seen: the socket's first
 * hello re-reads them (live-connection.ts).
 */
export function takeSeededFigures(client: QueryClient): boolean {
  return seeded.delete(client);
}

/**
 * Seeds the query cache with the figures the Overview's HTML carries
 * (backend landing-page.ts), so its first render shows them rather than
 * skeletons followed by a request. The block is read once and removed; one
 * that is missing or does not match the API contract is ignored, and the app
 * asks for the figures as it would without it.
 */
export function seedFirstFigures(client: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(FIRST_FIGURES_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    return false;
  }
  const figures = firstFiguresSchema.safeParse(parsed);
  if (!figures.success) return false;
  // The server read them for this page load: as fresh as a GET /api/metrics answered now.
  client.setQueryData(metricsQuery.queryKey, figures.data.metrics);
  seeded.add(client);
  return true;
}
