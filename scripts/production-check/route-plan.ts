import { z } from 'zod';

/**
 * The requests the production check sends, taken from the product's own
 * descriptions: the SPA's routes from frontend/src/App.tsx, the REST GETs from
 * GET /api/openapi.json (which lists every operation).
 */
export interface PlannedGet {
  path: string;
  /** `200`: the answer must be 200. `no-5xx`: any answer below 500, or a status the operation documents. */
  expect: '200' | 'no-5xx';
  documented: string[];
}

/** `<Route path="/website/:id" …>` → `/website/1`. */
export function spaRoutes(appSource: string): string[] {
  const paths = [...appSource.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/:[A-Za-z_]+/g, '1'));
  return [...new Set(paths)];
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
// Only scalar samples are usable in a URL; anything else is ignored rather than refused.
const schemaSchema = z.looseObject({ type: z.string().optional(), enum: z.array(scalar).optional().catch(undefined), example: scalar.optional().catch(undefined) });
const parameterSchema = z.looseObject({ name: z.string(), in: z.string(), required: z.boolean().optional(), schema: schemaSchema.optional() });
const operationSchema = z.looseObject({
  parameters: z.array(parameterSchema).optional(),
  responses: z.record(z.string(), z.unknown()),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export const openApiSchema = z.looseObject({
  paths: z.record(z.string(), z.looseObject({ get: operationSchema.optional() })),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type OpenApi = z.infer<typeof openApiSchema>;

/** A value for a parameter: its example, its first enum value, else 1 (an id: the catalogue's first site). */
function sample(p: z.infer<typeof parameterSchema>): string {
  const s = p.schema;
  if (s?.example !== undefined) return String(s.example);
  if (s?.enum?.length) return String(s.enum[0]);
  return '1';
}

/** Security that needs credentials: any requirement object with a scheme (`{}` means "or anonymous"). */
function needsCredentials(security: Record<string, string[]>[] | undefined): boolean {
  return security !== undefined && security.length > 0 && security.every((req) => Object.keys(req).length > 0);
}

export function apiGets(doc: OpenApi): PlannedGet[] {
  const planned: PlannedGet[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item.get;
    if (!op) continue;
    const params = op.parameters ?? [];
    let path = template;
    for (const p of params.filter((x) => x.in === 'path')) path = path.replace(`{${p.name}}`, encodeURIComponent(sample(p)));
    const query = params.filter((x) => x.in === 'query' && x.required).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(sample(p))}`);
    if (query.length > 0) path += `?${query.join('&')}`;
    const documented = Object.keys(op.responses);
    const parameterless = params.every((p) => p.in !== 'path' && !(p.in === 'query' && p.required));
    // 5xx documented (the health check's 503 when degraded) or credentials needed: the documented answers are all right.
    const plain = parameterless && !needsCredentials(op.security ?? doc.security) && !documented.some((s) => s.startsWith('5'));
    planned.push({ path, expect: plain ? '200' : 'no-5xx', documented });
  }
  return planned;
}

/** Whether `status` meets the plan. */
export function statusMeets(plan: PlannedGet, status: number): boolean {
  if (plan.expect === '200') return status === 200;
  return status < 500 || plan.documented.includes(String(status));
}
