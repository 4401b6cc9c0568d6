import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({ opted_out: z.boolean() });

/** Whether the website is in the catalogue, and whether its owner opted out (then nothing of its scans is shown). */
export async function readWebsiteVisibility(db: pg.Pool, websiteId: number): Promise<'unknown' | 'opted-out' | 'visible'> {
  const { rows } = await db.query('SELECT opted_out FROM websites WHERE id = $1', [websiteId]);
  if (rows.length === 0) return 'unknown';
  return rowSchema.parse(rows[0]).opted_out ? 'opted-out' : 'visible';
}
