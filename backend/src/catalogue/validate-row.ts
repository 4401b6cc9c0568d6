import { CATEGORIES, type Category } from '@mcp-census/schemas';
import { z } from 'zod';
import { catalogueEndpointSchema, endpointSourceSchema } from './endpoint-url';
import { MAX_URL_CHARS, normalizeHost } from './normalize-host';

/** A catalogue row as it arrives (strings from CSV cells). */
export interface RawCatalogueRow {
  name: string;
  url: string;
  category: string;
  /** The `mcp_endpoint` cell; absent when the file has no such column. */
  mcpEndpoint?: string;
  /** The `source` cell (documentation of the endpoint); absent when the file has no such column. */
  endpointSource?: string;
}

/** A validated site, ready to upsert. */
export interface CatalogueSite {
  name: string;
  /** The URL as re-serialised by the WHATWG parser (may keep `www.` and a path). */
  url: string;
  /** Normalised host: the dedup key. */
  host: string;
  category: Category;
  /**
   * A public MCP endpoint the vendor documents (`websites.catalogue_endpoint`).
   * `undefined`: the row says nothing about it (a file without the column), so
   * an import leaves the stored value alone; `null`: the row has none.
   */
  catalogueEndpoint?: string | null;
  /** The documentation page stating the endpoint; set exactly when `catalogueEndpoint` is a string (or null with it). */
  catalogueEndpointSource?: string | null;
}

export type RowValidation = { ok: true; site: CatalogueSite } | { ok: false; reason: string };

export const MAX_NAME_CHARS = 200;

/** Lower-cased, alphanumerics-only spelling → category. */
const CATEGORY_KEYS = new Map<string, Category>(CATEGORIES.map((c) => [categoryKey(c), c]));

/** Common alternative spellings (keys as produced by `categoryKey`). */
const CATEGORY_ALIASES: Record<string, Category> = {
  ecommerce: 'E-commerce',
  ecom: 'E-commerce',
  commerce: 'E-commerce',
  retail: 'E-commerce',
  shopping: 'E-commerce',
  social: 'Social Media',
  socialnetwork: 'Social Media',
  socialnetworking: 'Social Media',
  dev: 'Development',
  devtools: 'Development',
  developer: 'Development',
  developertools: 'Development',
  software: 'Development',
  communications: 'Communication',
  messaging: 'Communication',
  chat: 'Communication',
  finance: 'FinTech',
  financial: 'FinTech',
  payments: 'FinTech',
  banking: 'FinTech',
  news: 'Media',
  entertainment: 'Media',
  streaming: 'Media',
  artificialintelligence: 'AI',
  machinelearning: 'AI',
  ml: 'AI',
  aiml: 'AI',
  cloudcomputing: 'Cloud',
  hosting: 'Cloud',
  infrastructure: 'Cloud',
  analytics: 'Data',
  database: 'Data',
  databases: 'Data',
  cybersecurity: 'Security',
  infosec: 'Security',
  edtech: 'Education',
  learning: 'Education',
  healthcare: 'Health',
  healthtech: 'Health',
  medical: 'Health',
  tourism: 'Travel',
  gov: 'Government',
  publicsector: 'Government',
  advertising: 'Marketing',
  adtech: 'Marketing',
  crm: 'Marketing',
  games: 'Gaming',
  searchengine: 'Search',
  reference: 'Reference',
  encyclopedia: 'Reference',
  dictionary: 'Reference',
};

function categoryKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Maps a category spelling (any case, common aliases) to a catalogue category. */
export function resolveCategory(input: string): Category | undefined {
  const key = categoryKey(input);
  if (key === '') return undefined;
  return CATEGORY_KEYS.get(key) ?? CATEGORY_ALIASES[key];
}

const VALID_CATEGORIES = CATEGORIES.join(', ');

// Control characters other than whitespace have no place in a display name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const rowSchema = z.object({
  name: z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'name is empty')
        .max(MAX_NAME_CHARS, `name is longer than ${MAX_NAME_CHARS} characters`)
        .refine((s) => !CONTROL_CHARS.test(s), 'name contains control characters'),
    ),
  url: z
    .string()
    .trim()
    .max(MAX_URL_CHARS, `url is longer than ${MAX_URL_CHARS} characters`)
    .transform((s, ctx) => {
      const result = normalizeHost(s);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.reason });
        return z.NEVER;
      }
      return { url: result.url, host: result.host };
    }),
  category: z
    .string()
    .trim()
    .transform((s, ctx) => {
      const category = resolveCategory(s);
      if (category === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: s === '' ? `category is empty; use one of: ${VALID_CATEGORIES}` : `category "${s}" is not one of: ${VALID_CATEGORIES}`,
        });
        return z.NEVER;
      }
      return category;
    }),
  mcpEndpoint: catalogueEndpointSchema.optional(),
  endpointSource: endpointSourceSchema.optional(),
});

/** Validates and normalises one row; the reason names every problem found. */
export function validateRow(raw: RawCatalogueRow): RowValidation {
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, reason: parsed.error.issues.map((i) => i.message).join('; ') };
  }
  const { name, url, category, mcpEndpoint, endpointSource } = parsed.data;
  if (url.url.length > MAX_URL_CHARS) return { ok: false, reason: `url is longer than ${MAX_URL_CHARS} characters once normalised` };
  const site: CatalogueSite = { name, url: url.url, host: url.host, category };
  if (mcpEndpoint === undefined && endpointSource === undefined) return { ok: true, site };
  if (endpointSource && !mcpEndpoint) return { ok: false, reason: 'source is given without an mcp_endpoint' };
  site.catalogueEndpoint = mcpEndpoint ?? null;
  site.catalogueEndpointSource = mcpEndpoint ? (endpointSource ?? null) : null;
  return { ok: true, site };
}
