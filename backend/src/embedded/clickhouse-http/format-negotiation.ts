/**
 * What a statement produces or consumes, decided from its text the way the
 * HTTP face needs it: the output format (for X-ClickHouse-Format and
 * Content-Type), whether it is an `INSERT ... FORMAT x` expecting rows, and
 * whether the response may be compressed.
 */

import type { RawInsertFormat } from 'chdb';

export const DEFAULT_OUTPUT_FORMAT = 'TabSeparated';

/** Formats chdb's raw insert accepts (zero-copy Buffer hand-off, rows-written summary). */
const RAW_INSERT_FORMATS: ReadonlySet<string> = new Set<RawInsertFormat>([
  'JSONEachRow',
  'JSONCompactEachRow',
  'CSV',
  'CSVWithNames',
  'TSV',
  'TabSeparated',
  'TSVWithNames',
  'TabSeparatedWithNames',
]);

/** Leading whitespace and SQL comments, which may precede the statement keyword. */
function stripLeadingNoise(sql: string): string {
  let s = sql;
  for (;;) {
    const t = s.replace(/^\s+/, '');
    if (t.startsWith('--') || t.startsWith('#')) {
      const nl = t.indexOf('\n');
      s = nl < 0 ? '' : t.slice(nl + 1);
    } else if (t.startsWith('/*')) {
      const end = t.indexOf('*/');
      s = end < 0 ? '' : t.slice(end + 2);
    } else {
      return t;
    }
  }
}

export function isInsertStatement(sql: string): boolean {
  return /^INSERT\b/i.test(stripLeadingNoise(sql));
}

/** Output format named by a trailing `FORMAT x` clause of a non-INSERT statement. */
export function explicitOutputFormat(sql: string): string | undefined {
  if (isInsertStatement(sql)) return undefined;
  return /\bFORMAT\s+([A-Za-z][A-Za-z0-9_]*)\s*;?\s*$/i.exec(sql)?.[1];
}

/** The statement is `INSERT ... FORMAT x` with its rows to follow (in the request body). */
export function expectsInsertData(sql: string): boolean {
  return isInsertStatement(sql) && /\bFORMAT\s+[A-Za-z][A-Za-z0-9_]*\s*;?\s*$/i.test(sql);
}

export interface RawInsertTarget {
  table: string;
  columns?: string[];
  format: RawInsertFormat;
}

const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
const RAW_INSERT_RE = new RegExp(
  `^INSERT\\s+INTO\\s+(?:TABLE\\s+)?(${IDENT}(?:\\.${IDENT})?)\\s*(?:\\(\\s*(${IDENT}(?:\\s*,\\s*${IDENT})*)\\s*\\))?\\s*FORMAT\\s+(${IDENT})\\s*;?\\s*$`,
  'i',
);

/**
 * The plain `INSERT INTO [db.]t [(a, b)] FORMAT x` shape @clickhouse/client's
 * insert() sends, for which chdb's raw insert can take the body as a Buffer.
 * Anything fancier (quoted names, `* EXCEPT`, SETTINGS, other formats) is left
 * to the general path, which appends the rows to the statement text.
 */
export function rawInsertTarget(sql: string): RawInsertTarget | undefined {
  const m = RAW_INSERT_RE.exec(stripLeadingNoise(sql));
  if (!m) return undefined;
  const format = RAW_INSERT_FORMATS.has(m[3] as string) ? (m[3] as RawInsertFormat) : undefined;
  if (!format) return undefined;
  const columns = m[2]?.split(',').map((c) => c.trim());
  return { table: m[1] as string, format, ...(columns ? { columns } : {}) };
}

/** Content-Type for a response body in the given output format (as clickhouse-server labels it). */
export function contentTypeFor(format: string): string {
  const f = format.toLowerCase();
  if (f === 'jsoneachrow' || f === 'ndjson' || f === 'jsonlines' || f.startsWith('jsoncompacteachrow') || f.startsWith('jsonstringseachrow') || f.startsWith('jsoncompactstringseachrow') || f === 'jsonobjecteachrow') {
    return 'application/x-ndjson; charset=UTF-8';
  }
  if (f.startsWith('json')) return 'application/json; charset=UTF-8';
  if (f.startsWith('tabseparated') || f.startsWith('tsv')) return 'text/tab-separated-values; charset=UTF-8';
  if (f === 'csv' || f.startsWith('csvwith')) return 'text/csv; charset=UTF-8; header=' + (f === 'csv' ? 'absent' : 'present');
  if (f.startsWith('xml')) return 'application/xml; charset=UTF-8';
  if (['native', 'rowbinary', 'rowbinarywithnames', 'rowbinarywithnamesandtypes', 'parquet', 'arrow', 'arrowstream', 'orc', 'avro', 'msgpack', 'protobuf', 'capnproto', 'npy', 'bsoneachrow'].includes(f)) {
    return 'application/octet-stream';
  }
  return 'text/plain; charset=UTF-8';
}

export type ResponseEncoding = 'gzip' | 'deflate' | 'br';

/** Bodies below this are sent as they are: compressing a few bytes on loopback only costs time. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Response compression as ClickHouse does it: only when the request asked with
 * `enable_http_compression=1` and the client accepts the codec. An
 * uncompressed answer is always valid too (the client decodes by
 * Content-Encoding), which is what small bodies get.
 */
export function negotiateResponseEncoding(enableHttpCompression: boolean, acceptEncoding: string | undefined): ResponseEncoding | undefined {
  if (!enableHttpCompression || !acceptEncoding) return undefined;
  const offered = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((p) => p.trim().split(';')[0]);
  for (const codec of ['gzip', 'br', 'deflate'] as const) if (offered.includes(codec)) return codec;
  return undefined;
}
