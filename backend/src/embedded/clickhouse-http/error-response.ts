/**
 * ClickHouse-shaped errors for the embedded HTTP face: the exception codes we
 * raise ourselves, the code → HTTP status mapping of ClickHouse's
 * exceptionCodeToHTTPStatus, and the `Code: N. DB::Exception: msg. (NAME)
 * (version V)` body that @clickhouse/client's parseError turns into a
 * ClickHouseError with `.code` and `.type`.
 */

/** Exception codes (values as reported by the engine's errorCodeToName). */
export const ErrorCode = {
  UNSUPPORTED_METHOD: 1,
  BAD_ARGUMENTS: 36,
  NOT_IMPLEMENTED: 48,
  UNKNOWN_TABLE: 60,
  SYNTAX_ERROR: 62,
  UNKNOWN_COMPRESSION_METHOD: 89,
  UNKNOWN_SETTING: 115,
  READONLY: 164,
  TOO_MANY_SIMULTANEOUS_QUERIES: 202,
  QUERY_IS_TOO_LARGE: 229,
  ABORTED: 236,
  SESSION_NOT_FOUND: 372,
  SESSION_IS_LOCKED: 373,
  INVALID_SESSION_TIMEOUT: 374,
  UNKNOWN_QUERY_PARAMETER: 456,
  BAD_QUERY_PARAMETER: 457,
  STD_EXCEPTION: 1001,
} as const;

const NAME_BY_CODE = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

// Mirrors ClickHouse's src/Server/HTTP/exceptionCodeToHTTPStatus.cpp so the
// client sees the same status classes as against a real server.
const STATUS_GROUPS: ReadonlyArray<readonly [number, readonly number[]]> = [
  [401, [194]],
  [403, [192, 193, 516, 512, 497]],
  // Parse/argument/AST errors: BAD_ARGUMENTS, CANNOT_PARSE_*, SYNTAX_ERROR, TYPE_MISMATCH, ...
  [400, [36, 427, 6, 25, 26, 38, 41, 72, 441, 675, 676, 27, 376, 15, 44, 37, 123, 8, 167, 168, 223, 62, 117, 53, 321]],
  // UNKNOWN_TABLE, UNKNOWN_FUNCTION, UNKNOWN_IDENTIFIER, UNKNOWN_TYPE, UNKNOWN_DATABASE, UNKNOWN_SETTING, UNKNOWN_FORMAT, ...
  [404, [60, 46, 47, 50, 56, 81, 115, 152, 63, 73, 336, 78, 511]],
  [413, [229]],
  [501, [48]],
  [503, [209, 76, 439]],
  [411, [381]],
  [408, [159]],
  [415, [779]],
];
const STATUS_BY_CODE = new Map<number, number>(STATUS_GROUPS.flatMap(([status, codes]) => codes.map((c) => [c, status] as const)));

export function httpStatusForCode(code: number): number {
  return STATUS_BY_CODE.get(code) ?? 500;
}

/** An error to be answered in ClickHouse's wire shape. */
export class ClickHouseHttpError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    /** Overrides the status derived from the code (e.g. 413 for a body over the cap). */
    readonly status: number = httpStatusForCode(code),
    /** Full engine text (`Code: N. DB::Exception: ...`), kept verbatim when present. */
    readonly engineText?: string,
  ) {
    super(message);
    this.name = 'ClickHouseHttpError';
  }

  static of(code: number, message: string, status?: number): ClickHouseHttpError {
    return new ClickHouseHttpError(code, NAME_BY_CODE.get(code) ?? 'UNKNOWN_EXCEPTION', message, status);
  }
}

const ENGINE_TEXT_RE = /^Code: (\d+)\. /;
const TRAILING_TYPE_RE = /\(([A-Z0-9_]*[A-Z]{3}[A-Z0-9_]*)\)(?: \(version [^)]*\))?\s*$/;

/** Maps anything thrown by the engine wrapper (chdb typed errors included) to a ClickHouseHttpError. */
export function toClickHouseHttpError(err: unknown): ClickHouseHttpError {
  if (err instanceof ClickHouseHttpError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const chdbCode = typeof err === 'object' && err !== null ? (err as { clickhouseCode?: unknown }).clickhouseCode : undefined;
  const textCode = ENGINE_TEXT_RE.exec(message)?.[1];
  const code = typeof chdbCode === 'number' ? chdbCode : textCode !== undefined ? Number(textCode) : ErrorCode.STD_EXCEPTION;
  const type = TRAILING_TYPE_RE.exec(message)?.[1] ?? NAME_BY_CODE.get(code) ?? 'UNKNOWN_EXCEPTION';
  return new ClickHouseHttpError(code, type, message, httpStatusForCode(code), textCode !== undefined ? message : undefined);
}

/** The response body, always ending in `(NAME) (version V)\n` like clickhouse-server's. */
export function formatErrorBody(err: ClickHouseHttpError, version: string): string {
  let text = err.engineText?.trimEnd();
  if (text === undefined) {
    // One line and no trailing period, so the body reads like the engine's own.
    const message = err.message.replace(/\s+$/, '').replace(/\.$/, '');
    text = `Code: ${err.code}. DB::Exception: ${message}. (${err.type})`;
  }
  if (!/\(version [^)]*\)$/.test(text)) text += ` (version ${version})`;
  return `${text}\n`;
}
