/**
 * A strict RFC 4180 reader for the tests (csv-parse is not installed): quoted
 * fields may hold commas, quotes ("") and newlines; records end with \n.
 * Throws on a stray quote or a ragged record, so a malformed file fails.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') {
      if (field !== '') throw new Error(`stray quote at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const width = records[0]?.length ?? 0;
  records.forEach((r, n) => {
    if (r.length !== width) throw new Error(`record ${n} has ${r.length} fields, header has ${width}`);
  });
  return records;
}

/** Header + records → objects keyed by header names. */
export function csvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rest] = readCsv(text);
  return { header, rows: rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
}
