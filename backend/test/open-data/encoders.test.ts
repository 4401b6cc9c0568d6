import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { OPEN_DATA_MAX_TEXT, type OpenDataColumn } from '@mcp-census/schemas';
import { holdsFor, waitFor } from '../../../test/support/wait-for';
import { encodeCsv } from '../../src/services/open-data/csv-encoder';
import { encodeParquet, PARQUET_ROW_GROUP_ROWS } from '../../src/services/open-data/parquet-encoder';
import { csvObjects } from './read-csv';

const COLUMNS: OpenDataColumn[] = [
  { name: 'n', type: 'integer', nullable: false, description: 'n' },
  { name: 'text', type: 'string', nullable: true, description: 'text' },
  { name: 'flag', type: 'boolean', nullable: true, description: 'flag' },
  { name: 'at', type: 'timestamp', nullable: true, description: 'at' },
];

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** A lazy source that counts how far it has been read. */
function source(total: number, row: (i: number) => Record<string, unknown> = (i) => ({ n: i, text: `row ${i}`, flag: i % 2 === 0, at: null })) {
  const state = { pulled: 0, closed: false };
  async function* rows() {
    try {
      for (let i = 0; i < total; i++) {
        state.pulled++;
        yield row(i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { rows: rows(), state };
}

describe('CSV encoder', () => {
  it('neutralises every formula-starting cell, keeps numbers, bounds text, quotes what needs it', async () => {
    const texts = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', 'a,"b"\nc', 'x'.repeat(OPEN_DATA_MAX_TEXT + 50), null];
    const { rows } = source(texts.length, (i) => ({ n: -i, text: texts[i], flag: i === 0 ? true : i === 1 ? false : null, at: null }));
    const { header, rows: out } = csvObjects((await collect(encodeCsv(rows, ['n', 'text', 'flag', 'at']))).toString('utf8'));
    expect(header).toEqual(['n', 'text', 'flag', 'at']);
    expect(out.map((r) => r.text)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", 'plain', 'a,"b"\nc', 'x'.repeat(OPEN_DATA_MAX_TEXT), '']);
    expect(out.map((r) => r.n)).toEqual(texts.map((_, i) => String(-i)));
    expect(out.slice(0, 3).map((r) => r.flag)).toEqual(['true', 'false', '']);
  });

  it('reads the source only as fast as the reader takes the output, and closes it when the reader leaves', async () => {
    const { rows, state } = source(1_000_000);
    const csv = encodeCsv(rows, ['n', 'text', 'flag', 'at']);
    csv.once('readable', () => undefined); // starts the flow without consuming
    await waitFor('the encoder to fill its buffer', () => state.pulled, (n) => n > 0);
    await holdsFor('the source being read only a buffer ahead', () => state.pulled < 5_000, 500);
    csv.destroy();
    await waitFor('the source to be closed', () => state.closed);
    expect(state.pulled).toBeLessThan(5_000);
  });
});

describe('Parquet encoder', () => {
  it('writes bounded row groups as they fill, readable back with the declared types', async () => {
    const total = PARQUET_ROW_GROUP_ROWS * 2 + 100;
    const { rows } = source(total, (i) => ({ n: i, text: i % 7 === 0 ? null : `row ${i}`, flag: i % 2 === 0, at: i === 0 ? '2026-11-24T10:00:00.000Z' : null }));
    const file = await collect(encodeParquet(rows, COLUMNS));
    const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    const meta = parquetMetadata(buffer);
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([PARQUET_ROW_GROUP_ROWS, PARQUET_ROW_GROUP_ROWS, 100]);
    expect(meta.schema.slice(1).map((s) => [s.name, s.type, s.repetition_type])).toEqual([
      ['n', 'INT32', 'REQUIRED'],
      ['text', 'BYTE_ARRAY', 'OPTIONAL'],
      ['flag', 'BOOLEAN', 'OPTIONAL'],
      ['at', 'INT64', 'OPTIONAL'],
    ]);
    const back = await parquetReadObjects({ file: buffer });
    expect(back).toHaveLength(total);
    expect(back[0]).toEqual({ n: 0, text: null, flag: true, at: new Date('2026-11-24T10:00:00.000Z') });
    expect(back[total - 1]).toMatchObject({ n: total - 1, text: `row ${total - 1}` });
  });

  it('an empty source is a valid file with the columns and no rows', async () => {
    const file = await collect(encodeParquet(source(0).rows, COLUMNS));
    const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    expect(parquetMetadata(buffer).schema.slice(1).map((s) => s.name)).toEqual(['n', 'text', 'flag', 'at']);
    expect(await parquetReadObjects({ file: buffer })).toEqual([]);
  });

  it('waits for a reader that does not read (the stream buffer plus one row group) and closes the source when it leaves', async () => {
    const total = 2_000_000;
    const { rows, state } = source(total);
    const out = encodeParquet(rows, COLUMNS);
    out.once('readable', () => undefined);
    // the writer stops once the stream's buffer is full: the count stops moving well before the end
    let last = -1;
    await waitFor('the writer to stop pulling rows', () => {
      const moved = state.pulled !== last;
      last = state.pulled;
      return !moved && state.pulled > 0;
    }, Boolean, { intervalMs: 200, timeoutMs: 30_000 });
    const stalled = state.pulled;
    expect(stalled).toBeLessThan(total / 4);
    await holdsFor('the writer waiting for the reader', () => state.pulled === stalled, 500);
    out.destroy();
    await waitFor('the source to be closed', () => state.closed);
    expect(state.pulled).toBe(stalled);
  });
});
