import type { Kysely } from 'kysely';

/** The first schema: accounts, sessions, e-mail tokens, widgets, feedback, posts, early access. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('pending_email', 'text')
    .addColumn('plan', 'text', (col) => col.notNull().defaultTo('free'))
    .addColumn('plan_expires_at', 'text')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_tokens_user_purpose')
    .on('email_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('widgets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('enable_feedback', 'integer', (col) => col.notNull())
    .addColumn('enable_news', 'integer', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('widgets_owner').on('widgets').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('installations')
    .addColumn('widget_id', 'text', (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('installations_pk', ['widget_id', 'host'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('widget_id', 'text', (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('page_url', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('author_name', 'text')
    .addColumn('author_email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
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
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('feedback_counters_pk', ['owner_id', 'scope', 'month'])
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('widget_id', 'text', (col) => col.notNull().references('widgets.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_owner_time').on('posts').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .createIndex('posts_widget_status_time')
    .on('posts')
    .columns(['widget_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('early_access')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
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
