import { open } from 'node:fs/promises';
import { csvEntries, CsvInputError, decodeCsvInput, isCsvRecord, MAX_CSV_BYTES, type CsvRecord, type CsvRecordError } from './csv';
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

/**
 * A catalogue file read one row at a time: iterating `rows` gives its data rows in file
 * order and appends the records it leaves out to `rejected`, so `rejected` is complete once
 * `rows` has been iterated to its end. Iterate `rows` once.
 */
export interface CatalogueStream {
  rows: Iterable<CatalogueInputRow>;
  rejected: CatalogueReject[];
}

/** A whole catalogue file, parsed. */
export interface ParsedCatalogue extends CatalogueStream {
  rows: CatalogueInputRow[];
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
  const stream = streamCatalogueCsv(input);
  const rows = [...stream.rows];
  return { rows, rejected: stream.rejected };
}

/**
 * As parseCatalogueCsv, with the records parsed as `rows` is iterated: a file of a million
 * sites is never a million row objects at once. The whole-file checks (size, UTF-8, header)
 * run here, before any row is read, and throw CatalogueFileError.
 */
export function streamCatalogueCsv(input: string | Uint8Array): CatalogueStream {
  let entries: Iterator<CsvRecord | CsvRecordError>;
  try {
    entries = csvEntries(decodeCsvInput(input));
  } catch (err) {
    if (err instanceof CsvInputError) throw new CatalogueFileError(err.message);
    throw err;
  }
  const first = entries.next();
  if (first.done) {
    throw new CatalogueFileError(`the file is empty; expected a header row "${CATALOGUE_COLUMNS.join(',')}"`);
  }
  const header = first.value;
  if (!isCsvRecord(header)) throw new CatalogueFileError(`bad header on line ${header.line}: ${header.reason}`);

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
  const nameAt = index.get('name') ?? 0;
  const urlAt = index.get('url') ?? 1;
  const categoryAt = index.get('category') ?? 2;
  const endpointAt = index.get('mcp_endpoint');
  const sourceAt = index.get('source');

  const rejected: CatalogueReject[] = [];
  function* rows(): Generator<CatalogueInputRow, void, undefined> {
    // entries come in line order, so the rejects are appended sorted
    for (let next = entries.next(); !next.done; next = entries.next()) {
      const record = next.value;
      if (!isCsvRecord(record)) {
        rejected.push({ line: record.line, reason: record.reason, raw: record.raw });
        continue;
      }
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
      yield row;
    }
  }
  return { rows: rows(), rejected };
}

/** Reads and parses a catalogue file, refusing files over the size limit before reading them. */
export async function readCatalogueFile(file: string): Promise<ParsedCatalogue> {
  return parseCatalogueCsv(await readCatalogueBytes(file));
}

/** Reads a catalogue file and checks its header; its rows are parsed as they are iterated (streamCatalogueCsv). */
export async function readCatalogueStream(file: string): Promise<CatalogueStream> {
  return streamCatalogueCsv(await readCatalogueBytes(file));
}

async function readCatalogueBytes(file: string): Promise<Buffer> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_CSV_BYTES) {
        throw new CatalogueFileError(`${file} is ${(size / (1024 * 1024)).toFixed(1)} MB, larger than the ${MAX_CSV_BYTES / (1024 * 1024)} MB limit`);
      }
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof CatalogueFileError) throw err;
    throw new CatalogueFileError(`cannot read ${file}: ${(err as Error).message}`);
  }
}
