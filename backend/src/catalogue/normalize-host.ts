/**
 * URL → normalised host, the key that deduplicates websites.
 *
 * Parsing is the WHATWG URL parser's (lower-casing, IDN → punycode, IPv4
 * shorthand → dotted quad, default ports dropped); on top of that a leading
 * `www.` and a trailing dot are removed. Non-default ports stay in the key
 * (`example.com:8443`). URLs a public website cannot have are refused.
 */

export type HostResult =
  | { ok: true; host: string; /** The URL re-serialised by the WHATWG parser, without fragment. */ url: string }
  | { ok: false; reason: string };

export const MAX_URL_CHARS = 2048;

/** Names and suffixes that never denote a public website (RFC 6761, RFC 6762, common LAN suffixes). */
const PRIVATE_NAMES = new Set(['localhost', 'localdomain', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'test', 'invalid', 'example', 'onion', 'arpa', 'home.arpa']);

const LABEL = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

export function normalizeHost(input: string): HostResult {
  const text = input.trim();
  if (text === '') return fail('url is empty');
  if (text.length > MAX_URL_CHARS) return fail(`url is longer than ${MAX_URL_CHARS} characters`);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return fail('url must start with http:// or https://');
  if (scheme !== 'http' && scheme !== 'https') return fail(`url scheme "${scheme}:" is not allowed (only http and https)`);

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('url is not a valid URL');
  }
  if (url.username !== '' || url.password !== '') return fail('url must not contain credentials (user:password@)');

  let hostname = url.hostname;
  if (hostname === '') return fail('url has no host');
  if (hostname.startsWith('[')) return fail('url host is an IP address (IPv6); a domain name is required');
  hostname = hostname.replace(/\.+$/, '');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname)) return fail('url host is an IP address; a domain name is required');
  if (hostname.length > 253) return fail('url host is longer than 253 characters');
  // `www.` is dropped unless what remains is a bare top-level domain (www.com).
  if (hostname.startsWith('www.') && hostname.indexOf('.', 4) !== -1) hostname = hostname.slice(4);

  const labels = hostname.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const lastTwo = labels.slice(-2).join('.');
  if (PRIVATE_NAMES.has(tld) || PRIVATE_NAMES.has(lastTwo)) {
    return fail(`url host "${hostname}" is a local or reserved name, not a public website`);
  }
  if (labels.length < 2) return fail(`url host "${hostname}" is not a public domain name (single label)`);
  for (const label of labels) {
    if (!LABEL.test(label)) return fail(`url host "${hostname}" has an invalid label "${label}"`);
  }
  if (/^\d+$/.test(tld)) return fail(`url host "${hostname}" has a numeric top-level domain`);

  const host = url.port === '' ? hostname : `${hostname}:${url.port}`;
  url.hash = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '');
  return { ok: true, host, url: url.href };
}

function fail(reason: string): HostResult {
  return { ok: false, reason };
}
