import { describe, expect, it } from 'vitest';
import { suggestionBodySchema } from '@mcp-census/schemas/api/contribute';
import { emptySuggestion, SUGGESTION_MISSING, suggestionBody, suggestionProblem } from '../src/lib/suggestion-form';

const filled = { ...emptySuggestion, suggestionType: 'header' as const, description: 'X-MCP header', contactEmail: 'a@example.com', endpoint: '/mcp', httpMethod: 'POST' as const };

describe('suggestion form', () => {
  it('requires type, description and contact email', () => {
    expect(suggestionProblem(emptySuggestion)).toEqual(SUGGESTION_MISSING);
    expect(suggestionProblem({ ...filled, description: ' ' })).toEqual(SUGGESTION_MISSING);
    expect(suggestionProblem(filled)).toBeUndefined();
    expect(SUGGESTION_MISSING.description).toBe('Please fill in suggestion type, description, and contact email.');
  });

  it('sends endpoint and httpMethod only for type endpoint, in a body the API accepts', () => {
    const header: unknown = JSON.parse(JSON.stringify(suggestionBody(filled)));
    expect(header).not.toHaveProperty('endpoint');
    expect(header).not.toHaveProperty('httpMethod');
    expect(suggestionBodySchema.safeParse(header).success).toBe(true);

    const endpoint: unknown = JSON.parse(JSON.stringify(suggestionBody({ ...filled, suggestionType: 'endpoint' })));
    expect(endpoint).toMatchObject({ endpoint: '/mcp', httpMethod: 'POST' });
    expect(suggestionBodySchema.safeParse(endpoint).success).toBe(true);
  });
});
