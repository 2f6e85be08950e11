/** One entry point for both engines: what the admin command and the scheduler call. */
import type { DatabaseConfig } from '../config';
import type { BackupReport, TableRows } from './backup-report';
import { backupPostgres, restorePostgres } from './postgres-backup';
import { backupSqlite } from './sqlite-backup';
import { restoreSqlite } from './sqlite-restore';

/** Writes a verified backup of the configured database to `file`, which must not exist yet. */
export function takeBackup(database: DatabaseConfig, file: string, signal?: AbortSignal): Promise<BackupReport> {
  return database.kind === 'postgres'
    ? backupPostgres(database.url, file, signal)
    : backupSqlite(database.path, file, signal);
}

/** Restores `backupFile` into the configured database; refuses a database that holds data unless `force`. */
export function restoreBackup(database: DatabaseConfig, backupFile: string, force: boolean): Promise<TableRows[]> {
  return database.kind === 'postgres'
    ? restorePostgres({ backupFile, url: database.url, force })
    : restoreSqlite({ backupFile, target: database.path, force });
}
