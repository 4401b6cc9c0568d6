/**
 * The chdb engine behind the HTTP face.
 *
 * chdb runs one engine per process and data path; each `Session` on that path
 * is its own connection with its own state (current database, SETs). Queries
 * on ONE connection run strictly one after another, while separate
 * connections run in parallel. So every sessionless request gets a fresh
 * connection (cheap: ~0.3 ms), which isolates its `database`, settings and
 * any SET/USE it runs, and a limiter bounds how many run at once. An anchor
 * session stays open for the server's lifetime so the engine is not torn
 * down and reloaded between requests.
 */
import { mkdirSync } from 'node:fs';
import { Session, drainPending } from 'chdb';
import { ClickHouseHttpError, ErrorCode } from './error-response';
import { DEFAULT_OUTPUT_FORMAT, expectsInsertData, rawInsertTarget } from './format-negotiation';
import { toBindValues } from './query-params';
import { SessionRegistry, type SessionSpec } from './session-registry';
import { hasMultipleStatements } from './statement-guard';

export interface EngineRequest {
  sql: string;
  data: Buffer | null;
  database: string;
  settings: Record<string, string>;
  params: Record<string, string>;
  defaultFormat?: string | undefined;
  readonly: boolean;
  session?: SessionSpec | undefined;
}

/** X-ClickHouse-Summary counters; strings, as clickhouse-server sends them. */
export interface QuerySummary {
  read_rows: string;
  read_bytes: string;
  written_rows: string;
  written_bytes: string;
  total_rows_to_read: string;
  result_rows: string;
  result_bytes: string;
  elapsed_ns: string;
}

export interface EngineResult {
  body: Uint8Array;
  summary: QuerySummary;
}

export interface EngineOptions {
  /** Requests executing on the engine at once; the rest wait in line. */
  maxConcurrentQueries?: number;
  /** Requests allowed to wait; beyond this they are refused (TOO_MANY_SIMULTANEOUS_QUERIES). */
  maxQueuedQueries?: number;
}

function summary(counts: { readRows?: number; readBytes?: number; writtenRows?: number; writtenBytes?: number; resultRows?: number; resultBytes?: number; elapsedSec?: number }): QuerySummary {
  const s = (n: number | undefined) => String(Math.max(0, Math.round(n ?? 0)));
  return {
    read_rows: s(counts.readRows),
    read_bytes: s(counts.readBytes),
    written_rows: s(counts.writtenRows),
    written_bytes: s(counts.writtenBytes),
    total_rows_to_read: s(counts.readRows),
    result_rows: s(counts.resultRows),
    result_bytes: s(counts.resultBytes),
    elapsed_ns: s((counts.elapsedSec ?? 0) * 1e9),
  };
}

/** Backtick-quoted identifier (the database name is data from the URL, never raw SQL). */
export function quoteIdentifier(name: string): string {
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}

/** Single-quoted SQL string literal; settings have no binding mechanism, so they are quoted. */
export function quoteString(value: string): string {
  return "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

/** FIFO counting semaphore with a bounded waiting line. */
class Limiter {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  constructor(
    private readonly max: number,
    private readonly maxQueued: number,
  ) {}

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  async acquire(): Promise<void> {
    if (this.#active < this.max) {
      this.#active++;
      return;
    }
    if (this.#waiting.length >= this.maxQueued) {
      throw ClickHouseHttpError.of(ErrorCode.TOO_MANY_SIMULTANEOUS_QUERIES, `Too many simultaneous queries (${this.max} running, ${this.maxQueued} waiting)`, 503);
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so #active is unchanged.
    if (next) next();
    else this.#active--;
  }
}

export class ChdbEngine {
  readonly #anchor: Session;
  readonly #limiter: Limiter;
  readonly #sessions: SessionRegistry;
  #closing = false;
  #inFlight = 0;
  #idle: Array<() => void> = [];

  private constructor(
    readonly dataDir: string,
    anchor: Session,
    readonly version: string,
    readonly timezone: string,
    opts: EngineOptions,
  ) {
    this.#anchor = anchor;
    this.#limiter = new Limiter(opts.maxConcurrentQueries ?? 4, opts.maxQueuedQueries ?? 1000);
    this.#sessions = new SessionRegistry(() => new Session(dataDir));
  }

  static async open(dataDir: string, opts: EngineOptions = {}): Promise<ChdbEngine> {
    mkdirSync(dataDir, { recursive: true });
    const anchor = new Session(dataDir);
    try {
      const info = await anchor.queryAsync('SELECT version(), timezone()', { format: 'TabSeparated' });
      const [version = 'unknown', timezone = 'UTC'] = info.text().trim().split('\t');
      return new ChdbEngine(dataDir, anchor, version, timezone, opts);
    } catch (err) {
      anchor.close();
      throw err;
    }
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  async execute(req: EngineRequest): Promise<EngineResult> {
    if (this.#closing) throw ClickHouseHttpError.of(ErrorCode.ABORTED, 'Server is shutting down', 503);
    // Checked on the statement only: rows appended from the body are data.
    if (hasMultipleStatements(req.sql)) throw ClickHouseHttpError.of(ErrorCode.SYNTAX_ERROR, 'Multi-statements are not allowed', 400);
    this.#inFlight++;
    try {
      await this.#limiter.acquire();
      try {
        return await this.#run(req);
      } finally {
        this.#limiter.release();
      }
    } finally {
      this.#inFlight--;
      if (this.#inFlight === 0) for (const wake of this.#idle.splice(0)) wake();
    }
  }

  async #run(req: EngineRequest): Promise<EngineResult> {
    const lease = req.session ? this.#sessions.lease(req.session) : { session: new Session(this.dataDir), release: () => undefined };
    const { session } = lease;
    try {
      await this.#prelude(session, req);
      return await this.#statement(session, req);
    } finally {
      if (req.session) lease.release();
      else session.close();
    }
  }

  /**
   * Database and per-request settings, applied to this request's connection
   * only. In a named session (session_id) they stay on the session, whereas
   * clickhouse-server scopes URL settings to the one query.
   */
  async #prelude(session: Session, req: EngineRequest): Promise<void> {
    const statements: string[] = [];
    if (req.database !== 'default') statements.push(`USE ${quoteIdentifier(req.database)}`);
    for (const [name, value] of Object.entries(req.settings)) statements.push(`SET ${name} = ${quoteString(value)}`);
    // As in clickhouse-server, GET may only read (readonly=2 still allows SETs).
    // Named sessions are exempt: readonly would stick to the session.
    if (req.readonly && !req.session && req.settings.readonly === undefined) statements.push('SET readonly = 2');
    if (statements.length > 0) await session.queryAsync(statements.join(';\n'), { format: 'TabSeparated' });
  }

  async #statement(session: Session, req: EngineRequest): Promise<EngineResult> {
    const format = req.defaultFormat ?? DEFAULT_OUTPUT_FORMAT;
    const hasParams = Object.keys(req.params).length > 0;
    if (expectsInsertData(req.sql)) {
      // clickhouse-server accepts an INSERT with no rows as a no-op.
      if (req.data === null || req.data.length === 0) return { body: new Uint8Array(0), summary: summary({}) };
      const target = hasParams ? undefined : rawInsertTarget(req.sql);
      if (target) {
        // Buffer goes to the engine zero-copy; its parser does the work.
        const r = await session.insert({ table: target.table, values: req.data, format: target.format, ...(target.columns ? { columns: target.columns } : {}) });
        return {
          body: new Uint8Array(0),
          summary: summary({ readRows: r.rowsWritten, readBytes: r.bytesSent, writtenRows: r.rowsWritten, writtenBytes: r.bytesWritten, elapsedSec: r.elapsed }),
        };
      }
    }
    const sql = req.data !== null && req.data.length > 0 ? `${req.sql}\n${req.data.toString('utf8')}` : req.sql;
    const result = hasParams ? await session.queryBindAsync(sql, toBindValues(sql, req.params), { format }) : await session.queryAsync(sql, { format });
    const body = result.bytes();
    return {
      body,
      summary: summary({ readRows: result.rowsRead, readBytes: result.bytesRead, resultRows: result.rowsRead, resultBytes: result.bytesRead, elapsedSec: result.elapsed }),
    };
  }

  /** Stops taking requests, waits (bounded) for running ones, then releases the engine so data is flushed. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.#closing = true;
    if (this.#inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.#idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.#sessions.closeAll();
    this.#anchor.close();
    await Promise.race([drainPending(), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }
}
