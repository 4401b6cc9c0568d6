import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks live answers against an OpenAPI 3.1 document: the status must be one
 * the operation lists, the content type one of that response's media types,
 * and a JSON body must satisfy its schema (JSON Schema 2020-12, $refs
 * resolved from the document's own components).
 */

interface MediaType {
  schema?: unknown;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
export interface CheckedDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface LiveAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

const DOCUMENT_ID = 'https://census.test/openapi.json';
const pointerPart = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

export function createContractChecker(document: CheckedDocument): (method: string, path: string, answer: LiveAnswer) => string[] {
  // strict off: OpenAPI adds keywords JSON Schema does not know (e.g. `example`); zod's patterns are plain JS regexes
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, unicodeRegExp: false });
  addFormats(ajv);
  // the whole document as one schema resource: every $ref "#/components/schemas/..." resolves inside it
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });

  return (method, path, answer) => {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const response = operation.responses[String(answer.status)];
    if (!response) return [`${method} ${path} answered ${answer.status}, which the document does not list (${Object.keys(operation.responses).join(', ')})`];
    const mediaTypes = Object.keys(response.content ?? {});
    if (mediaTypes.length === 0) return answer.body.length === 0 ? [] : [`${method} ${path} ${answer.status} has a body the document does not describe`];
    const given = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!mediaTypes.includes(given)) return [`${method} ${path} ${answer.status} answered ${answer.contentType ?? 'no content type'}, the document says ${mediaTypes.join(' or ')}`];
    if (given !== 'application/json') return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${method} ${path} ${answer.status} is not valid JSON`];
    }
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(answer.status), 'content', given, 'schema'].map(pointerPart).join('/');
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/${pointer}`);
    if (!validate) return [`${method} ${path} ${answer.status}: no schema at #/${pointer}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 10).map((e) => `${method} ${path} ${answer.status}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
}
