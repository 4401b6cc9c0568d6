import { z } from 'zod';
import { probeUrlSchema } from './one-url-scan';
import { emailAddress, multiLineText, singleLineText } from './text';

/** An optional text field; empty counts as absent. */
const optional = <S extends z.ZodType<string>>(schema: S) => schema.optional().transform((s) => (s ? s : undefined));

/** POST /api/verify-mcp-endpoint */
export const verifyEndpointBodySchema = z.object({ endpoint: singleLineText({ max: 2048 }).min(1, 'Please enter an MCP endpoint URL to verify.') }).strict();

/** POST /api/register-mcp-endpoint: the spec's registration payload. */
export const registrationBodySchema = z
  .object({
    websiteName: singleLineText({ min: 1, max: 200 }),
    websiteUrl: probeUrlSchema,
    description: optional(multiLineText({ max: 2000 })),
    contactEmail: emailAddress(),
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
    endpoint: optional(singleLineText({ max: 2048 })),
    httpMethod: z.enum(SUGGESTION_HTTP_METHODS).optional(),
    description: multiLineText({ min: 1, max: 4000 }),
    example: optional(multiLineText({ max: 4000 })),
    contactEmail: emailAddress(),
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
    email: emailAddress('Please enter a valid email address.'),
    frequency: z.enum(SUBSCRIPTION_FREQUENCIES).default('weekly'),
  })
  .strict();
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export const createdResponseSchema = z.object({ id: z.number().int().positive(), message: z.string() });
export const subscriptionResponseSchema = z.object({ id: z.number().int().positive(), email: z.string(), frequency: z.enum(SUBSCRIPTION_FREQUENCIES), created: z.boolean(), message: z.string() });
