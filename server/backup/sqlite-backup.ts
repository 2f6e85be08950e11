/**
 * SQLite backups through SQLite's online backup API (better-sqlite3's `backup()`), on a
 * connection of our own to the server's file: the server keeps serving and writing meanwhile.
 *
 * Every page is copied in one step, inside one read transaction, so the copy is the file as it
 * was at one moment (WAL lets writers go on). Copied in small steps instead, any write by the
 * server between two steps would restart the copy, which under steady traffic never ends.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SQLITE_PRAGMAS } from '../db/connection';
import { createPrivateFile, makePrivateDir } from '../lib/private-files';
import { BackupError, type BackupReport, type TableRows } from './backup-report';
import { assertFree, exists, removeQuietly, syncFolder, syncToDisk, tempPathBeside } from './backup-files';

/** better-sqlite3's largest step: "copy every remaining page now". */
const ALL_PAGES = 0x7fffffff;

/** The user tables of a SQLite file, without SQLite's own and the full-text index's shadow tables. */
function userTables(sqlite: BetterSqlite3.Database): string[] {
  const rows = sqlite
    .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql ?? '')).map((row) => row.name);
  return rows
    .map((row) => row.name)
    .filter((name) => !virtual.some((table) => name === table || name.startsWith(`${table}_`)))
    .sort();
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Rows per user table of an open SQLite file. */
export function sqliteRowCounts(sqlite: BetterSqlite3.Database): TableRows[] {
  return userTables(sqlite).map((table) => {
    const { rows } = sqlite.prepare(`select count(*) as rows from ${quoted(table)}`).get() as { rows: number };
    return { table, rows };
  });
}

/** Throws unless `PRAGMA integrity_check` answers ok. */
export function assertIntact(sqlite: BetterSqlite3.Database, file: string): void {
  const problems = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map(
    (row) => row.integrity_check,
  );
  if (problems.join() !== 'ok') {
    throw new BackupError(`${file} failed SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`);
  }
}

/** Opens a SQLite file that must exist; a file that is not a database becomes a plain message. */
export function openExisting(file: string, readonly: boolean): BetterSqlite3.Database {
  try {
    const sqlite = new BetterSqlite3(file, { readonly, fileMustExist: true });
    sqlite.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
    return sqlite;
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
}

/**
 * Makes the fresh copy one self-contained file (rollback journal, not WAL, so it needs no -wal
 * or -shm beside it), then checks it and counts its rows.
 */
function settleCopy(file: string): TableRows[] {
  const copy = openExisting(file, false);
  try {
    copy.pragma('journal_mode = DELETE');
    assertIntact(copy, file);
    return sqliteRowCounts(copy);
  } finally {
    copy.close();
  }
}

/** Copies the SQLite file at `sourcePath` to `file` (which must not exist), checked and counted. */
export async function backupSqlite(sourcePath: string, file: string, signal?: AbortSignal): Promise<BackupReport> {
  if (!(await exists(sourcePath))) {
    throw new BackupError(`There is no SQLite database at ${sourcePath}: check DATA_DIR and DATABASE_URL.`);
  }
  makePrivateDir(path.dirname(file));
  await assertFree(file);
  const temp = tempPathBeside(file);
  const source = openExisting(sourcePath, true);
  try {
    // SQLite would make the copy 0644; it writes into a private file instead, renamed as it is.
    createPrivateFile(temp);
    await source.backup(temp, {
      progress: () => {
        if (signal?.aborted) throw new BackupError('the backup was stopped: the server is shutting down');
        return ALL_PAGES;
      },
    });
    source.close();
    const tables = settleCopy(temp);
    await syncToDisk(temp);
    await fs.rename(temp, file);
    await syncFolder(path.dirname(file));
    const { size } = await fs.stat(file);
    return { file, bytes: size, check: 'integrity_check ok', tables };
  } catch (error) {
    await removeQuietly(temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`);
    throw error;
  } finally {
    if (source.open) source.close();
  }
}
