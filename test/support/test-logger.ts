import { createLogger, silentLogger, type Logger } from '@mcp-census/streams/platform/logger';

/** One parsed JSON log line. */
export interface LogEntry {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export interface CapturedLog {
  log: Logger;
  /** Every line so far, parsed, oldest first. */
  entries: LogEntry[];
  /** The messages logged at `level` (all levels when unset). */
  messages(level?: string): string[];
}

/** A real logger whose JSON lines are kept (parsed) for assertions instead of printed. */
export function captureLog(level: 'debug' | 'info' = 'debug'): CapturedLog {
  const entries: LogEntry[] = [];
  const log = createLogger({
    level,
    format: 'json',
    destination: { write: (line: string) => void entries.push(JSON.parse(line) as LogEntry) },
  });
  return { log, entries, messages: (at) => entries.filter((e) => at === undefined || e.level === at).map((e) => e.msg) };
}

/** A logger for tests that do not look at the log. */
export { silentLogger };
