import { z } from 'zod';

/**
 * The body of every JSON error answer (backend/src/http/error-handler.ts and
 * the rate limiter): a message, plus one `{ path, message }` per problem when
 * a request failed validation.
 */
export const errorIssueSchema = z.object({
  path: z.string().describe('The offending field, dot-separated; empty for the whole value'),
  message: z.string(),
});

export const errorBodySchema = z.object({
  error: z.string().describe('What went wrong, for people'),
  details: z.array(errorIssueSchema).optional().describe('Validation problems, one per field'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
