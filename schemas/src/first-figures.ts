import { z } from 'zod';
import { metricsResponseSchema } from './api/websites';

/** The id of the Overview HTML's JSON data block holding its first figures. */
export const FIRST_FIGURES_ELEMENT_ID = 'census-first-figures';

/** What the Overview's HTML carries for the app's first render: the GET /api/metrics answer of the moment. */
export const firstFiguresSchema = z.object({ metrics: metricsResponseSchema });
export type FirstFigures = z.infer<typeof firstFiguresSchema>;
