import { cleanJsonValue } from './sanitize';

/**
 * A string that makes jsonRows clean a jsonb value before Postgres sees it: a NUL, a lone
 * surrogate, or a literal backslash-u sequence that its JSON text test cannot tell from
 * their escapes (the same test as needsJsonbCleaning, on the string instead of its JSON).
 */
const NEEDS_CLEANING = /\0|\\u(?:0000|d[89a-f])|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/i;

/** Past this depth a value is not rebuilt here: the caller reads it back from Postgres instead. */
export const ROUND_TRIP_MAX_DEPTH = 200;

/** Thrown for a value nested deeper than ROUND_TRIP_MAX_DEPTH. */
export class TooDeepForRoundTrip extends Error {}

function needsCleaning(value: unknown, depth: number): boolean {
  if (depth > ROUND_TRIP_MAX_DEPTH) throw new TooDeepForRoundTrip();
  if (typeof value === 'string') return NEEDS_CLEANING.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => needsCleaning(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (NEEDS_CLEANING.test(k) || needsCleaning(v, depth + 1)) return true;
  return false;
}

/** Any UTF-16 unit past ASCII (surrogates included): only such keys need their UTF-8 bytes compared. */
const NON_ASCII = /[\u0080-\uffff]/;
const isAscii = (s: string): boolean => !NON_ASCII.test(s);

/** jsonb's order of object keys: shorter (in UTF-8 bytes) first, then byte by byte. */
function jsonbKeyOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}

/**
 * Key orders already worked out, by the object's own key list: tool schemas repeat a few key
 * sets (type, properties, description, ...) thousands of times a chunk. Bounded, since the keys
 * come from scanned sites: only short key lists are kept, and past the bound it starts over.
 */
const keyOrders = new Map<string, readonly string[]>();
const KEY_ORDERS_MAX = 4_096;
const KEY_ORDER_SIGNATURE_MAX = 512;

function inKeyOrder(keys: string[]): readonly string[] {
  if (keys.length < 2) return keys;
  const signature = JSON.stringify(keys);
  const known = keyOrders.get(signature);
  if (known) return known;
  const sorted = keys.sort(jsonbKeyOrder);
  if (signature.length > KEY_ORDER_SIGNATURE_MAX) return sorted;
  if (keyOrders.size >= KEY_ORDERS_MAX) keyOrders.clear();
  keyOrders.set(signature, sorted);
  return sorted;
}

/** What JSON.stringify writes for a value inside an array (undefined, functions and symbols: null). */
function inJsonbOrder(value: unknown, depth: number): unknown {
  if (depth > ROUND_TRIP_MAX_DEPTH) throw new TooDeepForRoundTrip();
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.map((v) => inJsonbOrder(v, depth + 1));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(source).filter((k) => {
    const v = source[k];
    return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
  });
  for (const k of inKeyOrder(keys)) {
    const v = inJsonbOrder(source[k], depth + 1);
    // defineProperty: a "__proto__" key stays an own key, as JSON.parse makes it (assignment would set the prototype)
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out;
}

/**
 * A value as a jsonb column the projector wrote gives it back (jsonRows, then a read
 * through node-postgres): cleaned where jsonRows would clean it, object keys in jsonb's
 * order (which the detectors' walks follow), numbers as JSON writes them (non-finite ones
 * null, -0 as 0), and null for a value that is null or absent. Lets a chunk run the
 * detectors over what it has just written without reading it back. Throws
 * TooDeepForRoundTrip for a value nested deeper than ROUND_TRIP_MAX_DEPTH.
 */
export function asStoredJsonb(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const cleaned = needsCleaning(value, 0) ? cleanJsonValue(value, 0) : value;
  return inJsonbOrder(cleaned, 0);
}
