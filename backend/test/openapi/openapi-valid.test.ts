import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/http/openapi/document';

/* An independent validator (not the library that wrote the document) accepts it as OpenAPI 3.1. */

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(buildOpenApiDocument('https://census.example'))) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is refused when broken (the validator does check)', async () => {
    const document = JSON.parse(JSON.stringify(buildOpenApiDocument('https://census.example'))) as { paths: Record<string, Record<string, { parameters: { in: string }[] }>> };
    const page = document.paths['/api/websites']?.get?.parameters[0];
    if (!page) throw new Error('GET /api/websites has no parameters');
    page.in = 'body'; // OpenAPI 3 has no body parameters
    const result = await new Validator().validate(document);
    expect(result.valid).toBe(false);
  });
});
