/**
 * Reads a request body into one Buffer under a byte cap, undoing a
 * Content-Encoding (gzip/deflate/br, as @clickhouse/client's request
 * compression sends) with the same cap on the decoded size so a small
 * compressed bomb cannot exhaust memory.
 */
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ClickHouseHttpError, ErrorCode } from './error-response';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

export function tooLarge(limit: number): ClickHouseHttpError {
  return ClickHouseHttpError.of(ErrorCode.QUERY_IS_TOO_LARGE, `Request body exceeds the limit of ${limit} bytes`, 413);
}

/** Collects the raw body; rejects with 413 as soon as it grows past `limit`. */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        // Stop reading; the caller answers 413 and closes the connection.
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => {
      if (!failed) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.once('error', (err) => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    });
  });
}

export async function decodeBody(body: Buffer, contentEncoding: string | undefined, limit: number): Promise<Buffer> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity' || body.length === 0) return body;
  const opts = { maxOutputLength: limit };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return await gunzip(body, opts);
    if (encoding === 'deflate') return await inflate(body, opts);
    if (encoding === 'br') return await brotli(body, opts);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limit);
    throw ClickHouseHttpError.of(ErrorCode.UNKNOWN_COMPRESSION_METHOD, `Cannot decompress request body (${encoding}): ${(err as Error).message}`, 400);
  }
  throw ClickHouseHttpError.of(ErrorCode.UNKNOWN_COMPRESSION_METHOD, `Unknown HTTP Content-Encoding: ${encoding}`, 400);
}
