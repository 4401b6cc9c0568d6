import type { ClickHouseClient } from '@clickhouse/client';

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
