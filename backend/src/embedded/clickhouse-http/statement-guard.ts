/**
 * clickhouse-server runs exactly one statement per HTTP request and rejects
 * `SELECT 1; DROP TABLE t` ("Multi-statements are not allowed"). chdb happily
 * runs both, which would make an injection bug in the app worse against the
 * embedded engine than against a real server, so requests are checked here.
 *
 * The scan skips string literals, quoted identifiers and comments, and stops
 * at an INSERT's `FORMAT x` clause, after which inline rows (not SQL) follow.
 */
import { isInsertStatement } from './format-negotiation';

function skipQuoted(sql: string, start: number): number {
  const quote = sql[start];
  for (let i = start + 1; i < sql.length; i++) {
    const c = sql[i];
    if (c === '\\') i++;
    else if (c === quote) {
      if (sql[i + 1] === quote) i++;
      else return i + 1;
    }
  }
  return sql.length;
}

function skipBlankAndComments(sql: string, start: number): number {
  let i = start;
  for (;;) {
    while (i < sql.length && /[\s;]/.test(sql[i] as string)) i++;
    if (sql.startsWith('--', i)) {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else {
      return i;
    }
  }
}

/** True when the text holds a second statement after a top-level `;`. */
export function hasMultipleStatements(sql: string): boolean {
  if (!sql.includes(';')) return false;
  const insert = isInsertStatement(sql);
  for (let i = 0; i < sql.length; ) {
    const c = sql[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      i = skipQuoted(sql, i);
    } else if (sql.startsWith('--', i) || sql.startsWith('/*', i)) {
      i = skipBlankAndComments(sql, i);
    } else if (c === ';') {
      return skipBlankAndComments(sql, i + 1) < sql.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i, i + 64))?.[0] ?? c;
      if (insert && word.toUpperCase() === 'FORMAT') return false;
      i += word.length;
    } else {
      i++;
    }
  }
  return false;
}
