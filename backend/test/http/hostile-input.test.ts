import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { loadConfig } from '../../src/config/config';
import { startCensus, type RunningCensus } from '../../src/runtime/census-server';
import { rawRequest, type RawResponse } from '../agent/raw-http';
import { captureLog } from '../auth/helpers';
import {
  badEmails,
  controlTexts,
  HOSTILE_PARAM_NAMES,
  HOSTILE_RAW_VALUES,
  hugeStrings,
  malformedBodies,
  pollutingBodies,
  seededRandom,
  unicodeOddities,
  WRONG_TYPES,
  type Random,
} from './support/hostile-inputs';
import { AGENT_TOOLS, BODY_ROUTES, PATH_ROUTES, QUERY_ROUTES, type Field } from './support/hostile-routes';

/*
 * Sends thousands of generated hostile inputs to every route of the assembled
 * API (api role, real Postgres) and checks that none is answered with a 5xx,
 * that text and e-mail fields are refused with a 400 naming the field, and
 * that no table changed.
 */

const PASSWORD = 'hostile input admin password';
const SEED = Number(process.env.HOSTILE_SEED ?? 20_300_101);
const rand: Random = seededRandom(SEED);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let census: RunningCensus;
let port: number;
let session = '';
const chDatabase = `hostile_${randomBytes(4).toString('hex')}`;
const captured = captureLog();
const { log } = captured;
const messages = (level?: string): string[] => captured.messages(level);

beforeAll(async () => {
  db = await createTestDatabase('hostile_input');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-hostile-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ROLES: 'api',
    DATABASE_URL: db.url,
    CLICKHOUSE_URL: inject('clickhouseUrl'),
    CLICKHOUSE_DATABASE: chDatabase,
    KAFKA_BROKERS: inject('kafkaBrokers').join(','),
    ADMIN_PASSWORD: PASSWORD,
    // Behind a proxy each request can come from its own client, so per-client limits never answer 429 here.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
  });
  census = await startCensus(config, log);
  port = Number(new URL(census.url).port);
  const res = await send('POST', '/api/admin/login', JSON.stringify({ username: 'admin', password: PASSWORD }));
  expect(res.status).toBe(200);
  const setCookie = res.headers['set-cookie'] ?? [];
  session = (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(';')[0] ?? '').join('; ');
}, 120_000);

afterAll(async () => {
  await census?.stop();
  await db?.drop();
  const ch = createClient({ url: inject('clickhouseUrl') });
  await ch.command({ query: `DROP DATABASE IF EXISTS ${chDatabase}` }).catch(() => undefined);
  await ch.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

let nextClient = 0;
/** A different client address (behind the trusted proxy) for every request. */
const clientAddress = () => {
  nextClient += 1;
  return `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient & 255}`;
};

function send(method: string, target: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<RawResponse> {
  const all: Record<string, string> = { host: `127.0.0.1:${port}`, 'x-forwarded-for': clientAddress(), ...headers };
  if (body !== undefined && all['content-type'] === undefined) all['content-type'] = 'application/json';
  if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body));
  return rawRequest(port, { method, path: target, headers: all, ...(body !== undefined ? { body } : {}) });
}

/** Every byte percent-encoded, so control characters and odd UTF-8 reach the server as such. */
const percentEncode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');

interface Case {
  method: string;
  target: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The answer must be a 400 whose message names this field. */
  names?: string;
  /** The answer is a JSON-RPC (MCP) message: a refusal is a tool error or a JSON-RPC error naming the field. */
  mcp?: boolean;
  label: string;
}

const NUMBER_WRONG: unknown[] = [null, true, false, [], [5], {}, -1, 0, 1.5, 1e308, '5', '', '\u0000', 'NaN', { valueOf: 5 }];
const ENUM_WRONG: unknown[] = ['DAILY', '', ' weekly', '__proto__', 'constructor', 'toString', 'adoption_rate\u0000', null, 7, ['weekly'], {}];

/** Field values that must be refused, each with whether the refusal must name the field. */
function hostileValues(field: Field): { value: unknown; names: boolean }[] {
  const named = (values: unknown[]) => values.map((value) => ({ value, names: true }));
  const huge = hugeStrings(field.max ?? 4000).map((value) => ({ value, names: false }));
  switch (field.kind) {
    case 'number':
      return named([...NUMBER_WRONG, ...controlTexts(rand, false, 4)]);
    case 'enum':
      return named([...ENUM_WRONG, ...controlTexts(rand, false, 4)]);
    case 'email':
      return [...named([...controlTexts(rand, false, 12), ...badEmails(rand, 16), ...unicodeOddities(rand, 6), ...WRONG_TYPES]), ...huge];
    case 'secret':
      return [...named([...controlTexts(rand, false, 12).filter((t) => t.includes('\u0000')), ...unicodeOddities(rand, 6), ...WRONG_TYPES]), ...huge];
    case 'multi':
      return [...named([...controlTexts(rand, true, 12), ...unicodeOddities(rand, 8), ...WRONG_TYPES]), ...huge];
    default:
      return [...named([...controlTexts(rand, false, 12), ...unicodeOddities(rand, 8), ...WRONG_TYPES]), ...huge];
  }
}

const deepValue = (base: Record<string, unknown>, field: string) => JSON.stringify({ ...base, [field]: '__DEEP__' }).replace('"__DEEP__"', `${'['.repeat(3_000)}${']'.repeat(3_000)}`);
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80) ?? String(v);

function bodyCases(): Case[] {
  const cases: Case[] = [];
  for (const route of BODY_ROUTES) {
    const headers: Record<string, string> = route.admin ? { cookie: session } : {};
    for (const [field, spec] of Object.entries(route.fields)) {
      for (const { value, names } of hostileValues(spec)) {
        cases.push({ method: 'POST', target: route.path, body: JSON.stringify({ ...route.base, [field]: value }), headers, label: `${route.path} ${field}=${show(value)}`, ...(names ? { names: field } : {}) });
      }
      cases.push({ method: 'POST', target: route.path, body: deepValue(route.base, field), headers, label: `${route.path} ${field}=deep` });
    }
    for (const { body, contentType } of malformedBodies()) {
      cases.push({ method: 'POST', target: route.path, body, headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) }, label: `${route.path} body ${show(body.toString().slice(0, 40))} as ${contentType ?? 'json'}` });
    }
    for (const body of pollutingBodies(route.base)) cases.push({ method: 'POST', target: route.path, body, headers, label: `${route.path} ${body.slice(0, 60)}` });
    cases.push({ method: 'POST', target: route.path, body: JSON.stringify({ ...route.base, unknownField: 'x' }), headers, label: `${route.path} unknown field` });
    // The admin's calls also without a session: refused before anything else.
    if (route.admin) cases.push({ method: 'POST', target: route.path, label: `${route.path} without a session` });
  }
  return cases;
}

function agentCases(): Case[] {
  const cases: Case[] = [];
  let id = 1;
  for (const tool of AGENT_TOOLS) {
    for (const [field, spec] of Object.entries(tool.fields)) {
      for (const { value, names } of hostileValues(spec)) {
        const args = { ...tool.base, [field]: value };
        cases.push({ method: 'POST', target: `/mcp/tools/${tool.name}`, body: JSON.stringify(args), label: `tool ${tool.name} ${field}=${show(value)}`, ...(names ? { names: field } : {}) });
        const rpc = JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: tool.name, arguments: args } });
        cases.push({ method: 'POST', target: '/mcp', body: rpc, headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }, mcp: true, label: `mcp ${tool.name} ${field}=${show(value)}`, ...(names && Buffer.byteLength(rpc) < 60_000 ? { names: field } : {}) });
      }
    }
    for (const { body, contentType } of malformedBodies()) {
      cases.push({ method: 'POST', target: `/mcp/tools/${tool.name}`, body, headers: contentType ? { 'content-type': contentType } : {}, label: `tool ${tool.name} body ${show(body.toString().slice(0, 40))}` });
    }
    for (const body of pollutingBodies(tool.base)) cases.push({ method: 'POST', target: `/mcp/tools/${tool.name}`, body, label: `tool ${tool.name} ${body.slice(0, 60)}` });
  }
  const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  for (const { body, contentType } of malformedBodies()) {
    cases.push({ method: 'POST', target: '/mcp', body, headers: { ...mcpHeaders, ...(contentType ? { 'content-type': contentType } : {}) }, label: `mcp body ${show(body.toString().slice(0, 40))}` });
  }
  for (const params of [null, 'x', [], { name: 'no_such_tool' }, { name: 'scan_website', arguments: 'x' }, { name: '__proto__', arguments: {} }, { name: 'get_platform_status' }, { name: 'get_platform_status', arguments: { __proto__: 1 } }]) {
    cases.push({ method: 'POST', target: '/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params }), headers: mcpHeaders, label: `mcp tools/call params ${show(params)}` });
  }
  for (const method of ['resources/read', 'prompts/get', '__proto__', 'constructor', '']) {
    cases.push({ method: 'POST', target: '/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params: { uri: 'census://\u0000', name: '\u0000' } }), headers: mcpHeaders, label: `mcp ${method}` });
  }
  return cases;
}

function queryCases(): Case[] {
  const cases: Case[] = [];
  for (const route of QUERY_ROUTES) {
    const variants: Record<string, string>[] = route.admin ? [{ cookie: session }, {}, { cookie: 'census_admin_session=%00' }, { cookie: `census_admin_session=${'A'.repeat(8_000)}` }] : [{}];
    for (const headers of variants) {
      for (const [param, spec] of Object.entries(route.params)) {
        const texts = spec.kind === 'single' || spec.kind === 'multi' ? controlTexts(rand, false, 10) : [];
        for (const text of texts) {
          cases.push({ method: 'GET', target: `${route.path}?${param}=${percentEncode(text)}`, headers, label: `${route.path}?${param}=${show(text)}`, ...(route.html ? {} : { names: param }) });
        }
        for (const raw of HOSTILE_RAW_VALUES) cases.push({ method: 'GET', target: `${route.path}?${param}=${raw}`, headers, label: `${route.path}?${param}=${raw.slice(0, 40)}` });
        cases.push({ method: 'GET', target: `${route.path}?${param}=1&${param}=2`, headers, label: `${route.path} repeated ${param}`, ...(route.html ? {} : { names: param }) });
      }
      for (const name of HOSTILE_PARAM_NAMES) cases.push({ method: 'GET', target: `${route.path}?${name}=1`, headers, label: `${route.path}?${name.slice(0, 30)}=1` });
      for (const raw of HOSTILE_RAW_VALUES.slice(0, 8)) cases.push({ method: 'GET', target: `${route.path}?x=${raw}`, headers, label: `${route.path}?x=${raw}` });
    }
  }
  for (const route of PATH_ROUTES) {
    const variants: Record<string, string>[] = route.admin ? [{ cookie: session }, {}] : [{}];
    for (const headers of variants) {
      for (const raw of [...HOSTILE_RAW_VALUES, '__proto__', 'constructor', '%2e%2e', '%20']) {
        cases.push({ method: route.method, target: route.path.replace(':x', raw), headers, label: `${route.method} ${route.path.replace(':x', raw.slice(0, 40))}` });
      }
    }
  }
  for (const cookie of ['census_admin_session=%00', 'census_admin_session=', "census_admin_session=x'; DROP TABLE admin_sessions; --", `census_admin_session=${'B'.repeat(43)}`, '=', ';;;', 'census_admin_device=%00.%00.%00']) {
    cases.push({ method: 'POST', target: '/api/admin/logout', headers: { cookie }, label: `logout with ${cookie.slice(0, 40)}` });
    cases.push({ method: 'GET', target: '/api/admin/session', headers: { cookie }, label: `session with ${cookie.slice(0, 40)}` });
  }
  return cases;
}

/** Row count and checksum of every table, to prove the sweep changed nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows } = await db.pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
  const result: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const { rows: sums } = await db.pool.query<{ n: string; sum: string }>(`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM "${table.replace(/"/g, '""')}" t`);
    result[table] = `${sums[0]?.n} rows, md5 ${sums[0]?.sum}`;
  }
  return result;
}

/** What is wrong with one answer, or undefined. */
function judge(c: Case, res: RawResponse): string | undefined {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 120)}`;
  if (!c.names) return undefined;
  if (c.mcp) {
    const refused = /"isError":\s*true/.test(res.text) || /"error":\s*\{/.test(res.text);
    return refused && res.text.includes(c.names) ? undefined : `not a tool error naming "${c.names}": ${res.status} ${res.text.slice(0, 160)}`;
  }
  let error: string;
  try {
    const message = (res.json() as { error?: unknown }).error;
    error = typeof message === 'string' ? message : '';
  } catch {
    return `${res.status}, not JSON: ${res.text.slice(0, 80)}`;
  }
  return res.status === 400 && error.includes(c.names) ? undefined : `expected a 400 naming "${c.names}", got ${res.status} ${JSON.stringify(error).slice(0, 160)}`;
}

async function sweep(cases: Case[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++] as Case;
      const problem = judge(c, await send(c.method, c.target, c.body, c.headers));
      if (problem) problems.push(`${c.label}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return problems;
}

describe(`hostile input on every route (seed ${SEED})`, () => {
  it('never answers 5xx, refuses bad text and e-mail with a 400 naming the field, and changes no table', async () => {
    const before = await snapshot();
    const cases = [...bodyCases(), ...agentCases(), ...queryCases()];
    expect(cases.length).toBeGreaterThan(2_000);
    const problems = await sweep(cases);
    expect(problems.slice(0, 60), `${problems.length} of ${cases.length} answers were wrong`).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(messages('error')).toEqual([]);
  }, 300_000);
});
