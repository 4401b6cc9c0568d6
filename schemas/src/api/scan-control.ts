import { z } from 'zod';

/** POST /api/scan/pause and /api/scan/resume */
export const scanControlResponseSchema = z.object({ paused: z.boolean(), message: z.string() });
export type ScanControlResponse = z.infer<typeof scanControlResponseSchema>;

/** DELETE /api/scan-reports/:id: removed on `scheduledDate` (YYYY-MM-DD, the next UTC day). */
export const reportDeletionResponseSchema = z.object({ id: z.number().int().positive(), scheduledDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), message: z.string() });
export type ReportDeletionResponse = z.infer<typeof reportDeletionResponseSchema>;

export const reportIdParamSchema = z.coerce.number().int().positive().max(2_147_483_647);
