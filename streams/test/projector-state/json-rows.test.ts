import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from '../../src/projector-state/json-rows';

const COLUMNS: readonly JsonRowColumn[] = [
  { name: 'id', type: 'bigint' },
  { name: 'n', type: 'integer' },
  { name: 'label', type: 'text' },
  { name: 'flag', type: 'boolean' },
  { name: 'event_id', type: 'uuid' },
  { name: 'at', type: 'timestamptz' },
  { name: 'doc', type: 'jsonb' },
  { name: 'tags', type: 'text[]' },
];

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('json_rows');
  await db.pool.query('CREATE TABLE t (id bigint, n integer, label text, flag boolean, event_id uuid, at timestamptz, doc jsonb, tags text[])');
});
afterAll(async () => {
  await db?.drop();
});

/** Inserts `rows` the way the projector does and reads them back in id order. */
async function roundTrip(rows: unknown[][]): Promise<Record<string, unknown>[]> {
  await db.pool.query('TRUNCATE t');
  await db.pool.query(`INSERT INTO t SELECT * FROM ${jsonRowsFrom(1, COLUMNS)} AS x`, [jsonRows(COLUMNS, rows)]);
  const { rows: out } = await db.pool.query<Record<string, unknown>>('SELECT id::int AS id, n, label, flag, event_id, at, doc, tags, doc IS NULL AS doc_is_null FROM t ORDER BY id');
  return out;
}

describe('bulk rows sent as one jsonb parameter', () => {
  it('keeps every type, and a JSON null or a missing value is SQL NULL', async () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 100; i += 1) cursor = (cursor.k = {});
    const rows = await roundTrip([
      [1, 7, 'plain "quoted" \\ text, ünïcödé 😀', true, '3f1c2a8e-6d3b-4c7a-9e2f-0a1b2c3d4e5f', '2026-07-01T12:00:00.000Z', { type: 'object', b: [1, 2.5, -0, 'x'] }, ['a', 'b"c']],
      [2, null, null, false, null, null, null, []],
      [3, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
      [4, 0, '', null, null, null, 'a JSON string, not an object', null],
      [5, 0, 'deep', null, null, null, deep, ['x']],
    ]);
    expect(rows[0]).toMatchObject({ id: 1, n: 7, label: 'plain "quoted" \\ text, ünïcödé 😀', flag: true, event_id: '3f1c2a8e-6d3b-4c7a-9e2f-0a1b2c3d4e5f', doc: { type: 'object', b: [1, 2.5, 0, 'x'] }, tags: ['a', 'b"c'] });
    expect((rows[0]!.at as Date).toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(rows[1]).toMatchObject({ n: null, label: null, flag: false, event_id: null, at: null, doc: null, doc_is_null: true, tags: [] });
    expect(rows[2]).toMatchObject({ n: null, label: null, flag: null, doc_is_null: true, tags: [] });
    expect(rows[3]).toMatchObject({ label: '', doc: 'a JSON string, not an object', tags: [] });
    // a value without a NUL or a lone surrogate is stored as it came, however deep
    expect(rows[4]!.doc).toEqual(deep);
  });

  it('cleans a NUL or a lone surrogate in any column, where Postgres would refuse the whole chunk', async () => {
    const rows = await roundTrip([
      [1, 0, 'lone \ud800 surrogate and a \u0000 NUL', null, null, null, { 'k\u0000': 'v\udc00' }, ['t\u0000ag', '\ud83d']],
      [2, 0, 'clean 😀', null, null, null, { ok: 'kept 😀' }, ['fine']],
    ]);
    expect(rows[0]).toMatchObject({ label: 'lone \ufffd surrogate and a  NUL', doc: { k: 'v\ufffd' }, tags: ['tag', '\ufffd'] });
    expect(rows[1]).toMatchObject({ label: 'clean 😀', doc: { ok: 'kept 😀' }, tags: ['fine'] });
  });
});
