/**
 * Translates `param_<name>` values as they arrive over HTTP into values for
 * chdb's server-side binding (Session.queryBindAsync).
 *
 * On the wire a value is in ClickHouse's Escaped text form, exactly what the
 * server parses for `{name:Type}` (e.g. `it\'s`, `['a\'b','c']`, `\N`). chdb's
 * binder takes a JS value instead and re-escapes a top-level string with TSV
 * rules (only `\ \0 \b \f \n \r \t`), so the wire text cannot be passed
 * through as-is: `\'` would become `\\'`. We therefore decode each value into
 * the JS string whose chdb re-escaping the engine parses to the same value:
 *  - scalar types: decode the whole Escaped field into its raw characters;
 *  - Array/Map/Tuple/Nested: decode escapes inside quoted literals only and
 *    express a quote there as `''` (which the engine's quoted-string reader
 *    accepts and TSV escaping leaves alone);
 *  - the whole value `\N` is NULL.
 * Values are never spliced into SQL text.
 */

export type BindValue = string | null;

const COMPOSITE_RE = /^(Array|Map|Tuple|Nested)\s*\(/i;
const WRAPPER_RE = /^(Nullable|LowCardinality)\s*\(([\s\S]*)\)$/i;

/** `{name:Type}` placeholders of a query, by name (first declaration wins). */
export function placeholderTypes(sql: string): Map<string, string> {
  const types = new Map<string, string>();
  const re = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/g;
  for (let m = re.exec(sql); m !== null; m = re.exec(sql)) {
    const name = m[1] as string;
    let depth = 0;
    let end = -1;
    for (let i = re.lastIndex; i < sql.length; i++) {
      const c = sql[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === '}' && depth === 0) {
        end = i;
        break;
      } else if (c === '{' || c === '\n') break;
    }
    if (end < 0) continue;
    if (!types.has(name)) types.set(name, sql.slice(re.lastIndex, end).trim());
  }
  return types;
}

function isComposite(type: string | undefined): boolean {
  let t = (type ?? '').trim();
  for (let m = WRAPPER_RE.exec(t); m !== null; m = WRAPPER_RE.exec(t)) t = (m[2] as string).trim();
  return COMPOSITE_RE.test(t);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '0': '\0',
};

/** Decodes the escape sequence starting at `s[i] === '\\'`; returns the char(s) and the next index. */
function decodeEscape(s: string, i: number): [string, number] {
  const c = s[i + 1];
  if (c === undefined) return ['\\', i + 1];
  if (c === 'x') {
    const hex = s.slice(i + 2, i + 4);
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) return [String.fromCharCode(parseInt(hex, 16)), i + 4];
    return ['x', i + 2];
  }
  return [SIMPLE_ESCAPES[c] ?? c, i + 2];
}

/** Escaped field → raw characters (ClickHouse's readEscapedString rules). */
export function decodeEscapedScalar(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\\') {
      const [ch, next] = decodeEscape(s, i);
      out += ch;
      i = next;
    } else {
      out += s[i];
      i++;
    }
  }
  return out;
}

/** Composite literal → the same literal with quoted strings decoded (quote as `''`). */
export function decodeCompositeLiteral(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  let inQuote = false;
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === '\\') {
      const [ch, next] = decodeEscape(s, i);
      out += inQuote && ch === "'" ? "''" : ch;
      i = next;
    } else if (c === "'") {
      if (inQuote && s[i + 1] === "'") {
        out += "''";
        i += 2;
        continue;
      }
      inQuote = !inQuote;
      out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Wire `param_*` values (names without the prefix) → chdb binding values. */
export function toBindValues(sql: string, wire: Record<string, string>): Record<string, BindValue> {
  const types = placeholderTypes(sql);
  const out: Record<string, BindValue> = {};
  for (const [name, value] of Object.entries(wire)) {
    if (value === '\\N') out[name] = null;
    else out[name] = isComposite(types.get(name)) ? decodeCompositeLiteral(value) : decodeEscapedScalar(value);
  }
  return out;
}
