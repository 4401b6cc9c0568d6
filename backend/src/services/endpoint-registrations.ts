import type pg from 'pg';
import { z } from 'zod';
import type { RegistrationBody, VerifyEndpointResponse } from '@mcp-census/schemas';
import { normalizeHost } from '../catalogue/normalize-host';
import { HttpError } from '../http/error-handler';

const idRow = z.object({ id: z.coerce.number().int() });

export interface RegistrationOutcome {
  id: number;
  websiteId: number;
}

/**
 * A visitor's endpoint registration. The server probes the endpoint itself
 * (what the browser verified proves nothing); the registration is stored in
 * any case, and only a verified one adds the site to the catalogue (or
 * re-activates it), where the scheduler scans never-scanned sites first;
 * the scanner then probes the registered endpoint alongside discovery.
 */
export async function registerEndpoint(
  pool: pg.Pool,
  verify: (url: string) => Promise<VerifyEndpointResponse>,
  body: RegistrationBody,
): Promise<RegistrationOutcome> {
  const site = normalizeHost(body.websiteUrl);
  if (!site.ok) throw new HttpError(400, `Invalid websiteUrl: ${site.reason}`);
  const check = await verify(body.mcpEndpoint);
  const insert = (status: 'verified' | 'rejected', failure: string | null, websiteId: number | null, db: pg.Pool | pg.PoolClient) =>
    db.query(
      `INSERT INTO endpoint_registrations (website_name, website_url, description, contact_email, mcp_endpoint, status, failure, website_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [body.websiteName, site.url, body.description ?? null, body.contactEmail, body.mcpEndpoint, status, failure, websiteId],
    );
  if (!check.success) {
    const reason = (check.error ?? 'No MCP server answered at this URL.').slice(0, 300);
    await insert('rejected', reason, null, pool);
    throw new HttpError(422, `Endpoint verification failed: ${reason}`);
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const website = await client.query(
      `INSERT INTO websites (name, url, host, source, registered_endpoint) VALUES ($1, $2, $3, 'registration', $4)
       ON CONFLICT (host) DO UPDATE SET active = true, registered_endpoint = EXCLUDED.registered_endpoint
       RETURNING id`,
      [body.websiteName, site.url, site.host, body.mcpEndpoint],
    );
    const websiteId = idRow.parse(website.rows[0]).id;
    const registration = await insert('verified', null, websiteId, client);
    await client.query('COMMIT');
    return { id: idRow.parse(registration.rows[0]).id, websiteId };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
