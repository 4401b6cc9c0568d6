import type { ClickHouseClient } from '@clickhouse/client';
import { Readable } from 'node:stream';

/**
 * The column list of a row type, checked complete by the compiler: every key
 * of R must be named (and nothing else), so a column added to the row type
 * and forgotten here fails to compile.
 */
export function columnsOf<R extends object>(columns: Record<keyof R & string, true>): (keyof R & string)[] {
  return Object.keys(columns) as (keyof R & string)[];
}

/**
 * Inserts rows as JSONCompactEachRow: one JSON array per row, the column names
 * sent once in the INSERT. The engine parses that about a third faster than
 * JSONEachRow objects and the request is smaller; the values, and so the rows
 * stored, are the same.
 */
export async function insertRows<R extends object>(client: ClickHouseClient, table: string, columns: readonly (keyof R & string)[], rows: readonly R[]): Promise<void> {
  const [first, ...rest] = columns;
  if (rows.length === 0 || first === undefined) return;
  await client.insert({ table, columns: [first, ...rest], values: rows.map((row) => columns.map((c) => row[c])), format: 'JSONCompactEachRow' });
}

// ClickHouse's TabSeparated escapes for a String field: the separators, the escape itself and NUL.
const TSV_SPECIAL = /[\\\t\n\r\0]/g;
const TSV_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/** A String value as one TabSeparated field. */
export function tsvField(value: string): string {
  return value.replace(TSV_SPECIAL, (c) => TSV_ESCAPES[c] ?? c);
}

/**
 * Inserts rows already written as TabSeparated lines (fields escaped with
 * tsvField, each line ending in a newline). For rows that carry a JSON text:
 * JSON formats would escape every quote of it again and the engine would
 * unescape them, where TabSeparated passes the text through with its few
 * backslashes doubled.
 */
export async function insertTsvLines(client: ClickHouseClient, table: string, columns: readonly string[], lines: readonly string[]): Promise<void> {
  const [first, ...rest] = columns;
  if (lines.length === 0 || first === undefined) return;
  await client.insert({ table, columns: [first, ...rest], values: Readable.from([lines.join('')], { objectMode: false }), format: 'TabSeparated' });
}
