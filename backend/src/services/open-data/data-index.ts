import { OPEN_DATA_FORMATS, OPEN_DATA_MAX_TEXT, OPEN_DATA_MEDIA_TYPES, OPEN_DATASET_NAMES, OPEN_DATASETS, type OpenDataIndex } from '@mcp-census/schemas/api/open-data';
import { MAX_TREND_RANGE_DAYS, TREND_GRANULARITIES } from '@mcp-census/schemas/api/public-queries';
import { datasetColumns } from './datasets';

/**
 * GET /api/data: the data dictionary, generated from the row schemas (never
 * written by hand). URLs are relative to the API's origin.
 */
export function openDataIndex(): OpenDataIndex {
  return {
    datasets: OPEN_DATASET_NAMES.map((name) => {
      const d = OPEN_DATASETS[name];
      return {
        name,
        title: d.title,
        description: d.description,
        filters: [...d.filters],
        downloads: OPEN_DATA_FORMATS.map((format) => ({ format, mediaType: OPEN_DATA_MEDIA_TYPES[format], url: `/api/data/${name}.${format}` })),
        columns: datasetColumns(name),
      };
    }),
    notes: {
      csv: `CSV: UTF-8, comma-separated, header row, empty cell = null, booleans true/false. Text cells starting with = + - @ or a tab/CR are prefixed with ' (spreadsheet formula protection); text is cut at ${OPEN_DATA_MAX_TEXT.toLocaleString('en-US')} characters.`,
      trends:
        `GET /api/trends/adoption also takes from and to (YYYY-MM-DD, at most ${MAX_TREND_RANGE_DAYS} days apart, not with period), ` +
        `granularity (${TREND_GRANULARITIES.join(', ')}; a week or month point takes the figures of its last day in the range, end of bucket, and sums newAdoptions) ` +
        'and category; GET /api/trends/categories takes from, to (compare the end of to with the end of from) and category.',
      refresh: 'Generated on request from the live census, which is updated continuously (each site is rescanned every 24 hours by default).',
    },
  };
}
