/**
 * A bounded RFC 4180 CSV parser with line numbers.
 *
 * - Fields separated by `,`, records by CRLF, LF or a lone CR.
 * - Quoted fields may hold commas, line breaks and `""` (an escaped quote).
 * - A leading UTF-8 byte-order mark is ignored; empty (or blank) lines are skipped.
 * - Problems confined to one record (a stray quote, text after a closing quote,
 *   an over-long field, an unterminated quote) reject that record with a reason
 *   and parsing continues; only an oversized or undecodable input fails as a whole.
 */

/** Largest accepted input, in bytes: room for a catalogue of a few million sites (1M is ~60–100 MB). */
export const MAX_CSV_BYTES = 256 * 1024 * 1024;
/** Longest accepted field, in characters. */
export const MAX_FIELD_CHARS = 2048;
/** Longest excerpt of a rejected record kept for reports. */
const RAW_EXCERPT_CHARS = 200;

export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  fields: string[];
  /** The record's source text (without its line break), shortened for reports. */
  raw: string;
}

export interface CsvRecordError {
  line: number;
  reason: string;
  raw: string;
}

export interface CsvParseResult {
  records: CsvRecord[];
  errors: CsvRecordError[];
}

export interface CsvParseOptions {
  maxBytes?: number;
  maxFieldChars?: number;
}

/** The input as a whole cannot be parsed (too large, not UTF-8). */
export class CsvInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvInputError';
  }
}

/** Decodes bytes as strict UTF-8 after checking the size bound. */
export function decodeCsvBytes(bytes: Uint8Array, maxBytes = MAX_CSV_BYTES): string {
  assertSize(bytes.byteLength, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvInputError('the file is not valid UTF-8 text');
  }
}

function assertSize(bytes: number, maxBytes: number): void {
  if (bytes > maxBytes) {
    throw new CsvInputError(`the file is ${formatBytes(bytes)}, larger than the ${formatBytes(maxBytes)} limit`);
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${n} bytes`;
}

export function parseCsv(input: string | Uint8Array, opts: CsvParseOptions = {}): CsvParseResult {
  const records: CsvRecord[] = [];
  const errors: CsvRecordError[] = [];
  for (const entry of csvEntries(decodeCsvInput(input, opts.maxBytes), opts.maxFieldChars)) {
    if (isCsvRecord(entry)) records.push(entry);
    else errors.push(entry);
  }
  return { records, errors };
}

/** The input as text to parse, after the size bound and strict UTF-8 decoding, without a byte-order mark. */
export function decodeCsvInput(input: string | Uint8Array, maxBytes = MAX_CSV_BYTES): string {
  let text: string;
  if (typeof input === 'string') {
    assertSize(Buffer.byteLength(input, 'utf8'), maxBytes);
    text = input;
  } else {
    text = decodeCsvBytes(input, maxBytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A record, as opposed to a record rejected for its CSV syntax. */
export function isCsvRecord(entry: CsvRecord | CsvRecordError): entry is CsvRecord {
  return 'fields' in entry;
}

/**
 * The records and rejected records of decoded text, in file order, one at a
 * time: a caller that writes as it reads (a catalogue import) never holds
 * every record of a large file at once.
 */
export function* csvEntries(text: string, maxField = MAX_FIELD_CHARS): Generator<CsvRecord | CsvRecordError, void, undefined> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === LF || first === CR) {
      // An empty line: no record at all.
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      continue;
    }

    const recordLine = line;
    const recordStart = i;
    const fields: string[] = [];
    let error: string | undefined;
    let anyQuoted = false;
    let recordEnd: number;

    for (;;) {
      const fieldNo = fields.length + 1;
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        anyQuoted = true;
        i += 1;
        const parts: string[] = [];
        let closed = false;
        while (i <= n) {
          const q = text.indexOf('"', i);
          if (q === -1) {
            const rest = text.slice(i);
            parts.push(rest);
            line += countLineBreaks(rest);
            i = n;
            break;
          }
          const chunk = text.slice(i, q);
          parts.push(chunk);
          line += countLineBreaks(chunk);
          if (text.charCodeAt(q + 1) === QUOTE) {
            parts.push('"');
            i = q + 2;
            continue;
          }
          i = q + 1;
          closed = true;
          break;
        }
        value = parts.join('');
        if (!closed) {
          error ??= `field ${fieldNo} has an opening quote that is never closed`;
        } else if (i < n && !isDelimiter(text.charCodeAt(i))) {
          error ??= `field ${fieldNo} has text after its closing quote (double a quote inside a quoted field: "")`;
          const end = nextDelimiter(text, i);
          value += text.slice(i, end);
          i = end;
        }
      } else {
        const end = nextDelimiter(text, i);
        value = text.slice(i, end);
        if (value.includes('"')) {
          error ??= `field ${fieldNo} contains a quote but is not quoted (quote the field and double the quote: "")`;
        }
        i = end;
      }
      if (value.length > maxField) {
        error ??= `field ${fieldNo} is ${value.length} characters long, more than the ${maxField} allowed`;
        value = value.slice(0, maxField);
      }
      fields.push(value);

      if (i >= n) {
        recordEnd = n;
        break;
      }
      const c = text.charCodeAt(i);
      if (c === COMMA) {
        i += 1;
        continue;
      }
      // A line break ends the record.
      recordEnd = i;
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      break;
    }

    const raw = excerpt(text.slice(recordStart, Math.min(recordEnd, recordStart + RAW_EXCERPT_CHARS + 1)));
    if (error !== undefined) {
      yield { line: recordLine, reason: error, raw };
      continue;
    }
    // A line of only spaces/tabs is as empty as an empty line.
    if (!anyQuoted && fields.length === 1 && (fields[0] ?? '').trim() === '') continue;
    yield { line: recordLine, fields, raw };
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

function isDelimiter(c: number): boolean {
  return c === COMMA || c === LF || c === CR;
}

function nextDelimiter(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (isDelimiter(text.charCodeAt(j))) return j;
  }
  return text.length;
}

/** Line breaks in a chunk, counting CRLF once. */
function countLineBreaks(chunk: string): number {
  let count = 0;
  for (let j = 0; j < chunk.length; j++) {
    const c = chunk.charCodeAt(j);
    if (c === LF) count += 1;
    else if (c === CR && chunk.charCodeAt(j + 1) !== LF) count += 1;
  }
  return count;
}

function excerpt(s: string): string {
  const oneLine = s.replace(/\r\n|\r|\n/g, '\\n');
  return oneLine.length > RAW_EXCERPT_CHARS ? `${oneLine.slice(0, RAW_EXCERPT_CHARS)}…` : oneLine;
}
