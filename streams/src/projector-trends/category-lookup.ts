import type pg from 'pg';

/**
 * Website id → category for the trends projector's facts (a lookup for its
 * writing, serving no request), from Postgres. Categories change rarely, so
 * they are cached; an unknown id is looked up once, and the cache refreshes
 * in full every `refreshMs`.
 */
export function createCategoryLookup(pool: pg.Pool, refreshMs = 5 * 60_000): (websiteId: number) => Promise<string | null> {
  let cache = new Map<number, string | null>();
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  const loadAll = async () => {
    const { rows } = await pool.query<{ id: string; category: string | null }>('SELECT id, category FROM websites');
    cache = new Map(rows.map((r) => [Number(r.id), r.category]));
    loadedAt = Date.now();
  };

  return async (websiteId) => {
    if (Date.now() - loadedAt > refreshMs) {
      loading ??= loadAll().finally(() => (loading = undefined));
      await loading;
    }
    if (cache.has(websiteId)) return cache.get(websiteId) ?? null;
    const { rows } = await pool.query<{ category: string | null }>('SELECT category FROM websites WHERE id = $1', [websiteId]);
    const category = rows[0]?.category ?? null;
    cache.set(websiteId, category);
    return category;
  };
}
