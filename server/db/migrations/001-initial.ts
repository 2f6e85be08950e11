import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/** The first schema: accounts, sessions, e-mail tokens, widgets, feedback, posts, early access. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .createTable('users')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('name', t.text, (col) => col.notNull())
    .addColumn('email', t.text, (col) => col.notNull().unique())
    .addColumn('password_hash', t.text, (col) => col.notNull())
    .addColumn('email_confirmed_at', t.time)
    .addColumn('pending_email', t.text)
    .addColumn('plan', t.text, (col) => col.notNull().defaultTo('free'))
    .addColumn('plan_expires_at', t.time)
    .addColumn('cancel_at_period_end', t.bool, (col) => col.notNull().defaultTo(t.false))
    .addColumn('stripe_customer_id', t.text)
    .addColumn('stripe_subscription_id', t.text)
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('user_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', t.text, (col) => col.notNull().unique())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('expires_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('user_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', t.text, (col) => col.notNull())
    .addColumn('token_hash', t.text, (col) => col.notNull().unique())
    .addColumn('email', t.text)
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('expires_at', t.time, (col) => col.notNull())
    .addColumn('used_at', t.time)
    .execute();
  await db.schema
    .createIndex('email_tokens_user_purpose')
    .on('email_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('widgets')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_key', t.text, (col) => col.notNull().unique())
    .addColumn('name', t.text, (col) => col.notNull())
    .addColumn('position', t.text, (col) => col.notNull())
    .addColumn('color', t.text, (col) => col.notNull())
    .addColumn('enable_feedback', t.bool, (col) => col.notNull())
    .addColumn('enable_news', t.bool, (col) => col.notNull())
    .addColumn('active', t.bool, (col) => col.notNull().defaultTo(t.true))
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('widgets_owner').on('widgets').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('installations')
    .addColumn('widget_id', t.text, (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('host', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addPrimaryKeyConstraint('installations_pk', ['widget_id', 'host'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('widget_id', t.text, (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', t.text, (col) => col.notNull())
    .addColumn('page_url', t.text, (col) => col.notNull())
    .addColumn('user_agent', t.text)
    .addColumn('author_name', t.text)
    .addColumn('author_email', t.text)
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('account_seq', 'integer', (col) => col.notNull())
    .addColumn('widget_seq', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('feedback_owner_time').on('feedback').columns(['owner_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('feedback_widget_time')
    .on('feedback')
    .columns(['widget_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('feedback_counters')
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', t.text, (col) => col.notNull())
    .addColumn('month', t.text, (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('feedback_counters_pk', ['owner_id', 'scope', 'month'])
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('widget_id', t.text, (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('title', t.text, (col) => col.notNull())
    .addColumn('content', t.text, (col) => col.notNull())
    .addColumn('icon', t.text, (col) => col.notNull())
    .addColumn('link', t.text)
    .addColumn('status', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('updated_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_owner_time').on('posts').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .createIndex('posts_widget_status_time')
    .on('posts')
    .columns(['widget_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('early_access')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('email', t.text, (col) => col.notNull().unique())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'early_access',
    'posts',
    'feedback_counters',
    'feedback',
    'installations',
    'widgets',
    'email_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
