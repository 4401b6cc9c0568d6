/**
 * The HTTP routes of the embedded ClickHouse face: `/ping`, `GET /` health
 * answers, and queries on `/` (GET or POST). Every failure, including
 * malformed requests, is answered in ClickHouse's error shape; nothing thrown
 * here can take the process down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { decodeBody, readRawBody } from './body-reader';
import type { ChdbEngine } from './engine';
import { ClickHouseHttpError, ErrorCode, formatErrorBody, toClickHouseHttpError } from './error-response';
import { DEFAULT_OUTPUT_FORMAT, MIN_COMPRESS_BYTES, contentTypeFor, explicitOutputFormat, negotiateResponseEncoding, type ResponseEncoding } from './format-negotiation';
import { parseQueryRequest } from './request-parser';

const compressors: Record<ResponseEncoding, (b: Uint8Array) => Promise<Buffer>> = {
  gzip: promisify(zlib.gzip),
  deflate: promisify(zlib.deflate),
  br: promisify(zlib.brotliCompress),
};

export interface HandlerOptions {
  engine: ChdbEngine;
  /** Cap on a request body (raw and decoded); larger requests get 413. */
  maxBodyBytes: number;
  log: Logger;
}

const OK_BODY = 'Ok.\n';

function answerOk(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Length': OK_BODY.length });
  res.end(req.method === 'HEAD' ? undefined : OK_BODY);
}

function answerError(res: ServerResponse, err: ClickHouseHttpError, version: string, queryId: string | undefined, closeConnection: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = formatErrorBody(err, version);
  const headers: Record<string, string | number> = {
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
    'X-ClickHouse-Exception-Code': String(err.code),
  };
  if (queryId) headers['X-ClickHouse-Query-Id'] = queryId;
  if (closeConnection) headers.Connection = 'close';
  res.writeHead(err.status, headers);
  res.end(body);
}

export function createRequestHandler(opts: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { engine, maxBodyBytes, log } = opts;

  async function handleQuery(req: IncomingMessage, res: ServerResponse, url: URL): Promise<string | undefined> {
    const raw = await readRawBody(req, maxBodyBytes);
    const body = await decodeBody(raw, req.headers['content-encoding'], maxBodyBytes);
    const parsed = parseQueryRequest({ method: req.method ?? 'GET', searchParams: url.searchParams, headers: req.headers, body });
    // Known before running so a failure still echoes it, as clickhouse-server does.
    res.setHeader('X-ClickHouse-Query-Id', parsed.queryId);
    const result = await engine.execute({
      sql: parsed.sql,
      data: parsed.data,
      database: parsed.database,
      settings: parsed.settings,
      params: parsed.params,
      defaultFormat: parsed.defaultFormat,
      readonly: parsed.readonly,
      session: parsed.session,
    });
    const format = explicitOutputFormat(parsed.sql) ?? parsed.defaultFormat ?? DEFAULT_OUTPUT_FORMAT;
    const encoding = result.body.length >= MIN_COMPRESS_BYTES ? negotiateResponseEncoding(parsed.enableHttpCompression, req.headers['accept-encoding']) : undefined;
    const payload = encoding ? await compressors[encoding](result.body) : result.body;
    const headers: Record<string, string | number> = {
      'Content-Type': contentTypeFor(format),
      'Content-Length': payload.length,
      'X-ClickHouse-Format': format,
      'X-ClickHouse-Timezone': engine.timezone,
      'X-ClickHouse-Summary': JSON.stringify(result.summary),
      'X-ClickHouse-Server-Display-Name': 'embedded-chdb',
    };
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      headers.Vary = 'Accept-Encoding';
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
    return parsed.queryId;
  }

  return (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      answerError(res, ClickHouseHttpError.of(ErrorCode.BAD_ARGUMENTS, 'Malformed request URL', 400), engine.version, undefined, true);
      return;
    }
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/ping' || path === '/replicas_status') {
      if (method === 'GET' || method === 'HEAD') answerOk(req, res);
      else answerError(res, ClickHouseHttpError.of(ErrorCode.UNSUPPORTED_METHOD, `Method ${method} is not allowed for ${path}`, 405), engine.version, undefined, false);
      req.resume();
      return;
    }
    if (path !== '/') {
      const text = `There is no handle ${url.pathname}\n\nUse / or /ping for health checks.\n`;
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
      req.resume();
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && !url.searchParams.has('query')) {
      answerOk(req, res);
      req.resume();
      return;
    }
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
      answerError(res, ClickHouseHttpError.of(ErrorCode.UNSUPPORTED_METHOD, `Method ${method} is not supported`, 405), engine.version, undefined, true);
      req.resume();
      return;
    }

    const started = Date.now();
    handleQuery(req, res, url).then(
      (queryId) => {
        const ms = Date.now() - started;
        if (ms > 2000) log.warn({ queryId, durationMs: ms }, 'slow query');
      },
      (err: unknown) => {
        const error = toClickHouseHttpError(err);
        const queryId = res.getHeader('X-ClickHouse-Query-Id');
        // A body we refused to read leaves the socket mid-request: answer and drop it.
        const dropConnection = error.status === 413 || !req.complete;
        answerError(res, error, engine.version, typeof queryId === 'string' ? queryId : undefined, dropConnection);
        if (dropConnection) res.once('finish', () => req.destroy());
        if (error.code === ErrorCode.STD_EXCEPTION) log.error({ err }, 'request failed');
      },
    );
  };
}
