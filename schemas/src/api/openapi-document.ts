import { z } from 'zod';

/**
 * GET /api/openapi.json, as far as the API documentation page reads it: tags,
 * and per operation its method, path, summary, parameters, request body and
 * responses. Loose everywhere: the document is OpenAPI 3.1 and carries much
 * more (JSON Schemas, components), which the page does not need to check.
 */
const jsonSchemaSchema = z.looseObject({});

const mediaTypesSchema = z.record(z.string(), z.looseObject({ schema: jsonSchemaSchema.optional() }));

export const openApiParameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(['query', 'path', 'header', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchemaSchema.optional(),
});
export type OpenApiParameter = z.infer<typeof openApiParameterSchema>;

export const openApiOperationSchema = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).min(1),
  parameters: z.array(openApiParameterSchema).optional(),
  requestBody: z.looseObject({ required: z.boolean().optional(), content: mediaTypesSchema }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string(), content: mediaTypesSchema.optional() })),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(z.string(), z.partialRecord(z.enum(OPENAPI_METHODS), openApiOperationSchema)),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchemaSchema).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
