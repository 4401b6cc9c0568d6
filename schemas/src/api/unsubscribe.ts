import { z } from 'zod';

/**
 * GET /api/unsubscribe?token=...: the signed token of a report mail's link.
 * The route checks the signature itself (backend/src/jobs/unsubscribe-token.ts)
 * and answers an HTML page either way; this shape documents the call.
 */
export const unsubscribeQuerySchema = z.object({
  token: z.string().describe('The signed token from the unsubscribe link of a report e-mail'),
});
