import type pg from 'pg';
import { z } from 'zod';
import type { SuggestionBody } from '@mcp-census/schemas';

/** Stores a scanning-method suggestion for review; returns its id. */
export async function storeSuggestion(pool: pg.Pool, s: SuggestionBody): Promise<number> {
  const { rows } = await pool.query(
    `INSERT INTO scanning_suggestions (suggestion_type, endpoint, http_method, description, example, contact_email)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [s.suggestionType, s.endpoint ?? null, s.httpMethod ?? null, s.description, s.example ?? null, s.contactEmail],
  );
  return z.object({ id: z.coerce.number().int() }).parse(rows[0]).id;
}
