import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/** Rows fetched per cursor round trip (a few MB at most): fewer round trips, memory bounded by this, not by the table. */
const CURSOR_BATCH = 2_000;

/**
 * Yields the rows of one query through a server-side cursor (pg-query-stream)
 * on a client of its own. Rows are pulled only as fast as the consumer asks
 * (the stream's backpressure), so memory does not grow with the row count.
 * Aborting `signal` (the HTTP client went away) or leaving the loop early
 * destroys the stream, which closes the cursor, and the client goes back to
 * the pool.
 */
export async function* pgCursorRows(pool: pg.Pool, sql: string, values: unknown[], signal?: AbortSignal): AsyncGenerator<unknown> {
  signal?.throwIfAborted();
  const client = await pool.connect();
  const stream = client.query(new QueryStream(sql, values, { batchSize: CURSOR_BATCH, highWaterMark: CURSOR_BATCH }));
  const abort = () => stream.destroy(new Error('open data download aborted'));
  signal?.addEventListener('abort', abort, { once: true });
  let completed = false;
  try {
    for await (const row of stream as AsyncIterable<unknown>) yield row;
    completed = true;
  } finally {
    signal?.removeEventListener('abort', abort);
    if (!stream.destroyed) stream.destroy();
    // a connection whose cursor was cut mid-protocol (error, abort, early exit) is not reused
    client.release(!completed);
  }
}
