import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * The one logger of every process (api, scanner, projectors, scheduler, CLIs).
 * Components take a Logger and add their context with child loggers, whose
 * bindings nest: `log.child({ role: 'scanner' }).child({ component: 'prober' })`.
 * Errors go in as objects so their stack survives: `log.error({ err }, 'pass failed')`.
 */
export type Logger = PinoLogger;

/** LOG_LEVEL values; `silent` prints nothing (tests). */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT values: `pretty` for people at a terminal, `json` (one object a line) for log collectors. */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LoggerOptions {
  level?: LogLevel;
  /** Unset: pretty when stdout is a terminal, json otherwise. */
  format?: LogFormat | undefined;
  /** Where lines go (default stdout); tests pass a stream that keeps them. */
  destination?: DestinationStream;
}

/** The format LOG_FORMAT falls back to: pretty at a terminal, json when piped or collected. */
export function defaultLogFormat(): LogFormat {
  return process.stdout.isTTY ? 'pretty' : 'json';
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const format = opts.format ?? defaultLogFormat();
  return pino(
    {
      level: opts.level ?? 'info',
      // The pid tells apart the processes of `npm run demo:roles`; the host name adds nothing on one machine.
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      // Level names, not numbers: readable in json and what log collectors match on.
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.err },
    },
    format === 'pretty' ? prettyStream(opts.destination) : (opts.destination ?? pino.destination({ dest: 1, sync: true })),
  );
}

/** A logger that drops everything, for code paths whose caller wants no output. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/**
 * pino-pretty in-process and synchronous rather than as a worker transport:
 * it works under tsx and in tests, and a line printed just before
 * process.exit() is not lost. Each JSON line pino writes is turned into its
 * human form on the spot.
 */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  const out = destination ?? pino.destination({ dest: 1, sync: true });
  const prettify = prettyFactory({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname,role,component',
    // `2026-01-01 12:00:00.000 INFO: [scanner/prober] message {"websiteId":1}`: other bindings follow on the same line.
    messageFormat: (entry, messageKey) => {
      const context = [entry.role, entry.component].filter((v) => typeof v === 'string').join('/');
      const raw = entry[messageKey];
      const message = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
      return context ? `[${context}] ${message}` : message;
    },
    singleLine: true,
  });
  return { write: (line: string) => out.write(prettify(line)) };
}
