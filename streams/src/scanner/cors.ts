import type { CorsExposure } from '@mcp-census/schemas';
import { headerValue, type HttpClient, type SiteContext } from './http';
import { ProbeError } from './errors';

/**
 * The browser-exposure signal: one CORS preflight from an origin no site
 * would list. A server that answers it with `*` or by echoing that origin
 * can be driven by any web page a user visits.
 */
export const FOREIGN_ORIGIN = 'https://census-cors-check.invalid';
const MAX_HEADER = 2_048;

export function readCors(headers: Parameters<typeof headerValue>[0]): CorsExposure {
  const origin = headerValue(headers, 'access-control-allow-origin')?.slice(0, MAX_HEADER).trim() || null;
  const credentials = headerValue(headers, 'access-control-allow-credentials')?.slice(0, 100).trim().toLowerCase() === 'true';
  return { allowOrigin: origin, allowsAnyOrigin: origin === '*' || origin === FOREIGN_ORIGIN, allowsCredentials: credentials };
}

/** Preflights `endpoint`; null when the request itself failed (no answer, no signal). */
export async function corsPreflight(http: HttpClient, endpoint: string, ctx: SiteContext): Promise<CorsExposure | null> {
  try {
    const res = await http.request(
      endpoint,
      {
        method: 'OPTIONS',
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
        maxBytes: 16 * 1024,
      },
      ctx,
    );
    return readCors(res.headers);
  } catch (err) {
    if (err instanceof ProbeError) return null;
    throw err;
  }
}
