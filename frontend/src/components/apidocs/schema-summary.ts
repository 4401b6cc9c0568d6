/**
 * One-line summaries of the JSON Schemas in the OpenAPI document, for people:
 * a component's name, `object {a, b, …}`, `array of X`, `"a" | "b"`, a type
 * with its format and bounds. The full schema is in the raw document.
 */
type JsonSchema = Record<string, unknown>;

const MAX_FIELDS = 6;
const MAX_ENUM = 6;

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

export function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** `1–100`, `> 0`, `≤ 200`; maxima of MAX_SAFE_INTEGER say nothing to a reader and are left out. */
function range(min: number | undefined, exclusiveMin: number | undefined, max: number | undefined): string {
  const hi = max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined;
  if (min !== undefined && hi !== undefined) return `${min}–${hi}`;
  const parts = [min !== undefined ? `≥ ${min}` : exclusiveMin !== undefined ? `> ${exclusiveMin}` : '', hi !== undefined ? `≤ ${hi}` : ''];
  return parts.filter(Boolean).join(', ');
}

function bounds(schema: JsonSchema): string {
  const numeric = range(num(schema.minimum), num(schema.exclusiveMinimum), num(schema.maximum));
  const length = range(num(schema.minLength) || undefined, undefined, num(schema.maxLength));
  if (numeric) return ` ${numeric}`;
  return length ? `, length ${length}` : '';
}

export function schemaSummary(schema: unknown, depth = 0): string {
  if (!isSchema(schema)) return 'any';
  const name = refName(schema);
  if (name) return name;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.slice(0, MAX_ENUM).map((v) => JSON.stringify(v));
    return values.join(' | ') + (schema.enum.length > MAX_ENUM ? ' | …' : '');
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return depth > 1 ? 'one of several' : alternatives.map((a) => schemaSummary(a, depth + 1)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'array') return depth > 1 ? 'array' : `array of ${schemaSummary(schema.items, depth + 1)}`;
  if (type === 'object' || isSchema(schema.properties)) {
    const fields = Object.keys(isSchema(schema.properties) ? schema.properties : {});
    if (fields.length === 0) return 'object';
    return `object {${fields.slice(0, MAX_FIELDS).join(', ')}${fields.length > MAX_FIELDS ? ', …' : ''}}`;
  }
  if (!type) return 'any';
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${type}${format}${bounds(schema)}`;
}

/** A parameter's type: the summary plus its default, e.g. `integer 1–100, default 15`. */
export function parameterType(schema: unknown): string {
  const summary = schemaSummary(schema);
  return isSchema(schema) && schema.default !== undefined ? `${summary}, default ${JSON.stringify(schema.default)}` : summary;
}
