/**
 * Opens the embedded SQLite database through Kysely. Queries are written with Kysely's builder
 * only, so the PostgreSQL dialect can take over later without rewriting them.
 *
 * Durability (security D-02): WAL with synchronous=NORMAL. An application or process crash loses
 * nothing that was acknowledged; a power loss or OS crash may lose the last transactions
 * committed before the next checkpoint. README documents this.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export interface OpenedDatabase {
  db: Kysely<Database>;
  sqliteVersion: string;
  /** Closes the connection; SQLite checkpoints the WAL on close. */
  close(): Promise<void>;
}

export const SQLITE_PRAGMAS = {
  journal_mode: 'WAL',
  synchronous: 'NORMAL',
  foreign_keys: 'ON',
  busy_timeout: 5000,
  journal_size_limit: 64 * 1024 * 1024,
} as const;

/** Opens (creating when missing) the SQLite file at `file`, or an in-memory database. */
export function openSqlite(file: string): OpenedDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // busy_timeout first, so the journal-mode switch itself waits for another process's lock.
  sqlite.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
  sqlite.pragma(`journal_mode = ${SQLITE_PRAGMAS.journal_mode}`);
  sqlite.pragma(`synchronous = ${SQLITE_PRAGMAS.synchronous}`);
  sqlite.pragma(`foreign_keys = ${SQLITE_PRAGMAS.foreign_keys}`);
  sqlite.pragma(`journal_size_limit = ${SQLITE_PRAGMAS.journal_size_limit}`);
  const { version } = sqlite.prepare('select sqlite_version() as version').get() as { version: string };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    sqliteVersion: version,
    close: () => db.destroy(),
  };
}
