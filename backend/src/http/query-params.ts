import type { Context } from 'koa';
import type { z } from 'zod';
import { HttpError, issueDetails, issueSummary } from './error-handler';

/**
 * Validates the query string; a repeated parameter (`?page=1&page=2`) or an
 * unknown one is a 400 with the offending names, never a 500.
 */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    if (Array.isArray(value)) throw new HttpError(400, `Query parameter "${key}" is given more than once`);
    if (value !== undefined) raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(400, `Invalid query parameters: ${issueSummary(parsed.error)}`, issueDetails(parsed.error));
  }
  return parsed.data;
}

/** Validates one route parameter (e.g. an id); 400 with `message` when it does not parse. */
export function parseParam<S extends z.ZodType>(value: string | undefined, schema: S, message: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, message);
  return parsed.data;
}
