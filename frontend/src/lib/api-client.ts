import type { z } from 'zod';
import { errorBodySchema } from '@mcp-census/schemas/api/error-body';

/** A non-OK answer. The message follows the spec's rule: `${status}: ${body text or statusText}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The `error` field of the server's JSON error body, when there is one. */
  get serverError(): string | undefined {
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(this.bodyText));
      if (parsed.success) return parsed.data.error;
    } catch {
      // Not JSON: there is no server message to show.
    }
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends credentials always and a JSON content type only when there is a body. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const hasBody = options.body !== undefined;
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

/** Fetches JSON and checks it against the shared contract, so a drifted API fails loudly here. */
export async function apiJson<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
  const response = await apiRequest(path, options);
  return schema.parse(await response.json());
}

/** Builds `path?query` from defined, non-empty values only. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The message to show for a failed call: the server's own words when it sent some. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverError ?? fallback;
  return fallback;
}
