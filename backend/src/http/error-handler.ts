import type { Middleware } from 'koa';
import type { z } from 'zod';

/** An error meant for the client: its status and message are sent as `{ error, details? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A failed validation's issues as `details`: one `{ path, message }` per problem. */
export function issueDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The issues in one line naming each field: `contactEmail: must be an e-mail address; page: ...`. */
export function issueSummary(error: z.ZodError): string {
  return issueDetails(error)
    .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
    .join('; ');
}

/**
 * Turns every failure into a JSON `{ error, details? }` answer. Deliberate
 * errors keep their message; anything unexpected becomes a 500 without internals.
 */
export function errorHandler(onUnexpected: (err: Error, path: string) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw instanceof Error ? raw : new Error(String(raw));
      const koaStatus = (err as { status?: number; expose?: boolean }).expose ? (err as { status?: number }).status : undefined;
      const status = err instanceof HttpError ? err.status : (koaStatus ?? 500);
      // HttpErrors are deliberate answers; anything else at 5xx is a bug worth a log line and hides its internals.
      const deliberate = err instanceof HttpError || koaStatus !== undefined;
      if (!deliberate) onUnexpected(err, ctx.path);
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = {
        error: deliberate ? err.message : 'Internal server error',
        ...(err instanceof HttpError && err.details !== undefined ? { details: err.details } : {}),
      };
    }
  };
}
