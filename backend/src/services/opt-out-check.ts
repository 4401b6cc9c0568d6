import type pg from 'pg';

/** True when an approved opt-out covers the host (the domain itself or a subdomain; see migration 0014). */
export async function isHostOptedOut(pool: pg.Pool, host: string): Promise<boolean> {
  const { rows } = await pool.query<{ covered: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM site_opt_outs WHERE status = 'approved' AND opt_out_covers(domain, $1)) AS covered`,
    [host.toLowerCase()],
  );
  return rows[0]?.covered ?? false;
}
