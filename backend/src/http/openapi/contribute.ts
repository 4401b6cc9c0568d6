import {
  createdResponseSchema,
  optOutBodySchema,
  optOutResponseSchema,
  registrationBodySchema,
  registrationResponseSchema,
  subscriptionBodySchema,
  subscriptionResponseSchema,
  suggestionBodySchema,
  unsubscribeQuerySchema,
  verifyEndpointBodySchema,
  verifyEndpointResponseSchema,
} from '@mcp-census/schemas';
import { errors, json, jsonBody, media, route, WRITE_ERRORS, type RouteContract } from './contract';

/** backend/src/http/routes/contribute-routes.ts, opt-out-route.ts, unsubscribe-route.ts */
export const CONTRIBUTE_ROUTES: RouteContract[] = [
  route('post', '/api/verify-mcp-endpoint', {
    operationId: 'verifyMcpEndpoint',
    summary: 'Probe one URL for an MCP endpoint',
    tags: ['contribute'],
    requestBody: jsonBody(verifyEndpointBodySchema),
    responses: { '200': json(verifyEndpointResponseSchema, 'Whether an MCP endpoint answered'), ...errors(...WRITE_ERRORS) },
  }),
  route('post', '/api/register-mcp-endpoint', {
    operationId: 'registerMcpEndpoint',
    summary: 'Register a verified MCP endpoint for monitoring',
    tags: ['contribute'],
    requestBody: jsonBody(registrationBodySchema),
    responses: { '201': json(registrationResponseSchema, 'Verified and registered'), ...errors(...WRITE_ERRORS, 422) },
  }),
  route('post', '/api/suggest-scanning-method', {
    operationId: 'suggestScanningMethod',
    summary: 'Suggest a way to detect MCP endpoints',
    tags: ['contribute'],
    requestBody: jsonBody(suggestionBodySchema),
    responses: { '201': json(createdResponseSchema, 'Suggestion stored'), ...errors(...WRITE_ERRORS) },
  }),
  route('post', '/api/subscribe', {
    operationId: 'subscribe',
    summary: 'Subscribe to the e-mail adoption reports',
    tags: ['contribute'],
    requestBody: jsonBody(subscriptionBodySchema),
    responses: {
      '200': json(subscriptionResponseSchema, 'An existing subscription was updated'),
      '201': json(subscriptionResponseSchema, 'Subscribed'),
      ...errors(...WRITE_ERRORS),
    },
  }),
  route('get', '/api/unsubscribe', {
    operationId: 'unsubscribe',
    summary: 'Stop the e-mail reports (the signed link of a report mail); answers a page',
    tags: ['contribute'],
    requestParams: { query: unsubscribeQuerySchema },
    responses: {
      '200': media('text/html', 'Unsubscribed (or already unsubscribed)'),
      '400': media('text/html', 'The link is not valid or has expired; nothing changed'),
    },
  }),
  route('post', '/api/opt-out', {
    operationId: 'requestOptOut',
    summary: "A site owner's request to stop scanning a domain (stored for review)",
    tags: ['contribute'],
    requestBody: jsonBody(optOutBodySchema),
    responses: { '202': json(optOutResponseSchema, 'Stored for review'), ...errors(...WRITE_ERRORS, 409) },
  }),
];
