import { z } from 'zod';
import { probeUrlSchema } from './one-url-scan';

const email = z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((s) => (s ? s : undefined));

/** POST /api/verify-mcp-endpoint */
export const verifyEndpointBodySchema = z.object({ endpoint: z.string().trim().min(1, 'Please enter an MCP endpoint URL to verify.').max(2048) }).strict();

/** POST /api/register-mcp-endpoint: the spec's registration payload. */
export const registrationBodySchema = z
  .object({
    websiteName: z.string().trim().min(1).max(200),
    websiteUrl: probeUrlSchema,
    description: optionalText(2000),
    contactEmail: email,
    mcpEndpoint: probeUrlSchema,
  })
  .strict();
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

export const registrationResponseSchema = z.object({
  id: z.number().int().positive(),
  status: z.literal('verified'),
  websiteId: z.number().int().positive(),
  message: z.string(),
});

export const SUGGESTION_TYPES = ['endpoint', 'header', 'content', 'config', 'discovery', 'other'] as const;
export const SUGGESTION_HTTP_METHODS = ['GET', 'POST', 'PUT', 'OPTIONS'] as const;

/** POST /api/suggest-scanning-method: endpoint and httpMethod only for type endpoint. */
export const suggestionBodySchema = z
  .object({
    suggestionType: z.enum(SUGGESTION_TYPES),
    endpoint: optionalText(2048),
    httpMethod: z.enum(SUGGESTION_HTTP_METHODS).optional(),
    description: z.string().trim().min(1).max(4000),
    example: optionalText(4000),
    contactEmail: email,
  })
  .strict()
  .refine((s) => s.suggestionType === 'endpoint' || (s.endpoint === undefined && s.httpMethod === undefined), {
    message: 'endpoint and httpMethod apply only to suggestions of type endpoint',
    path: ['suggestionType'],
  });
export type SuggestionBody = z.infer<typeof suggestionBodySchema>;

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** POST /api/subscribe: weekly by default. */
export const subscriptionBodySchema = z
  .object({
    email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+$/, 'Please enter a valid email address.'),
    frequency: z.enum(SUBSCRIPTION_FREQUENCIES).default('weekly'),
  })
  .strict();
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export const createdResponseSchema = z.object({ id: z.number().int().positive(), message: z.string() });
export const subscriptionResponseSchema = z.object({ id: z.number().int().positive(), email: z.string(), frequency: z.enum(SUBSCRIPTION_FREQUENCIES), created: z.boolean(), message: z.string() });
