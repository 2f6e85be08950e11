import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/**
 * Billing: the subscription's status on the account, the webhook events already applied (each
 * Stripe event has its effect once), and the built-in test-mode checkout sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema.alterTable('users').addColumn('subscription_status', t.text).execute();
  await db.schema.createIndex('users_stripe_customer').on('users').column('stripe_customer_id').execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('type', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('user_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', t.text, (col) => col.notNull())
    .addColumn('status', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('completed_at', t.time)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkout_sessions').execute();
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropIndex('users_stripe_customer').execute();
  await db.schema.alterTable('users').dropColumn('subscription_status').execute();
}
