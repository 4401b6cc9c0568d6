import { z } from 'zod';
import { emailAddress, multiLineText, singleLineText } from './text';

const isoDateTime = z.iso.datetime({ offset: true });

export const OPT_OUT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OptOutStatus = (typeof OPT_OUT_STATUSES)[number];

/** Longest domain field accepted: a host name (253) or a pasted URL of a reasonable size. */
export const OPT_OUT_DOMAIN_MAX = 300;
export const OPT_OUT_NOTE_MAX = 1000;

/**
 * POST /api/opt-out: a site owner asks that a domain (and its subdomains) be
 * no longer scanned. `domain` is a host name or a URL; the server normalises
 * it as the catalogue does (lower case, punycode, no `www.`, no port).
 */
export const optOutBodySchema = z
  .object({
    domain: singleLineText({ min: 1, max: OPT_OUT_DOMAIN_MAX }),
    contactEmail: emailAddress(),
    note: multiLineText({ max: OPT_OUT_NOTE_MAX })
      .optional()
      .transform((s) => (s ? s : undefined)),
  })
  .strict();
export type OptOutBody = z.infer<typeof optOutBodySchema>;
/** What a client sends (the note may be left out). */
export type OptOutRequestBody = z.input<typeof optOutBodySchema>;

/** The 202 answer: the request is stored (or was already) and waits for review. */
export const optOutResponseSchema = z.object({
  id: z.number().int().positive(),
  domain: z.string(),
  status: z.enum(OPT_OUT_STATUSES),
  message: z.string(),
});
export type OptOutResponse = z.infer<typeof optOutResponseSchema>;

/** One request as the admin reviews it. */
export const optOutRequestSchema = z.object({
  id: z.number().int().positive(),
  domain: z.string(),
  contactEmail: z.string(),
  note: z.string().nullable(),
  status: z.enum(OPT_OUT_STATUSES),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
  /** Monitored websites the domain covers (itself and its subdomains). */
  matchingSites: z.number().int().nonnegative(),
});
export type OptOutRequest = z.infer<typeof optOutRequestSchema>;

/** GET /api/admin/opt-outs: pending requests first, then the newest (bounded). */
export const optOutListResponseSchema = z.object({ requests: z.array(optOutRequestSchema) });
export type OptOutListResponse = z.infer<typeof optOutListResponseSchema>;

export const optOutIdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/admin/opt-outs/:id/approve and /reject. */
export const optOutDecisionResponseSchema = z.object({
  id: z.number().int().positive(),
  domain: z.string(),
  status: z.enum(['approved', 'rejected']),
  /** Websites now opted out by this decision (0 for a rejection). */
  sitesAffected: z.number().int().nonnegative(),
  message: z.string(),
});
export type OptOutDecisionResponse = z.infer<typeof optOutDecisionResponseSchema>;
