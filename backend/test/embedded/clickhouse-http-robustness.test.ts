import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedClickHouse } from '../../src/embedded/clickhouse';
import { createClient, expectClickHouseError, rawExchange, startHarness, type Harness } from './support/clickhouse-harness';

const MAX_BODY = 48 * 1024 * 1024;
let harness: Harness;
let ch: EmbeddedClickHouse;
let client: ClickHouseClient;

beforeAll(async () => {
  harness = await startHarness({ maxBodyBytes: MAX_BODY });
  ({ ch, client } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

describe('embedded ClickHouse HTTP face under load and abuse', () => {
  it('serves 20 concurrent queries with the right answers', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client
          .query({ query: 'SELECT {i:UInt32} AS i, sum(number) AS s FROM numbers({n:UInt32})', query_params: { i, n: 1000 + i }, format: 'JSONEachRow' })
          .then((r) => r.json<{ i: number; s: number }>()),
      ),
    );
    results.forEach((rows, i) => {
      const n = 1000 + i;
      expect(rows).toEqual([{ i, s: (n * (n - 1)) / 2 }]);
    });
    const plain = await Promise.all(Array.from({ length: 20 }, (_, i) => client.query({ query: `SELECT ${i} AS i, sleep(0.05)`, format: 'JSONEachRow' }).then((r) => r.json())));
    plain.forEach((rows, i) => expect(rows).toEqual([{ i, 'sleep(0.05)': 0 }]));
  });

  it('keeps state per session_id', async () => {
    const session = createClient({ url: ch.url, session_id: `s-${Date.now()}` });
    try {
      await session.command({ query: 'CREATE TEMPORARY TABLE tmp (x UInt8)' });
      await session.command({ query: 'INSERT INTO tmp VALUES (7)' });
      await session.command({ query: 'SET max_result_rows = 123' });
      expect(await (await session.query({ query: "SELECT x, getSetting('max_result_rows') AS m FROM tmp", format: 'JSONEachRow' })).json()).toEqual([{ x: 7, m: 123 }]);
      await expectClickHouseError(client.query({ query: 'SELECT x FROM tmp' }), '60', 'UNKNOWN_TABLE');
    } finally {
      await session.close();
    }
  });

  it('handles gzip in both directions', async () => {
    const compressed = createClient({ url: ch.url, compression: { request: true, response: true } });
    try {
      await compressed.command({ query: 'CREATE TABLE gz (n UInt32, s String) ENGINE = MergeTree ORDER BY n' });
      await compressed.insert({ table: 'gz', values: Array.from({ length: 5000 }, (_, n) => ({ n, s: `row-${n}` })), format: 'JSONEachRow' });
      const res = await compressed.query({ query: 'SELECT n, s FROM gz ORDER BY n', format: 'JSONEachRow' });
      expect(res.response_headers['content-encoding']).toBe('gzip');
      const rows = await res.json<{ n: number; s: string }>();
      expect(rows).toHaveLength(5000);
      expect(rows[4999]).toEqual({ n: 4999, s: 'row-4999' });
    } finally {
      await compressed.close();
    }
    const bomb = gzipSync(Buffer.alloc(MAX_BODY + 1024 * 1024, 0x20));
    const res = await fetch(`${ch.url}/?query=${encodeURIComponent('SELECT 1')}`, { method: 'POST', body: bomb, headers: { 'Content-Encoding': 'gzip' } });
    expect(res.status).toBe(413);
    const broken = await fetch(ch.url, { method: 'POST', body: 'not gzip at all', headers: { 'Content-Encoding': 'gzip' } });
    expect(broken.status).toBe(400);
  });

  it('takes a tens-of-MB insert body', async () => {
    await client.command({ query: 'CREATE TABLE bulk (id UInt32, payload String) ENGINE = MergeTree ORDER BY id' });
    const payload = 'x'.repeat(200);
    const rows = Array.from({ length: 100_000 }, (_, id) => ({ id, payload }));
    const res = await client.insert({ table: 'bulk', values: rows, format: 'JSONEachRow' });
    expect(res.summary?.written_rows).toBe('100000');
    // The same volume as one raw body (> 20 MB) through exec.
    const body = rows.map((r) => JSON.stringify({ ...r, id: r.id + 100_000 })).join('\n') + '\n';
    expect(body.length).toBeGreaterThan(20 * 1024 * 1024);
    const raw = await client.exec({ query: 'INSERT INTO bulk FORMAT JSONEachRow', values: Readable.from([body]) });
    raw.stream.resume();
    expect(await (await client.query({ query: 'SELECT count() AS c, sum(length(payload)) AS l, max(id) AS m FROM bulk', format: 'JSONEachRow' })).json()).toEqual([{ c: 200_000, l: 200_000 * 200, m: 199_999 }]);
  });

  it('answers garbage and oversized requests with 4xx and keeps serving', async () => {
    const garbage = await rawExchange(ch.url, '\x00\x01\x02 this is not http\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);

    const oversized = await fetch(`${ch.url}/?query=${encodeURIComponent('INSERT INTO people FORMAT JSONEachRow')}`, { method: 'POST', body: Buffer.alloc(MAX_BODY + 1, 0x20) }).then(
      (r) => r.status,
      () => 'connection closed',
    );
    expect([413, 'connection closed']).toContain(oversized);

    const badMultipart = await fetch(ch.url, { method: 'POST', body: '--x\r\nno headers', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(badMultipart.status).toBe(400);
    const badParamName = await fetch(`${ch.url}/?param_bad-name=1`, { method: 'POST', body: 'SELECT 1' });
    expect(badParamName.status).toBeGreaterThanOrEqual(400);
    const nativeCompression = await fetch(`${ch.url}/?decompress=1`, { method: 'POST', body: 'SELECT 1' });
    expect(nativeCompression.status).toBe(501);
    const badMethod = await fetch(ch.url, { method: 'PUT', body: 'SELECT 1' });
    expect(badMethod.status).toBe(405);
    const hostileDb = await fetch(`${ch.url}/?database=${encodeURIComponent('x`; DROP TABLE people; --')}`, { method: 'POST', body: 'SELECT 1' });
    expect(hostileDb.headers.get('x-clickhouse-exception-code')).toBe('81');

    expect(await client.ping()).toEqual({ success: true });
    expect(await (await client.query({ query: 'SELECT count() AS c FROM people', format: 'JSONEachRow' })).json()).toEqual([{ c: 3 }]);
  });
});
