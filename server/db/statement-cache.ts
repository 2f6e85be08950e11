/**
 * better-sqlite3 behind Kysely with its prepared statements kept. Kysely's SQLite driver prepares
 * every query anew, and through better-sqlite3's Node-API binding preparing one of the small
 * statements the public widget API runs costs about as much as running it. The same SQL text gets
 * the same statement back, but never one that is still being iterated (a stream), which
 * better-sqlite3 would refuse to run again.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept; the app has a few hundred (multi-row inserts vary with their row count). */
export const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(sqlite: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Least recently used first: a hit moves to the end.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
