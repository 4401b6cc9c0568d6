import { z } from 'zod';
import { MAX_URL_CHARS, normalizeHost } from './normalize-host';

/**
 * The catalogue's optional `mcp_endpoint` and `source` cells: an empty cell is
 * `null`; anything else must be an https URL of a public host, at most
 * MAX_URL_CHARS long (as written and once normalised), without control
 * characters or credentials. The value kept is the WHATWG serialisation.
 */

// Any C0 or C1 control character, whitespace controls included: a URL cell has no use for them
// (the URL parser would silently drop tabs and line breaks, hiding what the cell really says).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;

function httpsUrl(column: string) {
  return z
    .string()
    .transform((s) => s.trim())
    .transform((s, ctx): string | null => {
      if (s === '') return null;
      if (CONTROL_CHARS.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${column} contains control characters` });
        return z.NEVER;
      }
      if (s.length > MAX_URL_CHARS) {
        ctx.addIssue({ code: 'custom', message: `${column} is longer than ${MAX_URL_CHARS} characters` });
        return z.NEVER;
      }
      if (!/^https:\/\//i.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${column} must be an https:// URL` });
        return z.NEVER;
      }
      const result = normalizeHost(s);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: `${column}: ${result.reason.replace(/^url /, '')}` });
        return z.NEVER;
      }
      if (result.url.length > MAX_URL_CHARS) {
        ctx.addIssue({ code: 'custom', message: `${column} is longer than ${MAX_URL_CHARS} characters once normalised` });
        return z.NEVER;
      }
      return result.url;
    });
}

/** `mcp_endpoint`: where the platform's vendor says its public MCP server answers. */
export const catalogueEndpointSchema = httpsUrl('mcp_endpoint');

/** `source`: the vendor documentation page that states the endpoint. */
export const endpointSourceSchema = httpsUrl('source');
