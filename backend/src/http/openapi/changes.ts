import { changesFeedQuerySchema, changesQuerySchema, changesResponseSchema } from '@mcp-census/schemas/api/changes';
import { errors, json, media, route, type RouteContract } from './contract';

/** backend/src/http/routes/changes-routes.ts (`kind` may also be repeated: `?kind=a&kind=b` is `?kind=a,b`). */
export const CHANGES_ROUTES: RouteContract[] = [
  route('get', '/api/changes', {
    operationId: 'listChanges',
    summary: "Census-wide changes (adoptions, drops, capability changes, new findings), newest first, keyset paged",
    tags: ['public-data'],
    requestParams: { query: changesQuerySchema },
    responses: { '200': json(changesResponseSchema, 'One page of changes'), ...errors(400) },
  }),
  route('get', '/feeds/changes.atom', {
    operationId: 'getChangesFeed',
    summary: 'The newest 100 changes as an Atom 1.0 feed',
    tags: ['public-data'],
    requestParams: { query: changesFeedQuerySchema },
    responses: { '200': media('application/atom+xml', 'The feed'), ...errors(400) },
  }),
];
