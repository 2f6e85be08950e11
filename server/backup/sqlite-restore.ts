/**
 * Restores a SQLite backup as the server's database file. The backup is checked first; then it is
 * copied beside the target and renamed over it, so a failure never leaves a half-written database
 * under the server's file name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../lib/private-files';
import { BackupError, type TableRows } from './backup-report';
import { exists, removeQuietly, syncFolder, syncToDisk, tempPathBeside } from './backup-files';
import { assertIntact, openExisting, sqliteRowCounts } from './sqlite-backup';

/** Checks that `file` is a sound Tellbox SQLite database; returns its rows per table. */
function verifyBackup(file: string): TableRows[] {
  const sqlite = openExisting(file, true);
  try {
    assertIntact(sqlite, file);
    const tables = sqliteRowCounts(sqlite);
    if (!tables.some((entry) => entry.table === 'kysely_migration')) {
      throw new BackupError(`${file} is a SQLite database, but not a Tellbox backup (it has no kysely_migration).`);
    }
    return tables;
  } finally {
    sqlite.close();
  }
}

/** The tables holding something in the target, or ['(unreadable)'] for a file that is no database. */
async function targetContents(target: string): Promise<string[]> {
  if (!(await exists(target))) return [];
  let sqlite;
  try {
    sqlite = openExisting(target, true);
  } catch {
    return ['(a file that is not a SQLite database)'];
  }
  try {
    return sqliteRowCounts(sqlite).map((entry) => entry.table);
  } finally {
    sqlite.close();
  }
}

export interface SqliteRestore {
  backupFile: string;
  /** The server's database file (DATA_DIR/tellbox.sqlite or DATABASE_URL). */
  target: string;
  force: boolean;
}

export async function restoreSqlite({ backupFile, target, force }: SqliteRestore): Promise<TableRows[]> {
  if (target === ':memory:') throw new BackupError('DATABASE_URL is :memory:, which cannot be restored into.');
  if (!(await exists(backupFile))) throw new BackupError(`There is no file at ${backupFile}.`);
  const tables = verifyBackup(backupFile);
  const present = await targetContents(target);
  if (present.length > 0 && !force) {
    throw new BackupError(
      `${target} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
        'restore refuses to replace it. Stop the server, then run the restore again with --force to replace it.',
    );
  }
  makePrivateDir(path.dirname(target));
  const temp = tempPathBeside(target);
  try {
    await fs.copyFile(backupFile, temp);
    // copyFile gives the copy the backup's mode; the database is private whatever that was.
    await fs.chmod(temp, PRIVATE_FILE_MODE);
    await syncToDisk(temp);
    // The old file's WAL would be replayed onto the new file: it goes before the rename, never after.
    await removeQuietly(`${target}-wal`, `${target}-shm`, `${target}-journal`);
    await fs.rename(temp, target);
    await syncFolder(path.dirname(target));
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
  return tables;
}
