/**
 * Bounded walk over an untrusted JSON schema (a tool's inputSchema),
 * collecting every string with where it sits. Depth, node count and total
 * characters are capped, so a hostile 32 KB schema costs the same as a
 * small one.
 */
export const SCHEMA_WALK_LIMITS = { maxDepth: 32, maxNodes: 5_000, maxChars: 64_000, maxStringChars: 8_000 } as const;

/**
 * Schema characters one detector reads per site, across all its tools (the
 * scanner allows 500 tools × 32 KB). Names and descriptions are always read;
 * schemas past this budget are skipped — a known limit, far above honest
 * servers (500 tools × 4 KB).
 */
export const SITE_SCHEMA_CHAR_BUDGET = 2_000_000;

/** Characters left for schema strings; shared by one detector run over a site. */
export interface SchemaBudget {
  remaining: number;
}

export function siteSchemaBudget(): SchemaBudget {
  return { remaining: SITE_SCHEMA_CHAR_BUDGET };
}

/** Where a string sits in the schema: prose, a value the client may use, a property name, or other keywords. */
export type SchemaStringRole = 'property-name' | 'description' | 'title' | 'default' | 'const' | 'enum' | 'examples' | 'other';

export interface SchemaString {
  /** Dotted path to the string, e.g. `properties.path.description`. */
  path: string;
  role: SchemaStringRole;
  value: string;
  /** The nearest enclosing property (a key of a `properties` object). */
  propertyName: string | null;
  /** For `default`/`const`: the `enum` next to it, when the same node has one. */
  siblingEnum: readonly unknown[] | null;
}

export const VALUE_ROLES: ReadonlySet<SchemaStringRole> = new Set(['default', 'const', 'enum', 'examples']);

const KEYWORD_ROLES: Readonly<Record<string, SchemaStringRole>> = {
  description: 'description',
  $comment: 'description',
  title: 'title',
  default: 'default',
  const: 'const',
  enum: 'enum',
  examples: 'examples',
  example: 'examples',
};

const PROPERTY_CONTAINERS = new Set(['properties', 'patternProperties']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function appendPath(path: string, segment: string): string {
  const seg = segment.length > 40 ? `${segment.slice(0, 39)}…` : segment;
  const next = path ? `${path}.${seg}` : seg;
  return next.length > 120 ? `…${next.slice(-119)}` : next;
}

/**
 * Walks already done, by schema object, for walks the site budget did not cut short (the
 * same walk every time). Several detectors read each tool's schema strings over one
 * site's scan: the walk, which builds a path per node, then runs once per tool instead of
 * once per detector. Keyed weakly: an entry goes with its scan result.
 */
const fullWalks = new WeakMap<object, { strings: readonly SchemaString[]; chars: number }>();

/** Every string of the schema with where it sits; the result is shared between callers, not to be changed. */
export function schemaStrings(schema: unknown, budget?: SchemaBudget): readonly SchemaString[] {
  const maxChars = Math.min(SCHEMA_WALK_LIMITS.maxChars, budget?.remaining ?? Infinity);
  const cacheable = typeof schema === 'object' && schema !== null && maxChars === SCHEMA_WALK_LIMITS.maxChars;
  const done = cacheable ? fullWalks.get(schema) : undefined;
  if (done) {
    if (budget) budget.remaining -= done.chars;
    return done.strings;
  }
  const { strings, chars } = walkSchema(schema, maxChars);
  if (cacheable) fullWalks.set(schema, { strings, chars });
  if (budget) budget.remaining -= chars;
  return strings;
}

/** One walk's output and counters (a plain object: the walk is a recursion of module functions, not closures). */
interface Walk {
  out: SchemaString[];
  nodes: number;
  chars: number;
  maxChars: number;
}

function exhausted(w: Walk): boolean {
  return w.nodes > SCHEMA_WALK_LIMITS.maxNodes || w.chars >= w.maxChars;
}

function emit(w: Walk, path: string, role: SchemaStringRole, propertyName: string | null, siblingEnum: readonly unknown[] | null, value: string): void {
  if (exhausted(w)) return;
  const v = value.length > SCHEMA_WALK_LIMITS.maxStringChars ? value.slice(0, SCHEMA_WALK_LIMITS.maxStringChars) : value;
  w.chars += v.length;
  w.out.push({ path, role, propertyName, siblingEnum, value: v });
}

function visit(
  w: Walk,
  node: unknown,
  path: string,
  role: SchemaStringRole,
  propertyName: string | null,
  siblingEnum: readonly unknown[] | null,
  depth: number,
): void {
  w.nodes++;
  if (exhausted(w) || depth > SCHEMA_WALK_LIMITS.maxDepth) return;
  if (typeof node === 'string') {
    emit(w, path, role, propertyName, siblingEnum, node);
    return;
  }
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length && !exhausted(w); i++) visit(w, node[i], appendPath(path, String(i)), role, propertyName, siblingEnum, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  const inValue = VALUE_ROLES.has(role);
  const nodeEnum = !inValue && Array.isArray(node.enum) ? node.enum : null;
  for (const key in node) {
    if (exhausted(w)) return;
    const child = node[key];
    if (inValue) {
      // Inside a default/example object every key and string is part of the value.
      emit(w, path, role, propertyName, siblingEnum, key);
      visit(w, child, appendPath(path, key), role, propertyName, siblingEnum, depth + 1);
    } else if (PROPERTY_CONTAINERS.has(key) && isRecord(child)) {
      for (const prop in child) {
        if (exhausted(w)) return;
        w.nodes++; // a property name is a node of its own
        const propSchema = child[prop];
        const propPath = appendPath(appendPath(path, key), prop);
        emit(w, propPath, 'property-name', prop, null, prop);
        visit(w, propSchema, propPath, 'other', prop, null, depth + 2);
      }
    } else {
      const childRole = KEYWORD_ROLES[key] ?? 'other';
      const childEnum = childRole === 'default' || childRole === 'const' ? nodeEnum : null;
      visit(w, child, appendPath(path, key), childRole, propertyName, childEnum, depth + 1);
    }
  }
}

/**
 * schemaStrings without the cache, for a caller that walks each schema of a
 * site once and shares the result (the per-site detector run): same strings,
 * same budget use, no WeakMap entry to create and collect per schema.
 */
export function walkSchemaOnce(schema: unknown, budget: SchemaBudget): readonly SchemaString[] {
  const { strings, chars } = walkSchema(schema, Math.min(SCHEMA_WALK_LIMITS.maxChars, budget.remaining));
  budget.remaining -= chars;
  return strings;
}

function walkSchema(schema: unknown, maxChars: number): { strings: SchemaString[]; chars: number } {
  const w: Walk = { out: [], nodes: 0, chars: 0, maxChars };
  if (maxChars > 0) visit(w, schema, '', 'other', null, null, 0);
  return { strings: w.out, chars: w.chars };
}
