/**
 * HTTP sessions (`session_id`): one chdb Session (its own engine connection,
 * so SET / USE / temporary tables persist) per id, used by one request at a
 * time and closed after `session_timeout` seconds idle, as clickhouse-server
 * does. Requests without a session_id never come here: they get a fresh
 * connection each, so no state leaks between them.
 */
import type { Session } from 'chdb';
import { ClickHouseHttpError, ErrorCode } from './error-response';

export interface SessionSpec {
  id: string;
  timeoutSec: number;
  check: boolean;
  close: boolean;
}

export interface SessionLease {
  session: Session;
  release(): void;
}

interface Entry {
  session: Session;
  busy: boolean;
  timer?: NodeJS.Timeout;
}

export class SessionRegistry {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly openSession: () => Session,
    private readonly maxSessions = 64,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  lease(spec: SessionSpec): SessionLease {
    let entry = this.#entries.get(spec.id);
    if (entry?.busy) {
      throw ClickHouseHttpError.of(ErrorCode.SESSION_IS_LOCKED, `Session ${spec.id} is locked by a concurrent client`);
    }
    if (!entry) {
      if (spec.check) throw ClickHouseHttpError.of(ErrorCode.SESSION_NOT_FOUND, `Session ${spec.id} not found`);
      if (this.#entries.size >= this.maxSessions) {
        throw ClickHouseHttpError.of(ErrorCode.TOO_MANY_SIMULTANEOUS_QUERIES, `Too many open sessions (${this.maxSessions})`);
      }
      entry = { session: this.openSession(), busy: false };
      this.#entries.set(spec.id, entry);
    }
    clearTimeout(entry.timer);
    entry.busy = true;
    const current = entry;
    return {
      session: current.session,
      release: () => {
        current.busy = false;
        if (spec.close) {
          this.#drop(spec.id, current);
          return;
        }
        current.timer = setTimeout(() => this.#drop(spec.id, current), spec.timeoutSec * 1000);
        current.timer.unref();
      },
    };
  }

  #drop(id: string, entry: Entry): void {
    clearTimeout(entry.timer);
    if (this.#entries.get(id) === entry) this.#entries.delete(id);
    entry.session.close();
  }

  closeAll(): void {
    for (const [id, entry] of [...this.#entries]) this.#drop(id, entry);
  }
}
