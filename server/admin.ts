/**
 * Admin commands for self-hosters:
 *
 *   npm run admin -- set-plan <email|workspace id> <free|pro|premium> [--until YYYY-MM-DD]
 *   npm run admin -- copy-database --to postgres://user@host:5432/database
 *   npm run admin -- backup <file>
 *   npm run admin -- restore <file> [--force]
 *
 * They use the same configuration (DATA_DIR, DATABASE_URL) as the server, and may run while the
 * server runs: SQLite's WAL and busy timeout let both write. This file only reads arguments; the
 * work is done by the modules it calls.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { PLAN_IDS, type PlanId } from '../src/shared/plans';
import { normaliseEmail } from '../src/shared/schemas/fields';
import { BackupError, formatBytes, formatRowTable, totalRows } from './backup/backup-report';
import { restoreBackup, takeBackup } from './backup/take-backup';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './lib/logger';
import { createRedisLink } from './lib/redis';
import { broadcastWorkspaceChanged } from './modules/public-widget/public-widget.service';
import { openDatabase } from './db/connection';
import { CopyRefused, copySqliteToPostgres } from './db/copy-database';
import { migrateToLatest } from './db/migrate';
import { describePostgres } from './db/postgres';
import type { Database } from './db/schema';
import { grantPlan } from './modules/plans/plans.service';

const USAGE = 'Usage: npm run admin -- set-plan <email|workspace id> <free|pro|premium> [--until YYYY-MM-DD]';
const COPY_USAGE = 'Usage: npm run admin -- copy-database --to postgres://user@host:5432/database';
const BACKUP_USAGE = 'Usage: npm run admin -- backup <file>';
const RESTORE_USAGE = 'Usage: npm run admin -- restore <file> [--force]';
/** How long set-plan waits for Redis before saying the instances will see the plan a little later. */
const REDIS_WAIT_MS = 5_000;

/** Exit code 2 for a usage or configuration error, 1 for a command that was refused or failed. */
function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * The workspace `set-plan` names: by its id, or by the e-mail of an account that owns exactly one
 * (an owner of several is asked for the id, and told theirs).
 */
async function workspaceToGrant(db: Kysely<Database>, emailOrId: string): Promise<{ id: string; name: string }> {
  const byId = await db.selectFrom('workspaces').select(['id', 'name']).where('id', '=', emailOrId).executeTakeFirst();
  if (byId) return byId;
  const owned = await db
    .selectFrom('workspaces')
    .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
    .innerJoin('users', 'users.id', 'workspace_members.account_id')
    .select(['workspaces.id', 'workspaces.name'])
    .where('users.email', '=', normaliseEmail(emailOrId))
    .where('workspace_members.role', '=', 'owner')
    .orderBy('workspaces.created_at')
    .execute();
  const [only, ...more] = owned;
  if (!only) fail(`No account with the e-mail ${emailOrId} owns a workspace, and no workspace has that id.`, 1);
  if (more.length > 0) {
    const list = owned.map((workspace) => `  ${workspace.id}  ${workspace.name}`).join('\n');
    fail(`${emailOrId} owns ${owned.length} workspaces; name one by its id:\n${list}`, 1);
  }
  return only;
}

/**
 * The console reads the plan afresh on every request; the widget's public config is cached by
 * each instance for 30 s. With Redis every instance is told to drop the workspace's entries now;
 * without it (one instance) the cache lets go within those 30 s.
 */
async function tellRunningInstances(config: Config, workspaceId: string): Promise<void> {
  if (!config.redisUrl) return;
  const link = createRedisLink({ url: config.redisUrl, prefix: config.redisPrefix, logger: createLogger('silent') });
  try {
    const up = await new Promise<boolean>((resolve) => {
      if (link.status() === 'ok') return resolve(true);
      const timer = setTimeout(() => resolve(false), REDIS_WAIT_MS);
      link.onStatusChange((status) => {
        if (status !== 'ok') return;
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!up || !(await broadcastWorkspaceChanged(link, workspaceId))) {
      process.stderr.write('Redis could not be reached: running instances show the new plan within 30 s.\n');
    }
  } finally {
    await link.close();
  }
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
    const workspace = await workspaceToGrant(db, email);
    await grantPlan(db, { workspaceId: workspace.id, plan: plan as PlanId, expiresAt, now: new Date().toISOString() });
    await tellRunningInstances(config, workspace.id);
    process.stdout.write(
      `${workspace.name} (${workspace.id}) is now on ${plan}${expiresAt ? ` until ${expiresAt}` : ''}.\n`,
    );
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
