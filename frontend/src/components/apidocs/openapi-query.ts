import { queryOptions } from '@tanstack/react-query';
import { openApiDocumentSchema } from '@mcp-census/schemas/api/openapi-document';
import { apiJson } from '../../lib/api-client';

export const OPENAPI_PATH = '/api/openapi.json';

/** The document changes only with a deploy: fetched once per visit, checked against the parts the page renders. */
export const openApiQuery = queryOptions({
  queryKey: ['openapi'],
  queryFn: ({ signal }) => apiJson(OPENAPI_PATH, openApiDocumentSchema, { signal }),
  staleTime: Infinity,
  retry: 2,
});
