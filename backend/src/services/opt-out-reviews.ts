import type pg from 'pg';
import { z } from 'zod';
import { OPT_OUT_STATUSES, type OptOutDecisionResponse, type OptOutRequest } from '@mcp-census/schemas';
import { stateProjection } from '@mcp-census/streams';
import { HttpError } from '../http/error-handler';

/** Requests listed for review at most (pending first). */
export const OPT_OUT_LIST_LIMIT = 200;

const listRow = z.object({
  id: z.coerce.number().int().positive(),
  domain: z.string(),
  contact_email: z.string(),
  note: z.string().nullable(),
  status: z.enum(OPT_OUT_STATUSES),
  created_at: z.date(),
  reviewed_at: z.date().nullable(),
  matching_sites: z.coerce.number().int().nonnegative(),
});
const lockedRow = z.object({ domain: z.string(), status: z.enum(OPT_OUT_STATUSES) });

/** The admin's review list: pending requests first, then the newest, with the websites each domain covers. */
export async function listOptOuts(db: pg.Pool): Promise<OptOutRequest[]> {
  const { rows } = await db.query(
    `SELECT o.id, o.domain, o.contact_email, o.note, o.status, o.created_at, o.reviewed_at,
            (SELECT count(*) FROM websites w WHERE opt_out_covers(o.domain, w.host)) AS matching_sites
       FROM (SELECT * FROM site_opt_outs ORDER BY (status = 'pending') DESC, created_at DESC, id DESC LIMIT $1) o
      ORDER BY (o.status = 'pending') DESC, o.created_at DESC, o.id DESC`,
    [OPT_OUT_LIST_LIMIT],
  );
  return rows.map((r) => {
    const row = listRow.parse(r);
    return {
      id: row.id,
      domain: row.domain,
      contactEmail: row.contact_email,
      note: row.note,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
      matchingSites: row.matching_sites,
    };
  });
}

/**
 * Approves or rejects a pending request in one transaction. Approval marks
 * every website of the domain and its subdomains opted out (the scheduler
 * skips them, the public reads hide and exclude them); websites added later
 * under the domain are marked by a trigger. A decided request is a 409.
 */
export async function decideOptOut(pool: pg.Pool, id: number, decision: 'approved' | 'rejected', now: Date): Promise<OptOutDecisionResponse> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const found = await client.query('SELECT domain, status FROM site_opt_outs WHERE id = $1 FOR UPDATE', [id]);
    if (!found.rows[0]) throw new HttpError(404, `Opt-out request #${id} not found`);
    const request = lockedRow.parse(found.rows[0]);
    if (request.status !== 'pending') throw new HttpError(409, `Opt-out request #${id} is already ${request.status}`);
    await client.query('UPDATE site_opt_outs SET status = $2, reviewed_at = $3 WHERE id = $1', [id, decision, now]);
    let sitesAffected = 0;
    if (decision === 'approved') {
      const marked = await client.query('UPDATE websites SET opted_out = true WHERE NOT opted_out AND opt_out_covers($1, host)', [request.domain]);
      sitesAffected = marked.rowCount ?? 0;
      // today's history row leaves them out at once, not only after the next projected scan
      if (sitesAffected > 0) await stateProjection.snapshotDailyReport(client, now);
    }
    await client.query('COMMIT');
    const message =
      decision === 'approved'
        ? `Opt-out approved: ${request.domain} and its subdomains are no longer scanned (${sitesAffected} ${sitesAffected === 1 ? 'website' : 'websites'} opted out).`
        : `Opt-out request #${id} for ${request.domain} rejected.`;
    return { id, domain: request.domain, status: decision, sitesAffected, message };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
