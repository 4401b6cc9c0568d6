import type pg from 'pg';
import { readFigureTotals } from './census-figures';

/**
 * Sites publishing a server card (catalog, `<endpoint>/server-card` or a
 * well-known card), as the confirmed figures count them: active, not opted
 * out, the latest reached scan found the card and the confirmed status is
 * still reached (a confirmed unreachable or not-scanned site does not count).
 * GET /api/industry-analytics `serverCards.sites`, from the maintained census figures.
 */
export async function readServerCardSites(db: pg.Pool): Promise<number> {
  return (await readFigureTotals(db)).server_cards;
}
