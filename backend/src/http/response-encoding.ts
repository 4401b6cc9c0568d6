import { createHash } from 'node:crypto';
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { isShared } from './shared-answers';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli first: it wins whenever the client accepts both, whatever the order of their q-values. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli quality, for every answer. Measured on the API's answers (0.3-36 KB):
 * quality 9 took 3.7-21 ms of CPU per answer and quality 5 0.1-0.5 ms, for
 * output at most 2% larger. Quality 9 was meant for shared answers only, but
 * the keyed ones (a websites search, a discovery page) are shared yet mostly
 * asked once, and paid it per request: at 200k sites it was most of the
 * API's CPU under distinct /api/websites requests.
 */
const BROTLI_QUALITY = 5;

interface EncodedAnswer {
  text: string;
  bytes: number;
  etag: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

const encodedShared = new WeakMap<object, EncodedAnswer>();

function encode(text: string): EncodedAnswer {
  // Weak: the same JSON may travel in another encoding; sha1 is a content fingerprint here, not a security measure.
  const etag = `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`;
  return { text, bytes: Buffer.byteLength(text), etag, compressed: {} };
}

function compress(answer: EncodedAnswer, encoding: Encoding): Promise<Buffer> {
  let pending = answer.compressed[encoding];
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(answer.text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.bytes } })
        : gzip(answer.text, { level: 6 });
    answer.compressed[encoding] = pending;
  }
  return pending;
}

const TEXT_TYPES = /^(application\/(json|javascript|xml|[\w.+-]+\+json)|text\/)/;

/**
 * The encoded body when it is JSON or text a client benefits from compressing;
 * undefined otherwise. A shared answer is looked up before any serialising.
 */
function encodedBody(ctx: Context): EncodedAnswer | undefined {
  const body: unknown = ctx.body;
  if (typeof body === 'string') return TEXT_TYPES.test(ctx.response.type) ? encode(body) : undefined;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream || body instanceof Uint8Array) return undefined;
  if (!isShared(body)) return encode(JSON.stringify(body));
  let answer = encodedShared.get(body);
  if (!answer) {
    answer = encode(JSON.stringify(body));
    encodedShared.set(body, answer);
  }
  return answer;
}

/**
 * JSON and text answers the way a production API sends them: a weak ETag with
 * 304 for an unchanged answer, and brotli or gzip above 1 KB when the client
 * accepts it (Vary: Accept-Encoding). Written here rather than with
 * koa-compress and koa-etag because those serialise, hash and compress every
 * response anew; the hot public answers are shared cached objects, so this
 * does that work once per cached answer (measured: koa-compress + etag cost
 * 20–35% of /api/metrics' throughput).
 */
export function responseEncoding(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status < 200 || ctx.status >= 300 || ctx.response.get('Content-Encoding')) return;
    const answer = encodedBody(ctx);
    if (!answer) return;
    ctx.vary('Accept-Encoding');
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      ctx.set('ETag', answer.etag);
      if (ctx.fresh) {
        ctx.status = 304;
        ctx.body = null;
        return;
      }
    }
    const accepted = answer.bytes >= MIN_COMPRESS_BYTES ? ENCODINGS.find((e) => ctx.acceptsEncodings(e) === e) : undefined;
    if (!accepted) {
      ctx.body = answer.text;
      return;
    }
    // Koa keeps the Content-Type already set (json for an object body) when the body becomes a Buffer.
    ctx.body = await compress(answer, accepted);
    ctx.set('Content-Encoding', accepted);
  };
}
