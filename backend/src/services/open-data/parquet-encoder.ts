import { PassThrough, type Readable } from 'node:stream';
import type { OpenDataColumn } from '@mcp-census/schemas/api/open-data';
import { ByteWriter, parquetWriteRows } from 'hyparquet-writer';
import { parquetSchema, parquetValueConverter } from './parquet-schema';

/**
 * Rows per Parquet row group. A row group is the unit the writer holds in
 * memory (its rows, then its encoded bytes) before passing it on, so this
 * bounds the encoder's memory whatever the dataset's size (at most
 * ~8k rows × 2,000-character cells in the worst case).
 */
export const PARQUET_ROW_GROUP_ROWS = 8_192;

/**
 * A hyparquet-writer sink that hands its bytes to a Node stream. The writer
 * calls flush() after each row group; we pass the bytes on, reset the buffer
 * (offset keeps counting: the footer's file offsets need the total) and return
 * a promise that settles when the stream drains, which is how
 * hyparquet-writer applies backpressure (it awaits flush before pulling the
 * next group from the row source). A destroyed stream rejects, which stops
 * the writer and so the row source.
 */
class StreamSink extends ByteWriter {
  constructor(private readonly out: PassThrough) {
    super(1 << 20);
  }

  flush(): Promise<void> | undefined {
    if (this.out.destroyed) return Promise.reject(new Error('parquet output closed'));
    if (this.index === 0) return undefined;
    // copy: the buffer is reused for the next group
    const chunk = Buffer.from(this.buffer.slice(0, this.index));
    this.index = 0;
    if (this.out.write(chunk)) return undefined;
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new Error('parquet output closed'));
      this.out.once('drain', onDrain);
      this.out.once('close', onClose);
    });
  }

  /** The footer: written without waiting, the encoder ends the stream next (end() waits for the reader). */
  override finish(): void {
    this.flush()?.catch(() => undefined);
  }
}

/**
 * Rows → a Parquet file as a stream, written with hyparquet-writer's
 * parquetWriteRows: it pulls rows from the async source one row group at a
 * time and writes each group as it fills (it never holds the dataset), with
 * the explicit schema of the dataset's dictionary columns.
 */
export function encodeParquet(rows: AsyncIterable<Record<string, unknown>>, columns: readonly OpenDataColumn[]): Readable {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const convert = parquetValueConverter(columns);
  async function* converted() {
    for await (const row of rows) yield convert(row);
  }
  const source = converted();
  Promise.resolve(
    parquetWriteRows({
      writer: new StreamSink(out),
      rows: source,
      columns: columns.map((c) => ({ name: c.name, nullable: c.nullable })),
      schema: parquetSchema(columns),
      rowGroupSize: PARQUET_ROW_GROUP_ROWS,
      createdBy: 'MCP Census open data',
    }),
  ).then(
    () => out.end(),
    (err: unknown) => {
      // a failed or abandoned write ends the source (closes its query)
      void source.return(undefined);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return out;
}
