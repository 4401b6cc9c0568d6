import { z } from 'zod';
import { OPEN_DATA_MEDIA_TYPES, noQuerySchema, openDataFileParamSchema, openDataIndexSchema, openDataQuerySchema } from '@mcp-census/schemas';
import { errors, json, route, type RouteContract } from './contract';

/** backend/src/http/routes/open-data-routes.ts */
const mediaType = (full: string): string => full.split(';')[0]?.trim() ?? full;

export const OPEN_DATA_ROUTES: RouteContract[] = [
  route('get', '/api/data', {
    operationId: 'getOpenDataIndex',
    summary: 'The open data dictionary: datasets, columns and download addresses',
    tags: ['public-data'],
    requestParams: { query: noQuerySchema },
    responses: { '200': json(openDataIndexSchema, 'The dictionary'), ...errors(400) },
  }),
  route('get', '/api/data/{file}', {
    operationId: 'downloadOpenData',
    summary: 'Download one dataset as CSV or Parquet (streamed)',
    tags: ['public-data'],
    requestParams: {
      path: z.object({ file: openDataFileParamSchema.describe('<dataset>.<csv|parquet>, as listed by GET /api/data') }),
      query: openDataQuerySchema,
    },
    responses: {
      '200': {
        description: 'The dataset, as an attachment',
        content: {
          [mediaType(OPEN_DATA_MEDIA_TYPES.csv)]: { schema: z.string() },
          [mediaType(OPEN_DATA_MEDIA_TYPES.parquet)]: { schema: z.string().meta({ contentMediaType: 'application/vnd.apache.parquet' }) },
        },
      },
      ...errors(400),
    },
  }),
];
