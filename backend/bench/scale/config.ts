import { z } from 'zod';

/** The sections of `npm run bench:scale`, in the order they run. */
export const SECTIONS = ['import', 'projection', 'api', 'trends', 'downloads', 'overview', 'rescans', 'scanning'] as const;
export type Section = (typeof SECTIONS)[number];

/** The targets, exact. */
export const TARGETS = {
  importSeconds: 60,
  projectionEventsPerSecond: 10_000,
  downloadPeakRssMb: 512,
  downloadRssGrowthPct: 25,
  scanSitesPerSecond: 500,
  scanRssGrowthPct: 10,
  overviewMs: 1_000,
} as const;

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const envSchema = z.object({
  SCALE_SITES: count(1_000_000),
  SCALE_SCAN_SITES: count(100_000),
  /** Comma-separated sections to run; unset: all. Sections that need data (api, trends, downloads, overview) run on what import + projection left, so run those too. */
  SCALE_ONLY: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SECTIONS))),
  SCALE_OVERVIEW_RUNS: count(7),
  /** Days of rescans after the first scans (rescans section): the last one is measured, the first two set up each site's history. */
  SCALE_RESCAN_DAYS: count(3),
});

export interface ScaleConfig {
  sites: number;
  scanSites: number;
  sections: Set<Section>;
  overviewRuns: number;
  rescanDays: number;
}

export function loadScaleConfig(env: NodeJS.ProcessEnv = process.env): ScaleConfig {
  const e = envSchema.parse(env);
  return {
    sites: e.SCALE_SITES,
    scanSites: e.SCALE_SCAN_SITES,
    sections: new Set(e.SCALE_ONLY.length > 0 ? e.SCALE_ONLY : SECTIONS),
    overviewRuns: e.SCALE_OVERVIEW_RUNS,
    rescanDays: e.SCALE_RESCAN_DAYS,
  };
}
