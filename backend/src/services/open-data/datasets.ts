import type { ClickHouseClient } from '@clickhouse/client';
import { OPEN_DATASETS, openDataColumns, type OpenDataColumn, type OpenDatasetName, type OpenDataQuery } from '@mcp-census/schemas/api/open-data';
import type pg from 'pg';
import { openDataCapabilities } from '../../queries/open-data-capabilities';
import { openDataSites } from '../../queries/open-data-sites';
import { openDataTrendsDaily } from '../../queries/open-data-trends-daily';

export interface OpenDataSources {
  pool: pg.Pool;
  clickhouse: ClickHouseClient;
  now?: () => Date;
}

type RowSource = (deps: OpenDataSources, q: OpenDataQuery, signal: AbortSignal) => AsyncGenerator<Record<string, unknown>>;

/** Where each dataset's rows come from (the row shapes live in schemas/src/api/open-data.ts). */
const SOURCES: Record<OpenDatasetName, RowSource> = {
  sites: (d, q, signal) => openDataSites(d.pool, { category: q.category, signal }),
  capabilities: (d, q, signal) => openDataCapabilities(d.pool, { category: q.category, signal }),
  'trends-daily': (d, q, signal) => openDataTrendsDaily(d.clickhouse, { now: (d.now ?? (() => new Date()))(), category: q.category, signal }),
};

// computed once: the columns never change while the process runs
const COLUMNS = Object.fromEntries(Object.entries(OPEN_DATASETS).map(([name, d]) => [name, openDataColumns(d.rowSchema)])) as Record<OpenDatasetName, OpenDataColumn[]>;

export const datasetColumns = (name: OpenDatasetName): OpenDataColumn[] => COLUMNS[name];

export function datasetRows(name: OpenDatasetName, deps: OpenDataSources, q: OpenDataQuery, signal: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  return SOURCES[name](deps, q, signal);
}
