/**
 * Moves an installation from its SQLite file to PostgreSQL (`npm run admin -- copy-database --to
 * postgres://…`): every row of every table, unchanged, into an empty PostgreSQL database, or
 * nothing at all.
 *
 * The SQLite file is read inside one read transaction, so the copy is the file as it was at one
 * moment even while a server keeps writing to it (WAL lets both go on). Whatever that server
 * writes afterwards is not in the copy, which is why the admin is told to stop or switch over the
 * instances. PostgreSQL is written inside one transaction, with every Tellbox table locked against
 * other writers: a failure or a row count that differs at the end leaves the target as empty as
 * it was.
 */
import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { SQLITE_PRAGMAS, openPostgresDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';
import { describePostgres } from './postgres';
import type { Database } from './schema';

/**
 * Every Tellbox table, each after the tables its foreign keys point to, which is the order they
 * are copied in (object keys keep the order they are written in). A Record, so a table added to
 * the schema without being added here does not compile.
 */
const TABLES: Record<keyof Database, true> = {
  users: true,
  workspaces: true,
  workspace_members: true,
  workspace_invitations: true,
  sessions: true,
  email_tokens: true,
  widgets: true,
  installations: true,
  feedback: true,
  feedback_counters: true,
  feedback_replies: true,
  feedback_notes: true,
  posts: true,
  early_access: true,
  billing_events: true,
  checkout_sessions: true,
  notification_settings: true,
  alert_windows: true,
  webhook_endpoints: true,
  webhook_deliveries: true,
  webhook_attempts: true,
  activity: true,
};

export const COPY_ORDER = Object.keys(TABLES) as (keyof Database)[];

/** Rows per INSERT; fewer for wide tables, since PostgreSQL takes at most 65 535 parameters a statement. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 30_000;

/** A copy that was not started because of what the source or the target holds; nothing was written. */
export class CopyRefused extends Error {}

export interface TableCount {
  table: keyof Database;
  sqlite: number;
  postgres: number;
}

export interface CopyOptions {
  /** The installation's SQLite file. */
  sqlitePath: string;
  /** The PostgreSQL database to fill; its tables must hold no rows. */
  targetUrl: string;
  /** Writes one line of progress for the admin. */
  say(line: string): void;
  /** Rows per INSERT at most (tests use a small one to cross batch boundaries). */
  batchRows?: number;
}

/** `message` without the URL's password, in case a driver quoted the URL back. */
function withoutPassword(message: string, url: string): string {
  const password = URL.canParse(url) ? new URL(url).password : '';
  if (!password) return message;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the password is hidden as written.
  }
  return message.split(password).join('***').split(decoded).join('***');
}

/** Opens the SQLite file for reading only, failing if it does not exist (instead of creating one). */
function openSource(file: string): BetterSqlite3.Database {
  if (file === ':memory:' || !fs.existsSync(file)) {
    throw new CopyRefused(`There is no SQLite database at ${file}: check DATA_DIR and DATABASE_URL.`);
  }
  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  // A server writing to the file at the same time holds its lock briefly; wait as the server would.
  source.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
  return source;
}

/** Refuses a file that is not a Tellbox database at exactly this version's schema. */
function checkSourceSchema(source: BetterSqlite3.Database, file: string): void {
  const hasBookkeeping = source
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
    .get();
  if (!hasBookkeeping) throw new CopyRefused(`${file} is not a Tellbox database (it has no migrations).`);
  const applied = (source.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
    (row) => row.name,
  );
  const expected = Object.keys(MIGRATIONS).sort();
  if (applied.join('\n') !== expected.join('\n')) {
    const unknown = applied.filter((name) => !expected.includes(name));
    throw new CopyRefused(
      unknown.length > 0
        ? `${file} was written by a newer Tellbox (migration ${unknown.join(', ')}): copy it with that version.`
        : `${file} is not up to date: start this version of Tellbox on it once (it migrates at start), then copy.`,
    );
  }
}

function sourceColumns(source: BetterSqlite3.Database, table: string): string[] {
  return (source.prepare(`select name from pragma_table_info(?) order by cid`).all(table) as { name: string }[]).map(
    (row) => row.name,
  );
}

/**
 * The columns a copy fills: not the generated ones, which PostgreSQL computes from the row as it
 * goes in (feedback's search_vector, so the copy arrives indexed for search; SQLite's own search
 * index, an FTS5 table, is not a Tellbox table and stays behind).
 */
async function targetColumns(target: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'`.execute(target);
  return rows.map((row) => row.name);
}

/** Tables of the target that already hold a row. */
async function filledTables(target: Kysely<Database>): Promise<string[]> {
  const filled: string[] = [];
  for (const table of COPY_ORDER) {
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(target);
    if (rows.length > 0) filled.push(table);
  }
  return filled;
}

async function countTarget(target: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(
    target,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Copies one table in batches of rows in rowid order; returns how many rows were inserted. */
async function copyTable(
  source: BetterSqlite3.Database,
  target: Kysely<Database>,
  table: string,
  columns: string[],
  batchRows: number,
): Promise<number> {
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const quoted = columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  // Raw rows (arrays in column order), the rowid first: the next batch starts after the last one.
  const read = source
    .prepare(`select rowid, ${quoted} from "${table}" where rowid > ? order by rowid limit ?`)
    .raw(true);
  const insertColumns = sql.join(columns.map((column) => sql.ref(column)));
  let copied = 0;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const batch = read.all(after, perBatch) as unknown[][];
    if (batch.length === 0) return copied;
    const values = batch.map((row) => sql`(${sql.join(row.slice(1))})`);
    try {
      await sql`insert into ${sql.table(table)} (${insertColumns}) values ${sql.join(values)}`.execute(target);
    } catch (error) {
      // PostgreSQL's message names the value, not where it is.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${table}, rows ${copied + 1}-${copied + batch.length} in rowid order: ${reason}`, {
        cause: error,
      });
    }
    copied += batch.length;
    after = batch[batch.length - 1]?.[0] as number;
  }
}

/**
 * Copies the SQLite installation at `sqlitePath` into the empty PostgreSQL database at
 * `targetUrl` (migrated first), and returns each table's row count on both sides.
 * Throws CopyRefused, before writing a row, when the target already holds data.
 */
export async function copySqliteToPostgres(options: CopyOptions): Promise<TableCount[]> {
  const { sqlitePath, targetUrl, say } = options;
  const source = openSource(sqlitePath);
  const target = openPostgresDatabase(targetUrl, 2);
  try {
    checkSourceSchema(source, sqlitePath);
    say(`Copying the SQLite database ${sqlitePath} to PostgreSQL at ${describePostgres(targetUrl)}.`);
    const migrated = await migrateToLatest(target.db);
    say(
      migrated.length > 0
        ? `PostgreSQL schema created (${migrated.length} migrations).`
        : 'PostgreSQL schema already up to date.',
    );

    // One read transaction: every table is read as it was at the first read below.
    source.exec('begin');
    try {
      const sqliteCounts = new Map(
        COPY_ORDER.map((table) => {
          const row = source.prepare(`select count(*) as count from "${table}"`).get() as { count: number };
          return [table, row.count] as const;
        }),
      );
      const copied = await target.db.transaction().execute(async (trx) => {
        // Other writers (a server already started on the target) wait until this commits or
        // rolls back, so the emptiness checked here still holds when the rows go in.
        await sql`lock table ${sql.join(COPY_ORDER.map((table) => sql.table(table)))} in exclusive mode`.execute(trx);
        const filled = await filledTables(trx);
        if (filled.length > 0) {
          throw new CopyRefused(
            `The PostgreSQL database already holds Tellbox data (${filled.join(', ')}); copy-database fills only an empty one, so nothing was written.`,
          );
        }
        const counts: TableCount[] = [];
        for (const table of COPY_ORDER) {
          const columns = sourceColumns(source, table);
          const expected = (await targetColumns(trx, table)).sort();
          if ([...columns].sort().join() !== expected.join()) {
            throw new Error(`The columns of ${table} differ between SQLite and PostgreSQL; nothing was written.`);
          }
          const inserted = await copyTable(source, trx, table, columns, options.batchRows ?? BATCH_ROWS);
          const postgres = await countTarget(trx, table);
          const sqlite = sqliteCounts.get(table) ?? 0;
          if (inserted !== sqlite || postgres !== sqlite) {
            throw new Error(
              `Row counts of ${table} differ (SQLite ${sqlite}, read ${inserted}, PostgreSQL ${postgres}); nothing was written.`,
            );
          }
          counts.push({ table, sqlite, postgres });
        }
        return counts;
      });
      // Fresh statistics, so the planner uses the indexes from the first request (autovacuum may
      // be off, or not have come round yet, and a bulk load leaves it guessing).
      await sql`analyze ${sql.join(COPY_ORDER.map((table) => sql.table(table)))}`.execute(target.db);
      return copied;
    } finally {
      source.exec('rollback');
    }
  } catch (error) {
    if (error instanceof CopyRefused) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(withoutPassword(message, targetUrl), { cause: error });
  } finally {
    source.close();
    await target.close();
  }
}
