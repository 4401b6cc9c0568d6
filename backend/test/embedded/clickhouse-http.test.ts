import { Readable } from 'node:stream';
import { TupleParam, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedClickHouse } from '../../src/embedded/clickhouse';
import { createClient, expectClickHouseError, startHarness, type Harness } from './support/clickhouse-harness';

let harness: Harness;
let ch: EmbeddedClickHouse;
let client: ClickHouseClient;

beforeAll(async () => {
  harness = await startHarness();
  ({ ch, client } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

describe('embedded ClickHouse HTTP face', () => {
  it('answers ping, HEAD /ping and GET /', async () => {
    expect(await client.ping()).toEqual({ success: true });
    expect(await client.ping({ select: true })).toEqual({ success: true });
    const ping = await fetch(`${ch.url}/ping`);
    expect(ping.status).toBe(200);
    expect(await ping.text()).toBe('Ok.\n');
    expect((await fetch(`${ch.url}/ping`, { method: 'HEAD' })).status).toBe(200);
    expect(await (await fetch(`${ch.url}/`)).text()).toBe('Ok.\n');
    expect((await fetch(`${ch.url}/nope`)).status).toBe(404);
    expect(new URL(ch.url).hostname).toBe('127.0.0.1');
  });

  it('returns rows in JSONEachRow, JSON, JSONCompactEachRow, TabSeparated and CSV', async () => {
    const q = 'SELECT id, name, score FROM people ORDER BY id';
    const eachRow = await client.query({ query: q, format: 'JSONEachRow' });
    expect(eachRow.response_headers['x-clickhouse-format']).toBe('JSONEachRow');
    expect(await eachRow.json()).toEqual([
      { id: 1, name: 'ada', score: 1.5 },
      { id: 2, name: 'bob', score: 2 },
      { id: 3, name: "o'neil", score: -3.25 },
    ]);

    const json = await (await client.query({ query: q, format: 'JSON' })).json<{ id: number; name: string }>();
    expect(json.rows).toBe(3);
    expect(json.meta?.map((m) => m.name)).toEqual(['id', 'name', 'score']);
    expect(json.data.map((r) => r.name)).toEqual(['ada', 'bob', "o'neil"]);

    expect(await (await client.query({ query: q, format: 'JSONCompactEachRow' })).json()).toEqual([
      [1, 'ada', 1.5],
      [2, 'bob', 2],
      [3, "o'neil", -3.25],
    ]);
    expect(await (await client.query({ query: q, format: 'TabSeparated' })).text()).toBe("1\tada\t1.5\n2\tbob\t2\n3\to\\'neil\t-3.25\n");
    expect(await (await client.query({ query: q, format: 'CSV' })).text()).toBe('1,"ada",1.5\n2,"bob",2\n3,"o\'neil",-3.25\n');

    // Streaming rows through the client's ResultSet works too.
    const names: string[] = [];
    for await (const rows of (await client.query({ query: q, format: 'JSONEachRow' })).stream<{ name: string }>()) {
      for (const row of rows) names.push(row.json().name);
    }
    expect(names).toEqual(['ada', 'bob', "o'neil"]);
  });

  it('uses default_format, or TabSeparated, when the SQL names no format', async () => {
    const plain = await fetch(ch.url, { method: 'POST', body: 'SELECT 1 AS a, 2 AS b' });
    expect(plain.headers.get('x-clickhouse-format')).toBe('TabSeparated');
    expect(await plain.text()).toBe('1\t2\n');
    const viaParam = await fetch(`${ch.url}/?default_format=JSONEachRow`, { method: 'POST', body: 'SELECT 1 AS a' });
    expect(viaParam.headers.get('content-type')).toContain('application/x-ndjson');
    expect(await viaParam.text()).toBe('{"a":1}\n');
    const summary = JSON.parse(viaParam.headers.get('x-clickhouse-summary') ?? '{}') as Record<string, unknown>;
    expect(Object.keys(summary).sort()).toEqual(['elapsed_ns', 'read_bytes', 'read_rows', 'result_bytes', 'result_rows', 'total_rows_to_read', 'written_bytes', 'written_rows']);
    expect(Object.values(summary).every((v) => typeof v === 'string')).toBe(true);
  });

  it('inserts JSONEachRow objects, compact rows, CSV and TSV streams and reads them back', async () => {
    await client.command({ query: 'CREATE TABLE ins (id UInt64, tag String, at DateTime) ENGINE = MergeTree ORDER BY id' });
    const res = await client.insert({
      table: 'ins',
      values: [
        { id: 1, tag: 'json', at: '2024-01-02 03:04:05' },
        { id: 2, tag: 'line\nbreak "quoted"', at: '2024-01-02 03:04:06' },
      ],
      format: 'JSONEachRow',
    });
    expect(res.summary?.written_rows).toBe('2');
    await client.insert({ table: 'ins', values: [[3, 'compact', '2024-01-02 03:04:07']], format: 'JSONCompactEachRow' });
    await client.insert({ table: 'ins', values: Readable.from(['4,csv,2024-01-02 03:04:08\n', '5,"c,sv",2024-01-02 03:04:09\n'], { objectMode: false }), format: 'CSV' });
    await client.insert({ table: 'ins', values: Readable.from(['6\ttsv\t2024-01-02 03:04:10\n'], { objectMode: false }), format: 'TabSeparated' });
    await client.insert({ table: 'ins', columns: ['id', 'tag'], values: [{ id: 7, tag: 'cols' }], format: 'JSONEachRow' });
    // Nothing to insert is a no-op, as on clickhouse-server.
    await client.insert({ table: 'ins', values: [], format: 'JSONEachRow' });

    const rows = await (await client.query({ query: 'SELECT id, tag FROM ins ORDER BY id', format: 'JSONEachRow' })).json<{ id: number; tag: string }>();
    expect(rows).toEqual([
      { id: 1, tag: 'json' },
      { id: 2, tag: 'line\nbreak "quoted"' },
      { id: 3, tag: 'compact' },
      { id: 4, tag: 'csv' },
      { id: 5, tag: 'c,sv' },
      { id: 6, tag: 'tsv' },
      { id: 7, tag: 'cols' },
    ]);
  });

  it('rejects bad insert rows with a ClickHouseError', async () => {
    await expectClickHouseError(client.insert({ table: 'people', values: [{ id: 'not a number', name: 'x', score: 1 }], format: 'JSONEachRow' }), '27', 'CANNOT_PARSE_INPUT_ASSERTION_FAILED');
    await expectClickHouseError(client.insert({ table: 'missing_table', values: [{ a: 1 }], format: 'JSONEachRow' }), '60', 'UNKNOWN_TABLE');
  });

  it('runs DDL through command: databases, ReplacingMergeTree with TTL, materialized views, ALTER, DROP', async () => {
    await client.command({ query: 'CREATE DATABASE IF NOT EXISTS ddl_db' });
    await client.command({
      query: `CREATE TABLE ddl_db.events (id UInt32, v UInt32, ts DateTime DEFAULT now())
              ENGINE = ReplacingMergeTree(v) ORDER BY id TTL ts + INTERVAL 30 DAY`,
    });
    await client.command({ query: 'CREATE TABLE ddl_db.totals (id UInt32, n UInt64) ENGINE = SummingMergeTree ORDER BY id' });
    await client.command({ query: 'CREATE MATERIALIZED VIEW ddl_db.mv TO ddl_db.totals AS SELECT id, count() AS n FROM ddl_db.events GROUP BY id' });
    await client.insert({ table: 'ddl_db.events', values: [{ id: 1, v: 1 }, { id: 1, v: 2 }, { id: 2, v: 1 }], format: 'JSONEachRow' });
    await client.command({ query: 'ALTER TABLE ddl_db.events ADD COLUMN note String DEFAULT \'\'' });

    const latest = await (await client.query({ query: 'SELECT id, v FROM ddl_db.events FINAL ORDER BY id', format: 'JSONEachRow' })).json();
    expect(latest).toEqual([
      { id: 1, v: 2 },
      { id: 2, v: 1 },
    ]);
    const totals = await (await client.query({ query: 'SELECT id, sum(n) AS n FROM ddl_db.totals GROUP BY id ORDER BY id', format: 'JSONEachRow' })).json();
    expect(totals).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 1 },
    ]);
    const cols = await (await client.query({ query: "SELECT name FROM system.columns WHERE database = 'ddl_db' AND table = 'events' ORDER BY position", format: 'JSONEachRow' })).json();
    expect(cols).toEqual([{ name: 'id' }, { name: 'v' }, { name: 'ts' }, { name: 'note' }]);

    await client.command({ query: 'DROP TABLE ddl_db.mv' });
    await client.command({ query: 'DROP DATABASE ddl_db' });
    await expectClickHouseError(client.query({ query: 'SELECT 1 FROM ddl_db.events' }), '81', 'UNKNOWN_DATABASE');
  });

  it('exec returns the raw stream with the format the SQL names', async () => {
    const res = await client.exec({ query: 'SELECT number AS n FROM numbers(3) FORMAT JSONCompactEachRow' });
    const chunks: Buffer[] = [];
    for await (const c of res.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('[0]\n[1]\n[2]\n');
    expect(res.response_headers['x-clickhouse-format']).toBe('JSONCompactEachRow');
    const queryId = 'exec-query-id-123';
    const withId = await client.exec({ query: 'SELECT 1', query_id: queryId });
    withId.stream.resume();
    expect(withId.query_id).toBe(queryId);
    expect(withId.response_headers['x-clickhouse-query-id']).toBe(queryId);
  });

  it('binds query parameters server-side, keeping hostile strings as data', async () => {
    const tricky = ['plain', "it's", 'back\\slash', 'new\nline', 'tab\there', "x'; DROP TABLE people; --", '\\N', "\\'", 'ünïcødé ✓', '{curly}', "''"];
    for (const s of tricky) {
      const rows = await (await client.query({ query: 'SELECT {s:String} AS s, length({s:String}) AS n', query_params: { s }, format: 'JSONEachRow' })).json<{ s: string; n: number }>();
      expect(rows).toEqual([{ s, n: Buffer.byteLength(s) }]);
    }
    // The injection attempt was only ever a value.
    const hit = await (await client.query({ query: 'SELECT count() AS c FROM people WHERE name = {name:String}', query_params: { name: "x'; DROP TABLE people; --" }, format: 'JSONEachRow' })).json();
    expect(hit).toEqual([{ c: 0 }]);
    expect(await (await client.query({ query: 'SELECT count() AS c FROM people', format: 'JSONEachRow' })).json()).toEqual([{ c: 3 }]);

    const rows = await (
      await client.query({
        query: `SELECT {arr:Array(String)} AS arr, {m:Map(String, String)} AS m, {t:Tuple(String, Int32)} AS t,
                       {n:Nullable(String)} AS n, {i:Int64} AS i, {f:Float64} AS f, {b:Bool} AS b,
                       {d:DateTime} AS d, {ids:Array(UInt32)} AS ids, {nn:Array(Nullable(String))} AS nn`,
        query_params: {
          arr: ["it's", 'back\\slash', 'new\nline', "x'; DROP TABLE people; --"],
          m: { "k'ey": "va'lue", plain: 'x' },
          t: new TupleParam(["o'neil", -7]),
          n: null,
          i: '-9223372036854775808',
          f: 1.25,
          b: true,
          d: new Date('2024-05-06T07:08:09Z'),
          ids: [1, 2, 3],
          nn: ['a', null],
        },
        // Quoted so Int64 survives JSON.parse without precision loss.
        clickhouse_settings: { session_timezone: 'UTC', output_format_json_quote_64bit_integers: 1 },
        format: 'JSONEachRow',
      })
    ).json();
    expect(rows).toEqual([
      {
        arr: ["it's", 'back\\slash', 'new\nline', "x'; DROP TABLE people; --"],
        m: { "k'ey": "va'lue", plain: 'x' },
        t: ["o'neil", -7],
        n: null,
        i: '-9223372036854775808',
        f: 1.25,
        b: true,
        d: '2024-05-06 07:08:09',
        ids: [1, 2, 3],
        nn: ['a', null],
      },
    ]);

    // Identifier parameters and parameters sent as multipart/form-data.
    const ident = await (await client.query({ query: 'SELECT count() AS c FROM {tbl:Identifier}', query_params: { tbl: 'people' }, format: 'JSONEachRow' })).json();
    expect(ident).toEqual([{ c: 3 }]);
    const big = 'q\'"\\'.repeat(3000);
    const multipart = await (await client.query({ query: 'SELECT {big:String} = {big:String} AS same, length({big:String}) AS n', query_params: { big }, use_multipart_params: true, format: 'JSONEachRow' })).json();
    expect(multipart).toEqual([{ same: 1, n: big.length }]);

    await expectClickHouseError(client.query({ query: 'SELECT {x:UInt8}', query_params: { x: 'abc' } }), '457', 'BAD_QUERY_PARAMETER');
    await expectClickHouseError(client.query({ query: 'SELECT {x:UInt8}' }), '456', 'UNKNOWN_QUERY_PARAMETER');
  });

  it('applies the client database option per request without leaking it', async () => {
    await client.command({ query: 'CREATE DATABASE IF NOT EXISTS other_db' });
    await client.command({ query: 'CREATE TABLE other_db.people (who String) ENGINE = Memory' });
    await client.command({ query: "INSERT INTO other_db.people VALUES ('from-other-db')" });
    const other = createClient({ url: ch.url, database: 'other_db' });
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const c = i % 2 === 0 ? other : client;
          return c.query({ query: 'SELECT currentDatabase() AS db, count() AS n FROM people', format: 'JSONEachRow' }).then((r) => r.json());
        }),
      );
      results.forEach((rows, i) => {
        expect(rows).toEqual([i % 2 === 0 ? { db: 'other_db', n: 1 } : { db: 'default', n: 3 }]);
      });
      await other.insert({ table: 'people', values: [{ who: 'inserted' }], format: 'JSONEachRow' });
      expect(await (await other.query({ query: 'SELECT who FROM people ORDER BY who', format: 'JSONEachRow' })).json()).toEqual([{ who: 'from-other-db' }, { who: 'inserted' }]);

      // A USE inside one request never sticks to the next.
      await client.command({ query: 'USE other_db' });
      expect(await (await client.query({ query: 'SELECT currentDatabase() AS db', format: 'JSONEachRow' })).json()).toEqual([{ db: 'default' }]);

      const missing = createClient({ url: ch.url, database: 'no_such_db' });
      await expectClickHouseError(missing.query({ query: 'SELECT 1' }), '81', 'UNKNOWN_DATABASE');
      await missing.close();
    } finally {
      await other.close();
    }
  });

  it('applies clickhouse_settings to that query only', async () => {
    // ClickHouse >= 25.8 (the engine is 26.x) no longer quotes 64-bit integers by default.
    const unquoted = await (await client.query({ query: 'SELECT toUInt64(42) AS v', format: 'JSONEachRow' })).json();
    expect(unquoted).toEqual([{ v: 42 }]);
    const quoted = await (await client.query({ query: 'SELECT toUInt64(42) AS v', format: 'JSONEachRow', clickhouse_settings: { output_format_json_quote_64bit_integers: 1 } })).json();
    expect(quoted).toEqual([{ v: '42' }]);
    await expectClickHouseError(
      client.query({ query: 'SELECT number FROM numbers(100)', clickhouse_settings: { max_result_rows: '10', result_overflow_mode: 'throw' } }),
      '396',
      'TOO_MANY_ROWS_OR_BYTES',
    );
    const after = await (await client.query({ query: "SELECT getSetting('max_result_rows') AS v", format: 'JSONEachRow' })).json();
    expect(after).toEqual([{ v: 0 }]);
    // A SET inside a request does not stick either.
    await client.command({ query: 'SET max_result_rows = 5' });
    expect(await (await client.query({ query: "SELECT getSetting('max_result_rows') AS v", format: 'JSONEachRow' })).json()).toEqual([{ v: 0 }]);
    await expectClickHouseError(client.query({ query: 'SELECT 1', clickhouse_settings: { no_such_setting_xyz: 1 } }), '115', 'UNKNOWN_SETTING');
  });

  it('maps engine errors to ClickHouseError with code and type', async () => {
    const unknown = await expectClickHouseError(client.query({ query: 'SELECT * FROM missing_table' }), '60', 'UNKNOWN_TABLE');
    expect(unknown.message).toContain('missing_table');
    await expectClickHouseError(client.query({ query: 'SELEC 1' }), '62', 'SYNTAX_ERROR');
    await expectClickHouseError(client.command({ query: 'CREATE TABLE people (x UInt8) ENGINE = Memory' }), '57', 'TABLE_ALREADY_EXISTS');
    const badFormat = await fetch(`${ch.url}/?default_format=Nope`, { method: 'POST', body: 'SELECT 1' });
    expect(badFormat.headers.get('x-clickhouse-exception-code')).toBe('73');
    expect(badFormat.status).toBe(404);

    const res = await fetch(`${ch.url}/?query_id=err-1`, { method: 'POST', body: 'SELECT * FROM missing_table' });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-clickhouse-exception-code')).toBe('60');
    expect(res.headers.get('x-clickhouse-query-id')).toBe('err-1');
    expect(await res.text()).toMatch(/^Code: 60\. DB::Exception: .*\(UNKNOWN_TABLE\) \(version [^)]+\)\n$/s);

    // One statement per request, as on clickhouse-server; `;` inside literals and a trailing `;` are fine.
    await expectClickHouseError(client.command({ query: 'SELECT 1; DROP TABLE people' }), '62', 'SYNTAX_ERROR');
    const semicolons = await fetch(ch.url, { method: 'POST', body: "SELECT ';' AS s, count() AS c FROM people FORMAT JSONEachRow; -- done" });
    expect(await semicolons.text()).toBe('{"s":";","c":3}\n');
    await client.command({ query: "INSERT INTO people FORMAT JSONEachRow\n{\"id\":9,\"name\":\"semi;colon\",\"score\":0}" });
    await client.command({ query: 'ALTER TABLE people DELETE WHERE id = 9 SETTINGS mutations_sync = 1' });

    const syntax = await fetch(ch.url, { method: 'POST', body: 'SELEC 1' });
    expect(syntax.status).toBe(400);
    const empty = await fetch(ch.url, { method: 'POST', body: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/^Code: 62\. DB::Exception: Empty query\. \(SYNTAX_ERROR\)/);
  });

  it('keeps GET requests read-only, like clickhouse-server', async () => {
    const res = await fetch(`${ch.url}/?query=${encodeURIComponent('CREATE TABLE via_get (x UInt8) ENGINE = Memory')}`);
    expect(res.headers.get('x-clickhouse-exception-code')).toBe('164');
    const read = await fetch(`${ch.url}/?query=${encodeURIComponent('SELECT count() FROM people')}`);
    expect(await read.text()).toBe('3\n');
  });
});
