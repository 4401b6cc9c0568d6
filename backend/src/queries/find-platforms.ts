import { PLATFORM_MATCH_KINDS, type PlatformMatch } from '@mcp-census/schemas/api/agent';
import type pg from 'pg';
import { z } from 'zod';
import { escapeLike } from './like-pattern';

/**
 * The host key a query may denote, in the websites.host form (lower case,
 * no leading `www.`, non-default port kept); null when it is not URL- or domain-like.
 */
export function hostKeyOf(query: string): string | null {
  const text = query.trim().toLowerCase();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text);
  if (!hasScheme && !/^[a-z0-9-]+(\.[a-z0-9-]+)+\.?(:\d+)?(\/\S*)?$/.test(text)) return null;
  try {
    const url = new URL(hasScheme ? text : `https://${text}`);
    let host = url.hostname.replace(/\.+$/, '');
    if (host.startsWith('www.') && host.indexOf('.', 4) !== -1) host = host.slice(4);
    return host === '' ? null : url.port ? `${host}:${url.port}` : host;
  } catch {
    return null;
  }
}

const matchRowSchema = z.object({ id: z.coerce.number().int(), name: z.string(), url: z.string(), match_rank: z.coerce.number().int() });

/**
 * get_platform_status: active platforms whose host or name matches `query`
 * (case-insensitive). Exact host, then exact name, then substring of name or
 * host; shorter names first among equals. Parameterised, LIMIT-bounded (1..20).
 */
export async function findPlatforms(pool: pg.Pool, query: string, limit: number): Promise<PlatformMatch[]> {
  const q = query.trim().slice(0, 200);
  if (q === '') return [];
  const { rows } = await pool.query(
    `SELECT id, name, url, match_rank FROM (
       SELECT w.id, w.name, w.url,
              CASE WHEN w.host = $2 THEN 0 WHEN lower(w.name) = lower($1) THEN 1 ELSE 2 END AS match_rank
         FROM websites w
        WHERE w.active AND (w.host = $2 OR lower(w.name) = lower($1) OR w.name ILIKE $3 OR w.host ILIKE $3)
     ) m
     ORDER BY match_rank, length(name), name, id
     LIMIT $4`,
    [q, hostKeyOf(q), `%${escapeLike(q)}%`, Math.min(20, Math.max(1, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = matchRowSchema.parse(r);
    return { id: row.id, name: row.name, url: row.url, match: PLATFORM_MATCH_KINDS[row.match_rank] ?? 'partial' };
  });
}
