import { normalizeHost } from '../catalogue/normalize-host';

export type OptOutDomainResult = { ok: true; domain: string } | { ok: false; reason: string };

/**
 * The domain of an opt-out request, normalised as the catalogue normalises
 * hosts (lower case, IDN → punycode, no `www.` or trailing dot), without a
 * port: an opt-out covers the domain whatever the port. A bare host name and
 * a pasted URL (whose path is ignored) are both accepted.
 */
export function normalizeOptOutDomain(input: string): OptOutDomainResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'is empty' };
  const asUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const result = normalizeHost(asUrl);
  if (!result.ok) return { ok: false, reason: result.reason.replace(/^url host /, 'host ').replace(/^url /, '') };
  return { ok: true, domain: result.host.replace(/:\d+$/, '') };
}
