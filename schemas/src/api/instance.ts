import { z } from 'zod';
import { simulatedHistoryInfoSchema } from './simulated-history';

/** GET /api/instance: what this deployment is, for the UI's banner and agents. */
export const instanceInfoSchema = z.object({
  product: z.string(),
  version: z.string(),
  /** True when scanning a simulated web on loopback (`npm run demo`), not the real internet. */
  simulatedWeb: z.boolean(),
  simulatedSites: z.number().int().nonnegative().nullable(),
  /** `npm run demo` replayed a simulated past (DEMO_HISTORY_DAYS): the trends before `to` are simulated. Null otherwise (and from servers that predate it). */
  simulatedHistory: simulatedHistoryInfoSchema.nullable().default(null),
});
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;
