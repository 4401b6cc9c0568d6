import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { OPEN_DATA_MAX_TEXT } from '@mcp-census/schemas/api/open-data';

/**
 * Rows → CSV (RFC 4180, header line, `\n` records) as a stream. Backpressure
 * end to end: Readable.from pulls the next row only when csv-stringify's
 * buffer has room, and the HTTP response pulls from csv-stringify. Destroying
 * the returned stream (client gone) ends the row source (its `finally` closes
 * the query).
 *
 * Cells are untrusted text from scanned sites: csv-stringify's escape_formulas
 * prefixes a cell starting with = + - @ tab or CR with a quote (spreadsheet
 * formula injection; negative numbers stay numbers), and strings are cut at
 * OPEN_DATA_MAX_TEXT characters. null is an empty cell; booleans are
 * true/false (csv-stringify would write 1 and '').
 */
export function encodeCsv(rows: AsyncIterable<Record<string, unknown>>, columns: readonly string[]): Readable {
  const csv = stringify({
    header: true,
    columns: [...columns],
    escape_formulas: true,
    cast: {
      boolean: (v) => (v ? 'true' : 'false'),
      string: (v) => (v.length > OPEN_DATA_MAX_TEXT ? v.slice(0, OPEN_DATA_MAX_TEXT) : v),
    },
  });
  // pipeline destroys the source (and so returns its generator) when csv is destroyed
  pipeline(Readable.from(rows), csv).catch(() => {
    /* the error reaches the consumer through `csv` itself */
  });
  return csv;
}
