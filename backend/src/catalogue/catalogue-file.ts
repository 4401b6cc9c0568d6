import { open } from 'node:fs/promises';
import { CsvInputError, MAX_CSV_BYTES, parseCsv } from './csv';
import type { RawCatalogueRow } from './validate-row';

/** The catalogue's required columns, in the order the shipped file uses. */
export const CATALOGUE_COLUMNS = ['name', 'url', 'category'] as const;
/**
 * Optional columns: a public MCP endpoint the platform's vendor documents,
 * and the documentation page that states it. Files without them (the
 * original three-column format) still load, and say nothing about endpoints.
 */
export const OPTIONAL_CATALOGUE_COLUMNS = ['mcp_endpoint', 'source'] as const;
const ALL_COLUMNS: readonly string[] = [...CATALOGUE_COLUMNS, ...OPTIONAL_CATALOGUE_COLUMNS];

/** One data row of a catalogue file, not yet validated. */
export interface CatalogueInputRow extends RawCatalogueRow {
  line: number;
  raw?: string;
}

/** A row left out of an import, and why. */
export interface CatalogueReject {
  line: number;
  reason: string;
  raw?: string;
}

export interface ParsedCatalogue {
  rows: CatalogueInputRow[];
  rejected: CatalogueReject[];
}

/** The file as a whole is unusable: unreadable, too large, not UTF-8, or a bad header. */
export class CatalogueFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueFileError';
  }
}

/**
 * Parses catalogue CSV text: a header naming `name`, `url` and `category`
 * and optionally `mcp_endpoint` and `source` (any order, any case), and one
 * site per record. Records with the wrong number of fields or CSV syntax
 * errors are rejected with their line.
 */
export function parseCatalogueCsv(input: string | Uint8Array): ParsedCatalogue {
  let parsed;
  try {
    parsed = parseCsv(input);
  } catch (err) {
    if (err instanceof CsvInputError) throw new CatalogueFileError(err.message);
    throw err;
  }
  const rejected: CatalogueReject[] = [];
  const [header, ...records] = parsed.records;
  const firstError = parsed.errors[0];
  if (firstError !== undefined && (header === undefined || firstError.line < header.line)) {
    throw new CatalogueFileError(`bad header on line ${firstError.line}: ${firstError.reason}`);
  }
  if (header === undefined) {
    throw new CatalogueFileError(`the file is empty; expected a header row "${CATALOGUE_COLUMNS.join(',')}"`);
  }

  const names = header.fields.map((f) => f.trim().toLowerCase());
  const index = new Map<string, number>();
  names.forEach((name, i) => index.set(name, i));
  const missing = CATALOGUE_COLUMNS.filter((c) => !index.has(c));
  const extra = names.filter((n) => !ALL_COLUMNS.includes(n));
  if (missing.length > 0 || extra.length > 0 || index.size !== names.length) {
    throw new CatalogueFileError(
      `bad header on line ${header.line}: expected the columns "${CATALOGUE_COLUMNS.join(',')}" (optionally also "${OPTIONAL_CATALOGUE_COLUMNS.join(',')}"), found "${header.fields.join(',')}"`,
    );
  }
  const columns = ALL_COLUMNS.filter((c) => index.has(c));
  const at = (column: string): number | undefined => index.get(column);
  const nameAt = at('name') ?? 0;
  const urlAt = at('url') ?? 1;
  const categoryAt = at('category') ?? 2;
  const endpointAt = at('mcp_endpoint');
  const sourceAt = at('source');

  for (const e of parsed.errors) rejected.push({ line: e.line, reason: e.reason, raw: e.raw });
  const rows: CatalogueInputRow[] = [];
  for (const record of records) {
    if (record.fields.length !== names.length) {
      rejected.push({
        line: record.line,
        reason: `expected ${names.length} fields (${columns.join(',')}), found ${record.fields.length}`,
        raw: record.raw,
      });
      continue;
    }
    const row: CatalogueInputRow = {
      line: record.line,
      name: record.fields[nameAt] ?? '',
      url: record.fields[urlAt] ?? '',
      category: record.fields[categoryAt] ?? '',
    };
    if (endpointAt !== undefined) row.mcpEndpoint = record.fields[endpointAt] ?? '';
    if (sourceAt !== undefined) row.endpointSource = record.fields[sourceAt] ?? '';
    row.raw = record.raw;
    rows.push(row);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rows, rejected };
}

/** Reads and parses a catalogue file, refusing files over the size limit before reading them. */
export async function readCatalogueFile(file: string): Promise<ParsedCatalogue> {
  let bytes: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_CSV_BYTES) {
        throw new CatalogueFileError(`${file} is ${(size / (1024 * 1024)).toFixed(1)} MB, larger than the ${MAX_CSV_BYTES / (1024 * 1024)} MB limit`);
      }
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof CatalogueFileError) throw err;
    throw new CatalogueFileError(`cannot read ${file}: ${(err as Error).message}`);
  }
  return parseCatalogueCsv(bytes);
}
