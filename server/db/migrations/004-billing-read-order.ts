import type { Kysely } from 'kysely';

/**
 * The order in which an account's subscription was read from the billing provider. Every read
 * (a webhook's re-fetch, a refresh, a plan change) first takes the next number of
 * `billing_read_seq`; its state is written only if no read that started later has been written
 * (`billing_applied_seq`). Two deliveries that overlap can then never leave the older state last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('billing_read_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('billing_applied_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('billing_applied_seq').execute();
  await db.schema.alterTable('users').dropColumn('billing_read_seq').execute();
}
