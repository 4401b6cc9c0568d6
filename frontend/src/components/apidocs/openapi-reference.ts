import { OPENAPI_METHODS, type OpenApiDocument, type OpenApiOperation } from '@mcp-census/schemas/api/openapi-document';
import { parameterType, schemaSummary } from './schema-summary';

/** The document's operations as the page lists them: grouped by tag, in the document's tag order. */
export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ReferenceBody {
  mediaType: string;
  schema: string;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  bodies: ReferenceBody[];
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  admin: boolean;
  parameters: ReferenceParameter[];
  requestBody: (ReferenceBody & { required: boolean }) | null;
  responses: ReferenceResponse[];
}

export interface ReferenceGroup {
  tag: string;
  description: string;
  operations: ReferenceOperation[];
}

const bodies = (content: Record<string, { schema?: unknown }> | undefined): ReferenceBody[] =>
  Object.entries(content ?? {}).map(([mediaType, media]) => ({ mediaType, schema: schemaSummary(media.schema) }));

function toOperation(method: string, path: string, op: OpenApiOperation): ReferenceOperation {
  const body = bodies(op.requestBody?.content)[0];
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    // an operation whose every security option names a scheme needs credentials; `{}` means open
    admin: (op.security ?? []).length > 0 && (op.security ?? []).every((s) => Object.keys(s).length > 0),
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required ?? false,
      type: parameterType(p.schema),
      description: p.description ?? (typeof p.schema?.description === 'string' ? p.schema.description : ''),
    })),
    requestBody: body ? { ...body, required: op.requestBody?.required ?? false } : null,
    responses: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description, bodies: bodies(r.content) })),
  };
}

export function groupOperations(document: OpenApiDocument): ReferenceGroup[] {
  const groups = new Map<string, ReferenceGroup>();
  for (const tag of document.tags ?? []) groups.set(tag.name, { tag: tag.name, description: tag.description ?? '', operations: [] });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of OPENAPI_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, { tag, description: '', operations: [] });
      groups.get(tag)?.operations.push(toOperation(method, path, op));
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}
