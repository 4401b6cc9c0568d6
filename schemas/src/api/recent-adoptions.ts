import { z } from 'zod';

/** GET /api/adoptions/recent: at most this many sites; 10 when no limit is given. */
export const RECENT_ADOPTIONS_MAX = 50;
export const RECENT_ADOPTIONS_DEFAULT = 10;

/** Field bounds of the answer (the catalogue's own limits); longer text is cut with an ellipsis. */
export const RECENT_ADOPTION_BOUNDS = { name: 200, url: 2048, category: 80 } as const;

export const recentAdoptionsQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(RECENT_ADOPTIONS_MAX).default(RECENT_ADOPTIONS_DEFAULT) })
  .strict();
export type RecentAdoptionsQuery = z.infer<typeof recentAdoptionsQuerySchema>;

/** A site whose first MCP-positive scan is among the newest; names come from the catalogue and are untrusted text. */
export const recentAdoptionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(RECENT_ADOPTION_BOUNDS.name),
  url: z.string().max(RECENT_ADOPTION_BOUNDS.url),
  category: z.string().max(RECENT_ADOPTION_BOUNDS.category).nullable(),
  /** The site's first scan that found MCP (ISO time). */
  firstMcpAt: z.iso.datetime({ offset: true }),
});
export type RecentAdoption = z.infer<typeof recentAdoptionSchema>;

/** Newest first. */
export const recentAdoptionsResponseSchema = z.object({ adoptions: z.array(recentAdoptionSchema).max(RECENT_ADOPTIONS_MAX) });
export type RecentAdoptionsResponse = z.infer<typeof recentAdoptionsResponseSchema>;
