import { describe, expect, it } from 'vitest';
import { CatalogueFileError, parseCatalogueCsv } from '../../src/catalogue/catalogue-file';
import { CsvInputError, MAX_CSV_BYTES, MAX_FIELD_CHARS, parseCsv } from '../../src/catalogue/csv';
import { anyString, stringMatching } from '../matchers';

const fields = (text: string | Uint8Array) => parseCsv(text).records.map((r) => r.fields);

describe('parseCsv', () => {
  it('splits plain records on LF, CRLF and lone CR', () => {
    expect(fields('a,b,c\n1,2,3')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(fields('a,b\r1,2\r')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(fields(',,\na,,c,\n')).toEqual([['', '', ''], ['a', '', 'c', '']]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    const text = 'name,note\n"Acme, Inc.","He said ""hi"""\n"multi\nline","crlf\r\ninside"\n"",x\n';
    expect(fields(text)).toEqual([
      ['name', 'note'],
      ['Acme, Inc.', 'He said "hi"'],
      ['multi\nline', 'crlf\r\ninside'],
      ['', 'x'],
    ]);
  });

  it('numbers records by the physical line they start on', () => {
    const text = 'h1,h2\n\n"a\nb\nc",1\r\n\r\nx,"y\r\nz"\nlast,1';
    const { records, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(records.map((r) => r.line)).toEqual([1, 3, 7, 9]);
  });

  it('ignores a UTF-8 byte-order mark (string and bytes)', () => {
    expect(fields('\uFEFFname,url\nA,B')).toEqual([['name', 'url'], ['A', 'B']]);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,url\nÄ,B', 'utf8')]);
    expect(fields(bytes)).toEqual([['name', 'url'], ['Ä', 'B']]);
  });

  it('skips empty and blank lines but keeps a quoted empty field', () => {
    expect(fields('a\n\n   \n\t\n""\nb\n\n')).toEqual([['a'], [''], ['b']]);
  });

  it('rejects a record with a stray quote, and carries on', () => {
    const { records, errors } = parseCsv('a,b\nfoo"bar,1\nok,2\n');
    expect(records.map((r) => r.fields)).toEqual([['a', 'b'], ['ok', '2']]);
    expect(errors).toEqual([{ line: 2, reason: stringMatching(/field 1 contains a quote but is not quoted/), raw: 'foo"bar,1' }]);
  });

  it('rejects text after a closing quote', () => {
    const { records, errors } = parseCsv('"abc"def,1\nok,2');
    expect(records.map((r) => r.fields)).toEqual([['ok', '2']]);
    expect(errors[0]).toMatchObject({ line: 1, reason: stringMatching(/field 1 has text after its closing quote/) });
  });

  it('rejects an unterminated quote at the end of the input', () => {
    const { records, errors } = parseCsv('a,b\nok,1\nbad,"never closed\nmore\n');
    expect(records.map((r) => r.fields)).toEqual([['a', 'b'], ['ok', '1']]);
    expect(errors).toEqual([{ line: 3, reason: 'field 2 has an opening quote that is never closed', raw: anyString() }]);
  });

  it('rejects a field longer than 2,048 characters but keeps the others', () => {
    const long = 'x'.repeat(MAX_FIELD_CHARS + 1);
    const { records, errors } = parseCsv(`a,b\n${'y'.repeat(MAX_FIELD_CHARS)},1\n"${long}",2\nok,3\n`);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(errors).toEqual([{ line: 3, reason: `field 1 is ${MAX_FIELD_CHARS + 1} characters long, more than the 2048 allowed`, raw: anyString() }]);
    expect(errors[0]?.raw.length).toBeLessThanOrEqual(201);
  });

  it('refuses input over the size limit, and bytes that are not UTF-8', () => {
    expect(() => parseCsv('a,b\n1,2\n', { maxBytes: 4 })).toThrow(CsvInputError);
    expect(() => parseCsv(new Uint8Array(MAX_CSV_BYTES + 1))).toThrow(/larger than the 256\.0 MB limit/);
    expect(() => parseCsv(new Uint8Array([0x61, 0xff, 0x0a]))).toThrow(/not valid UTF-8/);
  });

  it('parses 10 MB quickly', () => {
    const line = 'Example Platform,https://www.example-platform.com/path?q=1,Development\n';
    const text = line.repeat(Math.floor((10 * 1024 * 1024 - 100) / line.length));
    const started = performance.now();
    const { records, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    expect(records.length).toBeGreaterThan(100_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('parseCatalogueCsv', () => {
  it('maps columns by header name, in any order and case', () => {
    const parsed = parseCatalogueCsv('URL, Category ,Name\r\nhttps://stripe.com,FinTech,Stripe\r\n');
    expect(parsed.rows).toEqual([{ line: 2, name: 'Stripe', url: 'https://stripe.com', category: 'FinTech', raw: 'https://stripe.com,FinTech,Stripe' }]);
    expect(parsed.rejected).toEqual([]);
  });

  it('rejects ragged rows with a reason and line', () => {
    const parsed = parseCatalogueCsv('name,url,category\nA,https://a.com\nB,https://b.com,AI,extra\nC,https://c.com,AI\n');
    expect(parsed.rows.map((r) => r.line)).toEqual([4]);
    expect(parsed.rejected).toEqual([
      { line: 2, reason: 'expected 3 fields (name,url,category), found 2', raw: 'A,https://a.com' },
      { line: 3, reason: 'expected 3 fields (name,url,category), found 4', raw: 'B,https://b.com,AI,extra' },
    ]);
  });

  it('merges CSV syntax errors into the rejects, sorted by line', () => {
    const parsed = parseCatalogueCsv('name,url,category\nA,https://a.com\nB"x,https://b.com,AI\n');
    expect(parsed.rejected.map((r) => r.line)).toEqual([2, 3]);
  });

  it('fails on an empty file or a bad header', () => {
    expect(() => parseCatalogueCsv('')).toThrow(CatalogueFileError);
    expect(() => parseCatalogueCsv('\uFEFF\n\n')).toThrow(/empty/);
    expect(() => parseCatalogueCsv('name,url\nA,https://a.com\n')).toThrow(/bad header on line 1: expected the columns "name,url,category"/);
    expect(() => parseCatalogueCsv('name,url,category,notes\n')).toThrow(/bad header/);
    expect(() => parseCatalogueCsv('name,url,url\n')).toThrow(/bad header/);
    expect(() => parseCatalogueCsv('"name,url,category\n')).toThrow(/bad header on line 1: field 1 has an opening quote/);
  });
});

describe('parseCatalogueCsv with the optional endpoint columns', () => {
  it('reads mcp_endpoint and source, in any order and case, and leaves them out of three-column rows', () => {
    const parsed = parseCatalogueCsv('Source,name,url,category,MCP_Endpoint\nhttps://docs.stripe.com/mcp,Stripe,https://stripe.com,FinTech,https://mcp.stripe.com\n,Etsy,https://etsy.com,E-commerce,\n');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows.map(({ raw: _raw, ...row }) => row)).toEqual([
      { line: 2, name: 'Stripe', url: 'https://stripe.com', category: 'FinTech', mcpEndpoint: 'https://mcp.stripe.com', endpointSource: 'https://docs.stripe.com/mcp' },
      { line: 3, name: 'Etsy', url: 'https://etsy.com', category: 'E-commerce', mcpEndpoint: '', endpointSource: '' },
    ]);
    const old = parseCatalogueCsv('name,url,category\nStripe,https://stripe.com,FinTech\n');
    expect(Object.keys(old.rows[0] ?? {})).toEqual(['line', 'name', 'url', 'category', 'raw']);
  });

  it('accepts mcp_endpoint without source, and counts fields against the header', () => {
    const parsed = parseCatalogueCsv('name,url,category,mcp_endpoint\nA,https://a.com,AI,https://mcp.a.com\nB,https://b.com,AI\nC,https://c.com,AI,,\n');
    expect(parsed.rows.map((r) => [r.line, r.mcpEndpoint, r.endpointSource])).toEqual([[2, 'https://mcp.a.com', undefined]]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: 'expected 4 fields (name,url,category,mcp_endpoint), found 3', raw: 'B,https://b.com,AI' },
      { line: 4, reason: 'expected 4 fields (name,url,category,mcp_endpoint), found 5', raw: 'C,https://c.com,AI,,' },
    ]);
  });

  it('still refuses unknown or repeated columns', () => {
    expect(() => parseCatalogueCsv('name,url,category,mcp_endpoint,notes\n')).toThrow(/bad header on line 1: expected the columns "name,url,category" \(optionally also "mcp_endpoint,source"\)/);
    expect(() => parseCatalogueCsv('name,url,category,source,source\n')).toThrow(/bad header/);
  });
});
