import { z } from 'zod';

/**
 * Reads one page of a registry's server list, as the MCP Registry API
 * describes it (modelcontextprotocol/registry: docs/reference/api/openapi.yaml,
 * `GET /v0.1/servers`; docs/guides/consuming/use-rest-api.md recommends the
 * stable `/v0.1/` for consumers). Query: `cursor` (opaque, from the previous
 * page's `metadata.nextCursor`), `limit`, `version=latest` (one entry per
 * server). Answer: `{ servers: ServerResponse[], metadata: { nextCursor?, count? } }`;
 * no or an empty `nextCursor` ends the list.
 *
 * The answer is untrusted: each request has a time and a byte limit, and
 * anything that is not such a list is a RegistryError with a plain reason.
 */

export interface RegistryClientOptions {
  /** REGISTRY_URL: the API base, without a trailing slash. */
  baseUrl: string;
  userAgent: string;
  /** Entries per page (the official registry accepts 1–100). */
  pageSize?: number;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface RegistryPage {
  /** Entries as sent; each is parsed on its own (registry-entry.ts). */
  servers: unknown[];
  nextCursor: string | undefined;
}

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

export const REGISTRY_LIST_PATH = '/v0.1/servers';
const DEFAULTS = { pageSize: 100, timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024 } as const;
const MAX_CURSOR_CHARS = 2048;

const pageSchema = z.object({
  servers: z.array(z.unknown()),
  metadata: z
    .object({
      nextCursor: z.string().max(MAX_CURSOR_CHARS).nullish(),
    })
    .nullish(),
});

export function listUrl(opts: RegistryClientOptions, cursor: string | undefined): string {
  const url = new URL(`${opts.baseUrl}${REGISTRY_LIST_PATH}`);
  url.searchParams.set('limit', String(opts.pageSize ?? DEFAULTS.pageSize));
  url.searchParams.set('version', 'latest');
  if (cursor !== undefined) url.searchParams.set('cursor', cursor);
  return url.href;
}

/** One page of the list; `stop` (the scheduler stopping) gives up the read at once. */
export async function fetchServerPage(opts: RegistryClientOptions, cursor: string | undefined, stop?: AbortSignal): Promise<RegistryPage> {
  const url = listUrl(opts, cursor);
  const timeoutMs = opts.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? DEFAULTS.maxBytes;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  let text: string;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json', 'user-agent': opts.userAgent }, signal, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new RegistryError(`registry answered HTTP ${res.status} for ${url}`);
    }
    text = await readLimited(res, maxBytes);
  } catch (err) {
    if (err instanceof RegistryError) throw err;
    if (stop?.aborted) throw new RegistryError(`registry read given up: the scheduler is stopping (${url})`);
    if (timeout.aborted) throw new RegistryError(`registry did not answer within ${timeoutMs / 1000} s (${url})`);
    throw new RegistryError(`registry unreachable at ${url}: ${describeNetworkError(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RegistryError(`registry answer is not JSON (${url}): ${preview(text)}`);
  }
  const page = pageSchema.safeParse(json);
  if (!page.success) {
    const issue = page.error.issues[0];
    throw new RegistryError(`registry answer is not a server list (${url}): ${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape'}`);
  }
  const next = page.data.metadata?.nextCursor;
  return { servers: page.data.servers, nextCursor: next === null || next === undefined || next === '' ? undefined : next };
}

/** The body as text, refused once it passes `maxBytes` (declared or streamed). */
async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  const tooLarge = () => new RegistryError(`registry answer is larger than ${maxBytes} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** The start of a garbage answer, printable and short, for the run's error. */
function preview(text: string): string {
  const shown = text.slice(0, 60).replace(/[^\x20-\x7E]/g, '?');
  return text.length === 0 ? 'empty body' : `starts with "${shown}"`;
}
