import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { createSqliteFeedbackSearch, dropSqliteFeedbackSearch } from './007-search';
import { columnTypesOf, type ColumnTypes } from './column-types';

/**
 * Teams: what an account owned now belongs to a workspace, and accounts are its members.
 *
 * - `workspaces` takes the plan and its subscription from `users` (the plans module is the only
 *   reader: server/modules/plans). Each account gets a workspace with its own id, so every link,
 *   export and webhook that carried an owner id keeps pointing at the same data;
 * - `workspace_members` (the account is the owner of its own), `workspace_invitations`, and the
 *   `activity` log;
 * - every `owner_id` becomes `workspace_id`, its foreign key pointing at `workspaces`, and
 *   `checkout_sessions.user_id` too (a checkout buys the workspace's plan);
 * - replies and notes keep who wrote them (`author_id`), feedback whom it is assigned to
 *   (`assignee_id`); both are kept when that account is deleted, as nobody's;
 * - alert settings are per member and workspace (`notification_settings`);
 * - `users.last_workspace_id`: the workspace the account chose last, its default.
 *
 * One transaction on both engines: PostgreSQL runs migrations in one (Kysely, transactional
 * DDL); on SQLite, which Kysely runs without one, this migration opens its own. SQLite cannot
 * point a foreign key elsewhere, so each table is rebuilt as SQLite's documentation prescribes
 * (create the new table, copy, drop, rename), with foreign keys checked before the commit.
 */

/** The tables whose `owner_id` becomes `workspace_id`; all but webhook_deliveries have a foreign key. */
const OWNED_TABLES = [
  'widgets',
  'feedback',
  'feedback_counters',
  'feedback_replies',
  'feedback_notes',
  'posts',
  'alert_windows',
  'webhook_endpoints',
  'webhook_deliveries',
] as const;

/** The subscription's columns, moved from `users` to `workspaces` (in the order 001–004 made them). */
const SUBSCRIPTION_COLUMNS = [
  'plan',
  'plan_expires_at',
  'cancel_at_period_end',
  'stripe_customer_id',
  'stripe_subscription_id',
  'subscription_status',
  'billing_read_seq',
  'billing_applied_seq',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await upEverywhere(db, () => moveToWorkspacesOnPostgres(db));
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await upEverywhere(db, () => moveToWorkspacesOnSqlite(db));
      const { rows } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error(`Migration 010 would leave ${rows.length} rows without their parent.`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** The steps both engines take; `moveOwnedTables` is the one that differs. */
async function upEverywhere(db: Kysely<unknown>, moveOwnedTables: () => Promise<void>): Promise<void> {
  const t = columnTypesOf(db);
  await createWorkspaces(db, t);
  await moveOwnedTables();
  await moveNotificationSettings(db, t);
  await addPeople(db, t);
  await createInvitationsAndActivity(db, t);
  await moveSubscriptionOffUsers(db);
}

async function createWorkspaces(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('name', t.text, (col) => col.notNull())
    .addColumn('plan', t.text, (col) => col.notNull().defaultTo('free'))
    .addColumn('plan_expires_at', t.time)
    .addColumn('cancel_at_period_end', t.bool, (col) => col.notNull().defaultTo(t.false))
    .addColumn('stripe_customer_id', t.text)
    .addColumn('stripe_subscription_id', t.text)
    .addColumn('subscription_status', t.text)
    .addColumn('billing_read_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('billing_applied_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workspaces_stripe_customer').on('workspaces').column('stripe_customer_id').execute();
  const columns = sql.join(SUBSCRIPTION_COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into workspaces (id, name, ${columns}, created_at, updated_at)
    select id, name, ${columns}, created_at, updated_at from users`.execute(db);

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', t.text, (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('account_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** `owner`, `admin`, `member` or `viewer` (src/shared/roles.ts). */
    .addColumn('role', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'account_id'])
    .execute();
  await db.schema.createIndex('workspace_members_account').on('workspace_members').column('account_id').execute();
  await sql`insert into workspace_members (workspace_id, account_id, role, created_at)
    select id, id, 'owner', created_at from users`.execute(db);
}

async function moveToWorkspacesOnPostgres(db: Kysely<unknown>): Promise<void> {
  const renames = [
    ...OWNED_TABLES.map((table) => [table, 'owner_id'] as const),
    ['checkout_sessions', 'user_id'] as const,
  ];
  for (const [table, column] of renames) {
    const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'f' and confrelid = 'users'::regclass`.execute(db);
    for (const { name } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} rename column ${sql.ref(column)} to workspace_id`.execute(db);
    if (table !== 'webhook_deliveries') {
      await sql`alter table ${sql.table(table)} add foreign key (workspace_id)
        references workspaces (id) on delete cascade`.execute(db);
    }
  }
}

async function moveToWorkspacesOnSqlite(db: Kysely<unknown>): Promise<void> {
  // The search index and its triggers name feedback's columns: made again once feedback is.
  await dropSqliteFeedbackSearch(db);
  for (const table of OWNED_TABLES) await rebuildSqliteTable(db, table, 'owner_id');
  await rebuildSqliteTable(db, 'checkout_sessions', 'user_id');
  await createSqliteFeedbackSearch(db, 'workspace_id');
}

/**
 * Makes `table` again with `column` renamed `workspace_id` and its reference to `users` pointing
 * at `workspaces`, keeping every row and index. The table's SQL is SQLite's own record of it.
 */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_schema
    where tbl_name = ${table} and sql is not null`.execute(db);
  const create = rows.find((row) => row.type === 'table');
  if (!create) throw new Error(`Migration 010: no table ${table}.`);
  const rename = (text: string) =>
    text
      .replace(
        new RegExp(`"${column}"(\\s+text[^,]*?)references\\s+"users"`, 'i'),
        `"workspace_id"$1references "workspaces"`,
      )
      .replaceAll(`"${column}"`, '"workspace_id"');
  const renamed = rename(create.sql);
  if (!renamed.includes('"workspace_id"') || (table !== 'webhook_deliveries' && !renamed.includes('"workspaces"'))) {
    throw new Error(`Migration 010 could not read the definition of ${table}: ${renamed}`);
  }
  const temporary = `${table}__010`;
  await sql.raw(renamed.replace(/^create table\s+"?\w+"?/i, `create table "${temporary}"`)).execute(db);
  await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
  for (const index of rows.filter((row) => row.type === 'index')) await sql.raw(rename(index.sql)).execute(db);
}

/** Alert choices become each member's own per workspace; today's owner keeps theirs. */
async function moveNotificationSettings(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.dropIndex('notification_settings_digest').execute();
  await db.schema.alterTable('notification_settings').renameTo('notification_settings_009').execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('workspace_id', t.text, (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('account_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', t.text, (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('time_zone', t.text, (col) => col.notNull())
    .addColumn('widget_ids', t.text)
    .addColumn('next_digest_at', t.time)
    .addColumn('digest_sent_until', t.time)
    .addColumn('digest_locked_until', t.time)
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_settings_member', ['workspace_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('notification_settings_digest')
    .on('notification_settings')
    .columns(['next_digest_at'])
    .execute();
  await sql`insert into notification_settings (workspace_id, account_id, mode, hour, time_zone, widget_ids,
      next_digest_at, digest_sent_until, digest_locked_until, updated_at)
    select user_id, user_id, mode, hour, time_zone, widget_ids, next_digest_at, digest_sent_until,
      digest_locked_until, updated_at from notification_settings_009`.execute(db);
  await db.schema.dropTable('notification_settings_009').execute();
}

/** Who wrote a reply or a note, and whom an entry is assigned to. */
async function addPeople(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  for (const table of ['feedback_replies', 'feedback_notes']) {
    await db.schema
      .alterTable(table)
      .addColumn('author_id', t.text, (col) => col.references('users.id').onDelete('set null'))
      .execute();
    // Until now only the workspace's owner, whose id it shares, could write one.
    await sql`update ${sql.table(table)} set author_id = workspace_id`.execute(db);
  }
  await db.schema
    .alterTable('feedback')
    .addColumn('assignee_id', t.text, (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('feedback_assignee_time')
    .on('feedback')
    .columns(['workspace_id', 'assignee_id', 'created_at', 'id'])
    .execute();
  await db.schema.alterTable('users').addColumn('last_workspace_id', t.text).execute();
}

async function createInvitationsAndActivity(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('workspace_id', t.text, (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', t.text, (col) => col.notNull())
    .addColumn('role', t.text, (col) => col.notNull())
    .addColumn('token_hash', t.text, (col) => col.notNull().unique())
    .addColumn('invited_by', t.text, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('expires_at', t.time, (col) => col.notNull())
    .addColumn('accepted_at', t.time)
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace')
    .on('workspace_invitations')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('workspace_id', t.text, (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('at', t.time, (col) => col.notNull())
    /** Null once the account is deleted; `actor_name` keeps who it was. */
    .addColumn('actor_id', t.text, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_name', t.text, (col) => col.notNull())
    .addColumn('action', t.text, (col) => col.notNull())
    /** JSON `{type, id?, name?}`: what the action was done to. */
    .addColumn('target', t.text, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_workspace_time').on('activity').columns(['workspace_id', 'at', 'id']).execute();
  await db.schema.createIndex('activity_time').on('activity').columns(['at']).execute();
}

async function moveSubscriptionOffUsers(db: Kysely<unknown>): Promise<void> {
  // SQLite drops no indexed column: its index goes first.
  await db.schema.dropIndex('users_stripe_customer').execute();
  for (const column of SUBSCRIPTION_COLUMNS) await db.schema.alterTable('users').dropColumn(column).execute();
}

/** There is no way back that keeps a team's data: a workspace of several members has no one owner. */
export async function down(): Promise<void> {
  throw new Error('Migration 010 (workspaces) cannot be undone; restore a backup taken before it.');
}
