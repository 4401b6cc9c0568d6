import { CATEGORIES } from '@mcp-census/schemas';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { inTransaction, upsertSites, type Queryable } from './import-catalogue';
import { CATALOGUE_SEEDED_KEY } from './seed';
import type { CatalogueSite } from './validate-row';

const KNOWN_CATEGORIES = new Set<string>(CATEGORIES);

/** The simulated web's virtual sites as catalogue rows; a category outside the census's list files under Reference. */
export function catalogueSitesOf(sites: readonly { name: string; url: string; category: string }[]): CatalogueSite[] {
  return sites.map((site) => ({
    name: site.name,
    url: site.url,
    host: new URL(site.url).host,
    category: (KNOWN_CATEGORIES.has(site.category) ? site.category : 'Reference') as CatalogueSite['category'],
  }));
}

/**
 * Loads the simulated web's virtual sites as the catalogue (`npm run demo`).
 * They live under the reserved `.test` domain, which catalogue validation
 * rightly refuses for real websites, so they bypass it; the seeded marker
 * keeps the built-in list of real sites out of a demo's data directory.
 */
export async function seedSimulatedSites(db: Queryable, sites: readonly CatalogueSite[], log: Logger): Promise<void> {
  const counts = await inTransaction(db, async (client) => {
    const result = await upsertSites(client, sites, { source: 'simulated', mode: 'upsert' });
    await client.query(
      `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [CATALOGUE_SEEDED_KEY, JSON.stringify({ source: 'simulated-web', at: new Date().toISOString(), sites: sites.length, ...result })],
    );
    return result;
  });
  log.info(`simulated web catalogue: ${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`);
}
