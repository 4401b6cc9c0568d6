/**
 * Turns an HTTP request (method, URL parameters, headers, decoded body) into
 * the normalized query request the engine runs, following clickhouse-server's
 * rules: the statement is the `query` parameter, the body, or both joined by
 * a newline (how `INSERT ... FORMAT x` in the URL plus rows in the body
 * works); `param_<name>` are bound parameters; `database`, `query_id`,
 * `default_format`, session and compression parameters are HTTP-level; every
 * other parameter is a setting for this query. multipart/form-data bodies
 * (what @clickhouse/client sends for large query_params) contribute their
 * fields like URL parameters.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { ClickHouseHttpError, ErrorCode } from './error-response';

/** Parameters the HTTP layer consumes itself; they never reach the engine as settings. */
const HTTP_LEVEL_PARAMS = new Set([
  'query',
  'database',
  'query_id',
  'default_format',
  'user',
  'password',
  'quota_key',
  'session_id',
  'session_timeout',
  'session_check',
  'close_session',
  'compress',
  'decompress',
  'buffer_size',
  'wait_end_of_query',
  'stacktrace',
  'role',
  'client_protocol_version',
  'enable_http_compression',
  'http_zlib_compression_level',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
  'http_native_compression_disable_checksumming_on_decompress',
]);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const noNul = (s: string) => !s.includes('\0');

export const ParsedQuerySchema = z.object({
  /** Statement text: `query` parameter, then (if both) a newline and the body. */
  sql: z.string().min(1).refine(noNul, 'NUL byte in query'),
  /** Body bytes that follow an `INSERT ... FORMAT x` given in the URL; null when the body is (part of) the SQL. */
  data: z.instanceof(Buffer).nullable(),
  database: z.string().min(1).max(255).refine(noNul, 'NUL byte in database name'),
  queryId: z.string().min(1).max(255),
  params: z.record(z.string().regex(NAME), z.string()),
  settings: z.record(z.string().regex(NAME), z.string()),
  defaultFormat: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/).optional(),
  /** GET requests are read-only in clickhouse-server (readonly=2). */
  readonly: z.boolean(),
  session: z
    .object({
      id: z.string().min(1).max(255),
      timeoutSec: z.number().int().min(1).max(3600),
      check: z.boolean(),
      close: z.boolean(),
    })
    .optional(),
  enableHttpCompression: z.boolean(),
});
export type ParsedQuery = z.infer<typeof ParsedQuerySchema>;

export interface RawRequest {
  method: string;
  searchParams: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const bad = (message: string) => ClickHouseHttpError.of(ErrorCode.BAD_ARGUMENTS, message);

function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw bad('multipart/form-data request without a boundary');
  return boundary;
}

/** Fields of a multipart/form-data body (text parts only, as clickhouse-js builds them). */
export function parseMultipart(body: Buffer, boundary: string): Array<[string, string]> {
  const text = body.toString('utf8');
  const delimiter = `--${boundary}`;
  const fields: Array<[string, string]> = [];
  const sections = text.split(delimiter);
  // sections[0] is the preamble; the one after the closing delimiter starts with "--".
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    const part = section.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
    const headerEnd = part.search(/\r?\n\r?\n/);
    if (headerEnd < 0) throw bad('Malformed multipart/form-data part');
    const head = part.slice(0, headerEnd);
    const value = part.slice(headerEnd).replace(/^\r?\n\r?\n/, '');
    const name = /Content-Disposition:[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) throw bad('multipart/form-data part without a name');
    fields.push([name, value]);
  }
  return fields;
}

function flag(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Normalizes a query request; throws ClickHouseHttpError for protocol-level mistakes. */
export function parseQueryRequest(raw: RawRequest): ParsedQuery {
  const entries: Array<[string, string]> = [...raw.searchParams.entries()];
  let body: Buffer = raw.body;
  const boundary = multipartBoundary(raw.headers['content-type']);
  if (boundary !== undefined) {
    entries.push(...parseMultipart(body, boundary));
    body = Buffer.alloc(0);
  }

  const http = new Map<string, string>();
  const params: Record<string, string> = {};
  const settings: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (key.startsWith('param_')) {
      const name = key.slice('param_'.length);
      if (!NAME.test(name)) throw ClickHouseHttpError.of(ErrorCode.BAD_QUERY_PARAMETER, `Invalid query parameter name '${name}'`);
      params[name] = value;
    } else if (HTTP_LEVEL_PARAMS.has(key)) {
      http.set(key, value);
    } else {
      if (!NAME.test(key)) throw ClickHouseHttpError.of(ErrorCode.UNKNOWN_SETTING, `Unknown setting '${key}'`);
      settings[key] = value;
    }
  }

  if (flag(http.get('compress')) || flag(http.get('decompress'))) {
    throw ClickHouseHttpError.of(ErrorCode.NOT_IMPLEMENTED, 'ClickHouse-native compression (compress/decompress parameters) is not supported by the embedded engine; use HTTP Content-Encoding');
  }

  const queryParam = http.get('query') ?? '';
  const bodyText = body.length > 0;
  let sql: string;
  let data: Buffer | null = null;
  if (queryParam !== '' && bodyText) {
    // Keep the body as bytes; the engine decides whether it is insert rows or more SQL.
    sql = queryParam;
    data = body;
  } else if (queryParam !== '') {
    sql = queryParam;
  } else if (bodyText) {
    sql = body.toString('utf8');
  } else {
    throw ClickHouseHttpError.of(ErrorCode.SYNTAX_ERROR, 'Empty query', 400);
  }
  if (sql.trim() === '' && data === null) throw ClickHouseHttpError.of(ErrorCode.SYNTAX_ERROR, 'Empty query', 400);

  const sessionId = http.get('session_id');
  let session: ParsedQuery['session'];
  if (sessionId) {
    const timeoutRaw = http.get('session_timeout');
    const timeoutSec = timeoutRaw === undefined ? 60 : Number(timeoutRaw);
    if (!Number.isInteger(timeoutSec) || timeoutSec < 1 || timeoutSec > 3600) {
      throw ClickHouseHttpError.of(ErrorCode.INVALID_SESSION_TIMEOUT, `Invalid session timeout: '${timeoutRaw ?? ''}'`, 400);
    }
    session = { id: sessionId, timeoutSec, check: flag(http.get('session_check')), close: flag(http.get('close_session')) };
  }

  const candidate = {
    sql,
    data,
    database: http.get('database') || 'default',
    queryId: http.get('query_id') || randomUUID(),
    params,
    settings,
    defaultFormat: http.get('default_format') || undefined,
    readonly: raw.method === 'GET' || raw.method === 'HEAD',
    session,
    enableHttpCompression: flag(http.get('enable_http_compression')),
  };
  const result = ParsedQuerySchema.safeParse(candidate);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw bad(`Invalid request: ${issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'malformed'}`);
  }
  return result.data;
}
