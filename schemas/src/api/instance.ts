import { z } from 'zod';

/** GET /api/instance: what this deployment is, for the UI's banner and agents. */
export const instanceInfoSchema = z.object({
  product: z.string(),
  version: z.string(),
  /** True when scanning a simulated web on loopback (`npm run demo`), not the real internet. */
  simulatedWeb: z.boolean(),
  simulatedSites: z.number().int().nonnegative().nullable(),
});
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;
