import { openDataIndexSchema } from '@mcp-census/schemas/api/open-data';
import { apiJson } from '../../lib/api-client';

/** The data dictionary; it changes only with a deploy, so it is fetched once per visit. */
export const openDataIndexQuery = {
  queryKey: ['open-data', 'index'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiJson('/api/data', openDataIndexSchema, { signal }),
  staleTime: Infinity,
};
