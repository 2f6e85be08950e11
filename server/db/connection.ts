/**
 * Opens the database the configuration names: the embedded SQLite file (the default, one
 * instance) or PostgreSQL (several instances). Queries are written with Kysely's builder only, so
 * the same code runs on both.
 *
 * SQLite's durability: WAL with synchronous=NORMAL. An application or process crash loses
 * nothing that was acknowledged; a power loss or OS crash may lose the last transactions
 * committed before the next checkpoint. README documents this.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createPrivateFile, makePrivateDir } from '../lib/private-files';
import { databaseState } from './database-state';
import type { DialectName } from './dialect';
import { describePostgres, openPostgres } from './postgres';
import type { Database } from './schema';
import { SQLITE_PRAGMAS } from './sqlite-pragmas';
import { withStatementCache } from './statement-cache';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Engine, version and place, for the start-up log. */
  describe(): Promise<string>;
  /** Whether the database answers a trivial query now (for /api/health). */
  ping(): Promise<boolean>;
  /** Connections in use and waiting, when the engine has a pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Closes the connections; SQLite checkpoints the WAL on close. */
  close(): Promise<void>;
}

export { SQLITE_PRAGMAS };

const answers = async (db: Kysely<Database>) => (await databaseState(db)) === 'ok';

/** Opens (creating when missing) the SQLite file at `file`, or an in-memory database. */
export function openSqlite(file: string): OpenedDatabase {
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    // SQLite would make the file 0644, and its -wal and -shm take the file's mode: made private first.
    createPrivateFile(file);
  }
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
    dialect: 'sqlite',
    describe: () => Promise.resolve(`SQLite ${version} at ${file}`),
    ping: () => answers(db),
    close: () => db.destroy(),
  };
}

/** Opens PostgreSQL at `url` with a pool of at most `poolMax` connections. */
export function openPostgresDatabase(
  url: string,
  poolMax: number,
  onIdleError: (error: Error) => void = () => {},
): OpenedDatabase {
  const { db, pool } = openPostgres(url, poolMax, onIdleError);
  return {
    db,
    dialect: 'postgres',
    async describe() {
      const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(db);
      return `PostgreSQL ${rows[0]?.version ?? '?'} at ${describePostgres(url)}`;
    },
    ping: () => answers(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/** Opens the configured database. */
export function openDatabase(config: DatabaseConfig, onIdleError?: (error: Error) => void): OpenedDatabase {
  return config.kind === 'postgres'
    ? openPostgresDatabase(config.url, config.poolMax, onIdleError)
    : openSqlite(config.path);
}
