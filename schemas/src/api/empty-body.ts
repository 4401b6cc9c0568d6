import { z } from 'zod';

/**
 * The body of command calls that take no parameters (admin Pause/Resume,
 * opt-out decisions): nothing, or `{}`. Anything else is a 400, so a client
 * sending parameters it expects to matter learns they do not.
 */
export const emptyBodySchema = z.object({}).strict();
