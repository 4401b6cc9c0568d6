import { describe, expect, it } from 'vitest';
import { ClickHouseHttpError, formatErrorBody, httpStatusForCode, toClickHouseHttpError } from '../../src/embedded/clickhouse-http/error-response';
import { contentTypeFor, expectsInsertData, explicitOutputFormat, negotiateResponseEncoding, rawInsertTarget } from '../../src/embedded/clickhouse-http/format-negotiation';
import { decodeCompositeLiteral, decodeEscapedScalar, placeholderTypes, toBindValues } from '../../src/embedded/clickhouse-http/query-params';
import { parseMultipart, parseQueryRequest, type RawRequest } from '../../src/embedded/clickhouse-http/request-parser';
import { hasMultipleStatements } from '../../src/embedded/clickhouse-http/statement-guard';

function req(query: Record<string, string>, body = '', method = 'POST', headers: Record<string, string> = {}): RawRequest {
  return { method, searchParams: new URLSearchParams(query), headers, body: Buffer.from(body) };
}

describe('query parameter translation', () => {
  it('finds placeholder types, including nested parentheses', () => {
    const types = placeholderTypes('SELECT {a:String}, { b : Array(Tuple(String, UInt8)) } WHERE x IN {m:Map(String, Array(String))} AND {a:String}');
    expect([...types]).toEqual([
      ['a', 'String'],
      ['b', 'Array(Tuple(String, UInt8))'],
      ['m', 'Map(String, Array(String))'],
    ]);
  });

  it('decodes escaped scalars into raw characters', () => {
    expect(decodeEscapedScalar("it\\'s")).toBe("it's");
    expect(decodeEscapedScalar('a\\\\b\\nc\\td\\re\\0f')).toBe('a\\b\nc\td\re\0f');
    expect(decodeEscapedScalar('\\x41\\x5c')).toBe('A\\');
    expect(decodeEscapedScalar('plain')).toBe('plain');
  });

  it('decodes quoted literals inside composites, quoting quotes by doubling', () => {
    expect(decodeCompositeLiteral("['it\\'s','a\\\\b','x\\ny']")).toBe("['it''s','a\\b','x\ny']");
    expect(decodeCompositeLiteral("{'k\\'':'v'}")).toBe("{'k''':'v'}");
    expect(decodeCompositeLiteral("['a''b']")).toBe("['a''b']");
  });

  it('maps wire values by declared type and \\N to NULL', () => {
    const sql = 'SELECT {s:String}, {n:Nullable(String)}, {a:Array(String)}, {l:LowCardinality(Nullable(String))}';
    expect(toBindValues(sql, { s: "it\\'s", n: '\\N', a: "['it\\'s']", l: 'x\\ty', extra: '1' })).toEqual({
      s: "it's",
      n: null,
      a: "['it''s']",
      l: 'x\ty',
      extra: '1',
    });
  });
});

describe('statement guard', () => {
  it('spots a second statement but not semicolons in literals, comments or insert rows', () => {
    expect(hasMultipleStatements('SELECT 1; DROP TABLE t')).toBe(true);
    expect(hasMultipleStatements('SELECT 1;\n  /* c */ SELECT 2')).toBe(true);
    expect(hasMultipleStatements('SELECT 1;')).toBe(false);
    expect(hasMultipleStatements("SELECT ';', '\\';', `a;b`, \"c;d\" -- x; y\n;")).toBe(false);
    expect(hasMultipleStatements("SELECT 'it''s; fine'")).toBe(false);
    expect(hasMultipleStatements('INSERT INTO t FORMAT JSONEachRow\n{"a":"x; DROP TABLE t"}')).toBe(false);
    expect(hasMultipleStatements("INSERT INTO t VALUES ('a;b'); DROP TABLE t")).toBe(true);
  });
});

describe('request parsing', () => {
  it('joins the query parameter and the body the way clickhouse-server does', () => {
    const insert = parseQueryRequest(req({ query: 'INSERT INTO t FORMAT JSONEachRow' }, '{"a":1}\n'));
    expect(insert.sql).toBe('INSERT INTO t FORMAT JSONEachRow');
    expect(insert.data?.toString()).toBe('{"a":1}\n');
    expect(parseQueryRequest(req({}, 'SELECT 1')).sql).toBe('SELECT 1');
    expect(parseQueryRequest(req({ query: 'SELECT 2' }, '', 'GET')).readonly).toBe(true);
    expect(() => parseQueryRequest(req({}, ''))).toThrow(/Empty query/);
  });

  it('separates bound parameters, settings and HTTP-level parameters', () => {
    const parsed = parseQueryRequest(
      req({ query_id: 'q1', database: 'db1', default_format: 'JSON', param_x: "it\\'s", max_result_rows: '5', wait_end_of_query: '1', enable_http_compression: '1', session_id: 's', session_timeout: '30' }, 'SELECT {x:String}'),
    );
    expect(parsed).toMatchObject({
      queryId: 'q1',
      database: 'db1',
      defaultFormat: 'JSON',
      params: { x: "it\\'s" },
      settings: { max_result_rows: '5' },
      enableHttpCompression: true,
      session: { id: 's', timeoutSec: 30, check: false, close: false },
    });
    expect(parsed.queryId).toBe('q1');
    expect(parseQueryRequest(req({}, 'SELECT 1')).queryId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects malformed parameters with ClickHouse error codes', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as ClickHouseHttpError).code;
      }
      return undefined;
    };
    expect(code(() => parseQueryRequest(req({ 'bad-setting': '1' }, 'SELECT 1')))).toBe(115);
    expect(code(() => parseQueryRequest(req({ 'param_bad-name': '1' }, 'SELECT 1')))).toBe(457);
    expect(code(() => parseQueryRequest(req({ compress: '1' }, 'SELECT 1')))).toBe(48);
    expect(code(() => parseQueryRequest(req({ session_id: 's', session_timeout: '0' }, 'SELECT 1')))).toBe(374);
    expect(code(() => parseQueryRequest(req({ default_format: 'JSON; DROP' }, 'SELECT 1')))).toBe(36);
  });

  it('reads multipart/form-data fields like URL parameters', () => {
    const body = '--B\r\nContent-Disposition: form-data; name="query"\r\n\r\nSELECT {v:String}\r\n--B\r\nContent-Disposition: form-data; name="param_v"\r\n\r\nline1\r\nline2\r\n--B--\r\n';
    expect(parseMultipart(Buffer.from(body), 'B')).toEqual([
      ['query', 'SELECT {v:String}'],
      ['param_v', 'line1\r\nline2'],
    ]);
    const parsed = parseQueryRequest(req({}, body, 'POST', { 'content-type': 'multipart/form-data; boundary=B' }));
    expect(parsed.sql).toBe('SELECT {v:String}');
    expect(parsed.params).toEqual({ v: 'line1\r\nline2' });
    expect(parsed.data).toBeNull();
  });
});

describe('format negotiation', () => {
  it('detects the output format named by the statement', () => {
    expect(explicitOutputFormat('SELECT 1 \nFORMAT JSONEachRow')).toBe('JSONEachRow');
    expect(explicitOutputFormat('SELECT 1 FORMAT CSV;')).toBe('CSV');
    expect(explicitOutputFormat('SELECT 1')).toBeUndefined();
    expect(explicitOutputFormat('INSERT INTO t FORMAT CSV')).toBeUndefined();
  });

  it('recognises inserts awaiting rows and the plain shape chdb can raw-insert', () => {
    expect(expectsInsertData('INSERT INTO t FORMAT JSONEachRow')).toBe(true);
    expect(expectsInsertData('/* c */ insert into t (a) format CSV')).toBe(true);
    expect(expectsInsertData('INSERT INTO t VALUES (1)')).toBe(false);
    expect(rawInsertTarget('INSERT INTO db.t (a, b) FORMAT JSONEachRow')).toEqual({ table: 'db.t', columns: ['a', 'b'], format: 'JSONEachRow' });
    expect(rawInsertTarget('INSERT INTO t FORMAT CSV')).toEqual({ table: 't', format: 'CSV' });
    expect(rawInsertTarget('INSERT INTO `t` FORMAT CSV')).toBeUndefined();
    expect(rawInsertTarget('INSERT INTO t (* EXCEPT (a)) FORMAT JSONEachRow')).toBeUndefined();
    expect(rawInsertTarget('INSERT INTO t FORMAT Parquet')).toBeUndefined();
  });

  it('labels content types and negotiates compression only when asked', () => {
    expect(contentTypeFor('JSONEachRow')).toContain('ndjson');
    expect(contentTypeFor('JSON')).toContain('application/json');
    expect(contentTypeFor('CSV')).toContain('text/csv');
    expect(contentTypeFor('TabSeparated')).toContain('tab-separated');
    expect(contentTypeFor('Parquet')).toBe('application/octet-stream');
    expect(negotiateResponseEncoding(true, 'gzip, deflate')).toBe('gzip');
    expect(negotiateResponseEncoding(false, 'gzip')).toBeUndefined();
    expect(negotiateResponseEncoding(true, 'zstd')).toBeUndefined();
  });
});

describe('error responses', () => {
  const clientErrorRe = /(Code|Error): (?<code>\d+).*Exception: (?<message>.+?)\((?<type>(?=[A-Z0-9_]*[A-Z]{3})[A-Z0-9_]+)\)/s;

  it('keeps engine text and appends the version', () => {
    const engineErr = Object.assign(new Error("Code: 60. DB::Exception: Unknown table expression identifier 'x' in scope SELECT * FROM x. (UNKNOWN_TABLE)"), { clickhouseCode: 60 });
    const err = toClickHouseHttpError(engineErr);
    expect(err).toMatchObject({ code: 60, type: 'UNKNOWN_TABLE', status: 404 });
    const body = formatErrorBody(err, '26.7.2.1');
    expect(body).toBe("Code: 60. DB::Exception: Unknown table expression identifier 'x' in scope SELECT * FROM x. (UNKNOWN_TABLE) (version 26.7.2.1)\n");
    expect(clientErrorRe.exec(body)?.groups).toMatchObject({ code: '60', type: 'UNKNOWN_TABLE' });
  });

  it('builds the same shape for our own errors and for foreign exceptions', () => {
    const body = formatErrorBody(ClickHouseHttpError.of(62, 'Empty query', 400), 'v');
    expect(body).toBe('Code: 62. DB::Exception: Empty query. (SYNTAX_ERROR) (version v)\n');
    const foreign = toClickHouseHttpError(new TypeError('boom'));
    expect(foreign).toMatchObject({ code: 1001, type: 'STD_EXCEPTION', status: 500 });
    expect(clientErrorRe.exec(formatErrorBody(foreign, 'v'))?.groups).toMatchObject({ code: '1001', type: 'STD_EXCEPTION' });
  });

  it('maps codes to the statuses clickhouse-server uses', () => {
    expect(httpStatusForCode(62)).toBe(400);
    expect(httpStatusForCode(60)).toBe(404);
    expect(httpStatusForCode(81)).toBe(404);
    expect(httpStatusForCode(229)).toBe(413);
    expect(httpStatusForCode(516)).toBe(403);
    expect(httpStatusForCode(395)).toBe(500);
  });
});
