/**
 * Admin commands for self-hosters:
 *
 *   npm run admin -- set-plan <email> <free|pro|premium> [--until YYYY-MM-DD]
 *   npm run admin -- copy-database --to postgres://user@host:5432/database
 *   npm run admin -- backup <file>
 *   npm run admin -- restore <file> [--force]
 *
 * They use the same configuration (DATA_DIR, DATABASE_URL) as the server, and may run while the
 * server runs: SQLite's WAL and busy timeout let both write. This file only reads arguments; the
 * work is done by the modules it calls.
 */
import path from 'node:path';
import { PLAN_IDS, type PlanId } from '../src/shared/plans';
import { BackupError, formatBytes, formatRowTable, totalRows } from './backup/backup-report';
import { restoreBackup, takeBackup } from './backup/take-backup';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { CopyRefused, copySqliteToPostgres } from './db/copy-database';
import { migrateToLatest } from './db/migrate';
import { describePostgres } from './db/postgres';

const USAGE = 'Usage: npm run admin -- set-plan <email> <free|pro|premium> [--until YYYY-MM-DD]';
const COPY_USAGE = 'Usage: npm run admin -- copy-database --to postgres://user@host:5432/database';
const BACKUP_USAGE = 'Usage: npm run admin -- backup <file>';
const RESTORE_USAGE = 'Usage: npm run admin -- restore <file> [--force]';

/** Exit code 2 for a usage or configuration error, 1 for a command that was refused or failed. */
function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function setPlan(args: string[]) {
  const [email, plan, flag, until] = args;
  if (!email || !plan || !(PLAN_IDS as readonly string[]).includes(plan)) fail(USAGE);
  if (flag !== undefined && (flag !== '--until' || !until || Number.isNaN(Date.parse(until)))) fail(USAGE);
  const expiresAt = until ? new Date(until).toISOString() : null;
  const config = loadConfig();
  const { db, close } = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await db
      .updateTable('users')
      .set({
        plan: plan as PlanId,
        plan_expires_at: plan === 'free' ? null : expiresAt,
        cancel_at_period_end: 0,
        // An admin's grant is not a billing subscription: the end date alone decides.
        subscription_status: null,
        updated_at: new Date().toISOString(),
      })
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) fail(`No account with the e-mail ${email}.`);
    process.stdout.write(`${email} is now on ${plan}${expiresAt ? ` until ${expiresAt}` : ''}.\n`);
  } finally {
    await close();
  }
}

async function copyDatabase(args: string[]) {
  const [flag, url, ...rest] = args;
  if (flag !== '--to' || !url || rest.length > 0 || !/^postgres(ql)?:\/\/./i.test(url) || !URL.canParse(url)) {
    fail(COPY_USAGE);
  }
  const { database } = loadConfig();
  if (database.kind !== 'sqlite') {
    fail('copy-database copies a SQLite installation, and DATABASE_URL already points at PostgreSQL.', 1);
  }
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const counts = await copySqliteToPostgres({ sqlitePath: database.path, targetUrl: url, say });
    const width = Math.max(...counts.map((count) => count.table.length));
    say(`${'table'.padEnd(width)}  SQLite  PostgreSQL`);
    for (const { table, sqlite, postgres } of counts) {
      say(`${table.padEnd(width)}  ${String(sqlite).padStart(6)}  ${String(postgres).padStart(10)}`);
    }
    const rows = counts.reduce((sum, count) => sum + count.sqlite, 0);
    say(`Copied ${rows} rows in ${counts.length} tables; every table has as many rows in PostgreSQL as in SQLite.`);
    say(
      'The copy holds the SQLite file as it was when the copy started. Stop every instance still running on it, ' +
        'or restart it with DATABASE_URL set to the PostgreSQL database, before anything more is written there.',
    );
  } catch (error) {
    if (error instanceof CopyRefused) fail(error.message, 1);
    fail(`copy-database failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

/** A refused or failed backup or restore: one plain line, exit code 1. */
function failBackup(command: string, error: unknown): never {
  if (error instanceof BackupError) fail(error.message, 1);
  fail(`${command} failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}

async function backup(args: string[]) {
  const [file, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) fail(BACKUP_USAGE);
  const { database } = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const report = await takeBackup(database, path.resolve(file));
    formatRowTable(report.tables).forEach(say);
    say(
      `Backup written to ${report.file} (${formatBytes(report.bytes)}) and verified (${report.check}): ` +
        `${totalRows(report.tables)} rows in ${report.tables.length} tables.`,
    );
  } catch (error) {
    failBackup('backup', error);
  }
}

async function restore(args: string[]) {
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((arg) => arg !== '--force');
  if (!file || file.startsWith('-') || rest.length > 0) fail(RESTORE_USAGE);
  const { database } = loadConfig();
  const target = database.kind === 'postgres' ? describePostgres(database.url) : database.path;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const tables = await restoreBackup(database, path.resolve(file), force);
    formatRowTable(tables).forEach(say);
    say(`Restored ${totalRows(tables)} rows in ${tables.length} tables into ${target}. Start the server on it.`);
  } catch (error) {
    failBackup('restore', error);
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'set-plan') await setPlan(args);
  else if (command === 'copy-database') await copyDatabase(args);
  else if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else fail(`${USAGE}\n${COPY_USAGE}\n${BACKUP_USAGE}\n${RESTORE_USAGE}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  fail(`admin failed: ${error instanceof Error ? error.message : String(error)}`);
});
