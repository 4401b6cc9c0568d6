import { z } from 'zod';

const count = z.number().int().nonnegative();
const isoDateTime = z.iso.datetime({ offset: true });

export const REGISTRY_SYNC_RUN_STATUSES = ['running', 'succeeded', 'partial', 'failed'] as const;
export type RegistrySyncRunStatus = (typeof REGISTRY_SYNC_RUN_STATUSES)[number];

/** One recorded run of the registry sync (table registry_sync_runs). */
export const registrySyncRunSchema = z.object({
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** partial: stopped early (page cap, a repeated cursor); the pages read were written. */
  status: z.enum(REGISTRY_SYNC_RUN_STATUSES),
  registryUrl: z.string().max(2048),
  pages: count,
  serversRead: count,
  endpointsSeen: count,
  /** Remote URLs refused (not http(s), templates, private or reserved hosts, too long). */
  endpointsRejected: count,
  sitesAdded: count,
  endpointsAdded: count,
  /** Entries of the registry's answer that did not parse; skipped, never fatal. */
  malformedSkipped: count,
  /** Entries the registry marks deprecated or deleted. */
  inactiveSkipped: count,
  error: z.string().max(1000).nullable(),
});
export type RegistrySyncRun = z.infer<typeof registrySyncRunSchema>;

/** The admin panel's view of the registry sync: its settings as the scheduler last stated them, and the newest run. */
export const registrySyncStatusSchema = z.object({
  /** null: no scheduler has started since the sync existed, so its settings are unknown. */
  enabled: z.boolean().nullable(),
  registryUrl: z.string().max(2048).nullable(),
  lastRun: registrySyncRunSchema.nullable(),
  /** Newest run that read the registry to the end (succeeded), if any. */
  lastSuccessAt: isoDateTime.nullable(),
});
export type RegistrySyncStatus = z.infer<typeof registrySyncStatusSchema>;
