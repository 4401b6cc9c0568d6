import { SUGGESTION_HTTP_METHODS, SUGGESTION_TYPES, type SuggestionBody } from '@mcp-census/schemas/api/contribute';

export { SUGGESTION_HTTP_METHODS, SUGGESTION_TYPES };
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];
export type SuggestionHttpMethod = (typeof SUGGESTION_HTTP_METHODS)[number];

export interface SuggestionFields {
  suggestionType: SuggestionType | '';
  endpoint: string;
  httpMethod: SuggestionHttpMethod;
  description: string;
  example: string;
  contactEmail: string;
}

export const emptySuggestion: SuggestionFields = { suggestionType: '', endpoint: '', httpMethod: 'GET', description: '', example: '', contactEmail: '' };

export const SUGGESTION_MISSING = { title: 'Missing required fields', description: 'Please fill in suggestion type, description, and contact email.' } as const;

export function suggestionProblem(fields: SuggestionFields): typeof SUGGESTION_MISSING | undefined {
  return fields.suggestionType && fields.description.trim() && fields.contactEmail.trim() ? undefined : SUGGESTION_MISSING;
}

/** The request body; endpoint and httpMethod travel only for suggestions of type endpoint. */
export function suggestionBody(fields: SuggestionFields & { suggestionType: SuggestionType }): SuggestionBody {
  const isEndpoint = fields.suggestionType === 'endpoint';
  // Undefined fields are left out of the JSON body.
  const endpointOnly = { endpoint: isEndpoint ? fields.endpoint.trim() || undefined : undefined, httpMethod: isEndpoint ? fields.httpMethod : undefined };
  return {
    suggestionType: fields.suggestionType,
    ...endpointOnly,
    description: fields.description.trim(),
    example: fields.example.trim() || undefined,
    contactEmail: fields.contactEmail.trim(),
  };
}
