/**
 * Statements whose SQL varies with a request's filters (how many `?` an IN list holds, which clauses are present,
 * the sort column): each distinct shape is prepared once and reused, instead of compiling the SQL on every call.
 * The shapes a repository can produce are few, but a list of values (status codes, page ids in chunks) makes
 * their number depend on input, so the cache is bounded and drops its oldest shape when full.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';

const DEFAULT_SHAPES = 256;

export type PrepareByShape = <P extends unknown[], R>(sql: string) => Statement<P, R>;

export function statementCache(db: Db, maxShapes = DEFAULT_SHAPES): PrepareByShape {
  const statements = new Map<string, Statement>();
  return <P extends unknown[], R>(sql: string) => {
    let st = statements.get(sql);
    if (!st) {
      if (statements.size >= maxShapes) statements.delete(statements.keys().next().value!);
      statements.set(sql, (st = db.prepare(sql)));
    }
    return st as Statement<P, R>;
  };
}
