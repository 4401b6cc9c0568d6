import { z } from 'zod';
import { latestScanSummaryRowSchema } from './latest-scan-row';
import { livenessRowSchema } from './liveness-row';

/** A website's own columns (`w.id, w.name, w.url, w.category, w.opted_out`) with its latest scan summary and liveness. */
export const websiteRowSchema = latestScanSummaryRowSchema.extend(livenessRowSchema.shape).extend({
  id: z.coerce.number().int(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  opted_out: z.boolean(),
});
