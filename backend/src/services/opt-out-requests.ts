import type pg from 'pg';
import { z } from 'zod';
import type { OptOutBody, OptOutResponse } from '@mcp-census/schemas';
import { HttpError } from '../http/error-handler';
import { normalizeOptOutDomain } from './opt-out-domain';

const idRow = z.object({ id: z.coerce.number().int().positive() });
const approvedRow = idRow.extend({ domain: z.string() });

/**
 * A site owner's opt-out request, stored as pending for the admin's review.
 * Idempotent: while a request for the domain is pending, a repeated one
 * answers with it (its e-mail and note are kept); a domain an approved
 * opt-out already covers stores nothing and says so.
 */
export async function requestOptOut(pool: pg.Pool, body: OptOutBody): Promise<OptOutResponse> {
  const normalized = normalizeOptOutDomain(body.domain);
  if (!normalized.ok) throw new HttpError(400, `Invalid domain: ${normalized.reason}`, [{ path: 'domain', message: normalized.reason }]);
  const { domain } = normalized;
  // A pending request may be decided between the insert and the read: then try again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const approved = await pool.query(
      `SELECT id, domain FROM site_opt_outs WHERE status = 'approved' AND opt_out_covers(domain, $1) ORDER BY id LIMIT 1`,
      [domain],
    );
    if (approved.rows[0]) {
      const row = approvedRow.parse(approved.rows[0]);
      return { id: row.id, domain, status: 'approved', message: `${domain} is already opted out: MCPCensusBot no longer scans it.` };
    }
    const inserted = await pool.query(
      `INSERT INTO site_opt_outs (domain, contact_email, note) VALUES ($1, $2, $3)
       ON CONFLICT (domain) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [domain, body.contactEmail, body.note ?? null],
    );
    if (inserted.rows[0]) {
      return {
        id: idRow.parse(inserted.rows[0]).id,
        domain,
        status: 'pending',
        message: `Opt-out request received for ${domain}. Once reviewed, ${domain} and its subdomains are no longer scanned and their scan details are hidden.`,
      };
    }
    const pending = await pool.query(`SELECT id FROM site_opt_outs WHERE domain = $1 AND status = 'pending'`, [domain]);
    if (pending.rows[0]) {
      return { id: idRow.parse(pending.rows[0]).id, domain, status: 'pending', message: `An opt-out request for ${domain} is already waiting for review.` };
    }
  }
  throw new HttpError(409, 'The opt-out request changed while it was stored; please send it again.');
}
