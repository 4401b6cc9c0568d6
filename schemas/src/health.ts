import { z } from 'zod';
import { scannerStateSchema } from './api/liveness';

export const DEPENDENCIES = ['postgres', 'clickhouse', 'kafka'] as const;

export const dependencyHealthSchema = z.object({
  status: z.enum(['ok', 'error', 'not configured']),
  latencyMs: z.number().nonnegative().nullable(),
  embedded: z.boolean(),
  error: z.string().optional(),
});
export type DependencyHealth = z.infer<typeof dependencyHealthSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
  dependencies: z.object({
    postgres: dependencyHealthSchema,
    clickhouse: dependencyHealthSchema,
    kafka: dependencyHealthSchema,
  }),
  /** The scanner's own network state; offline makes the status degraded. */
  scanner: scannerStateSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
