import { cleanJsonValue, needsJsonbCleaning } from './sanitize';

/** A column of a bulk statement's rows and its SQL type; `jsonb` and `text[]` are unpacked from their JSON value. */
export interface JsonRowColumn {
  name: string;
  type: 'bigint' | 'integer' | 'text' | 'boolean' | 'uuid' | 'timestamptz' | 'jsonb' | 'text[]';
}

/**
 * Rows of one bulk statement travel as a single jsonb parameter, an array of
 * row tuples in `columns` order, and `jsonRowsFrom` unpacks them in SQL.
 *
 * Written here because node-postgres sends an array parameter as a text
 * literal built element by element (a quoted, escaped string per value): at a
 * million sites that string building and the garbage it left were most of the
 * state projector's own CPU. One JSON.stringify per statement runs in V8's
 * native code and Postgres unpacks the tuples as cheaply as it parses arrays.
 *
 * Postgres refuses a NUL or a lone surrogate anywhere in the document, so
 * when it shows one every string is cleaned like cleanText, and each jsonb
 * value like toJsonb (only a value that holds one).
 */
export function jsonRows(columns: readonly JsonRowColumn[], rows: unknown[][]): string {
  const text = JSON.stringify(rows);
  if (!needsJsonbCleaning(text)) return text;
  const cleanAt = columns.map((c) => (c.type === 'jsonb' ? cleanJsonbValue : cleanPlainValue));
  return JSON.stringify(rows.map((row) => row.map((value, i) => (cleanAt[i] ?? cleanPlainValue)(value))));
}

const cleanJsonbValue = (value: unknown): unknown => (needsJsonbCleaning(JSON.stringify(value) ?? '') ? cleanJsonValue(value, 0) : value);
/** A text, text[] or scalar value: flat, so the depth bound never applies. */
const cleanPlainValue = (value: unknown): unknown => cleanJsonValue(value, 0);

/** The SQL of one column read from the tuple `r`; a JSON null (or a missing value) is SQL NULL in every type. */
function columnSql(c: JsonRowColumn, i: number): string {
  switch (c.type) {
    case 'jsonb':
      return `NULLIF(r->${i}, 'null'::jsonb) AS ${c.name}`;
    case 'text[]':
      return `ARRAY(SELECT jsonb_array_elements_text(CASE jsonb_typeof(r->${i}) WHEN 'array' THEN r->${i} END)) AS ${c.name}`;
    case 'text':
      return `r->>${i} AS ${c.name}`;
    default:
      return `(r->>${i})::${c.type} AS ${c.name}`;
  }
}

/** A FROM item (subquery) of the rows `jsonRows` sent as parameter `$param`, with the columns' names and types. */
export function jsonRowsFrom(param: number, columns: readonly JsonRowColumn[]): string {
  return `(SELECT ${columns.map(columnSql).join(', ')} FROM jsonb_array_elements($${param}::jsonb) AS r)`;
}
