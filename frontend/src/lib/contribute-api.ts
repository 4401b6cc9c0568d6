import {
  createdResponseSchema,
  registrationResponseSchema,
  subscriptionResponseSchema,
  type RegistrationBody,
  type SubscriptionBody,
  type SuggestionBody,
} from '@mcp-census/schemas/api/contribute';
import { verifyEndpointResponseSchema } from '@mcp-census/schemas/api/one-url-scan';
import { apiJson } from './api-client';

/** Visitors' contributions: endpoint verification and registration, suggestions, subscriptions. */
export const verifyEndpoint = (endpoint: string) =>
  apiJson('/api/verify-mcp-endpoint', verifyEndpointResponseSchema, { method: 'POST', body: { endpoint } });
export const registerEndpoint = (body: RegistrationBody) =>
  apiJson('/api/register-mcp-endpoint', registrationResponseSchema, { method: 'POST', body });
export const suggestScanningMethod = (body: SuggestionBody) =>
  apiJson('/api/suggest-scanning-method', createdResponseSchema, { method: 'POST', body });
export const subscribe = (body: SubscriptionBody) => apiJson('/api/subscribe', subscriptionResponseSchema, { method: 'POST', body });
