import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../src/migrations/sql-statements';

describe('splitSqlStatements', () => {
  it('splits at top-level semicolons and drops empty statements', () => {
    expect(splitSqlStatements('CREATE TABLE a (x UInt8);\n\nCREATE TABLE b (y UInt8);;')).toEqual([
      'CREATE TABLE a (x UInt8)',
      'CREATE TABLE b (y UInt8)',
    ]);
  });

  it('keeps semicolons inside quotes, identifiers and comments', () => {
    const sql = "SELECT 'a;b', \"c;d\", `e;f` -- trailing; comment\n; /* block; */ SELECT 'it''s; fine'";
    expect(splitSqlStatements(sql)).toEqual(["SELECT 'a;b', \"c;d\", `e;f`", "SELECT 'it''s; fine'"]);
  });

  it('handles backslash escapes in strings', () => {
    expect(splitSqlStatements("SELECT 'x\\';y'; SELECT 2")).toEqual(["SELECT 'x\\';y'", 'SELECT 2']);
  });
});
