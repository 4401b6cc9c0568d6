import type { OpenDataColumn } from '@mcp-census/schemas/api/open-data';
import type { SchemaElement } from 'hyparquet';

/** Dictionary type → Parquet physical/converted type (timestamps UTC milliseconds, days as DATE). */
const ELEMENTS: Record<OpenDataColumn['type'], Omit<SchemaElement, 'name'>> = {
  integer: { type: 'INT32' },
  number: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
  date: { type: 'INT32', converted_type: 'DATE' },
};

/**
 * The Parquet schema of a dataset, from the same dictionary columns the CSV
 * header and /api/data come from; nullable columns are OPTIONAL. Given
 * explicitly so an empty download or an all-null first row group still has
 * the declared types (hyparquet-writer would otherwise guess from the data).
 */
export function parquetSchema(columns: readonly OpenDataColumn[]): SchemaElement[] {
  return [
    { name: 'root', num_children: columns.length },
    ...columns.map((c): SchemaElement => ({ name: c.name, ...ELEMENTS[c.type], repetition_type: c.nullable ? 'OPTIONAL' : 'REQUIRED' })),
  ];
}

/** Row values the Parquet writer takes for each type: ISO strings of timestamps and days become Dates. */
export function parquetValueConverter(columns: readonly OpenDataColumn[]): (row: Record<string, unknown>) => Record<string, unknown> {
  const dated = columns.filter((c) => c.type === 'timestamp' || c.type === 'date').map((c) => c.name);
  if (dated.length === 0) return (row) => row;
  return (row) => {
    const out = { ...row };
    for (const name of dated) {
      const v = out[name];
      if (typeof v === 'string') out[name] = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
    }
    return out;
  };
}
