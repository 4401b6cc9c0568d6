import { parseServerCard, SERVER_CARD_ACCEPT } from './discovery';
import type { DocCache } from './doc-cache';
import type { SiteContext } from './http';
import type { SiteRun } from './site';

/**
 * The server-card draft puts each server's card at `<endpoint>/server-card`:
 * once an endpoint is known (and no catalog or well-known card named one),
 * one GET there tells whether the site publishes a card.
 */
export async function readEndpointCard(docs: DocCache, run: SiteRun, endpoint: string, ctx: SiteContext): Promise<void> {
  if (run.serverCard) return;
  const url = `${endpoint.replace(/\/+$/, '')}/server-card`;
  try {
    const { res } = await docs.get(url, { accept: SERVER_CARD_ACCEPT, maxBytes: 256 * 1024 }, ctx);
    if (res.status !== 200) return;
    let doc: unknown;
    try {
      doc = JSON.parse(res.text);
    } catch {
      return;
    }
    if (parseServerCard(doc, res.url)) run.noteCard('card', url, res.text);
  } catch {
    // No card is no finding.
  }
}
