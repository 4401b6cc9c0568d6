import type { Context } from 'koa';
import type { z } from 'zod';
import { HttpError, issueDetails, issueSummary } from './error-handler';

const DEFAULT_LIMIT = 64 * 1024;

/**
 * Reads a JSON body with a size cap and validates it; anything wrong is a 4xx
 * with a message, never a crash. An empty body counts as `{}`.
 */
export async function parseJsonBody<S extends z.ZodType>(ctx: Context, schema: S, limitBytes = DEFAULT_LIMIT): Promise<z.infer<S>> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new HttpError(413, `Request body exceeds ${limitBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new HttpError(413, `Request body exceeds ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  let json: unknown = {};
  if (text.length > 0) {
    if (!ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json');
    try {
      json = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Request body is not valid JSON');
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(400, `Invalid request body: ${issueSummary(parsed.error)}`, issueDetails(parsed.error));
  }
  return parsed.data;
}
