import type { Kysely } from 'kysely';

/**
 * Guards on installations: an owner may lock a widget to the hosts it already has
 * (`widgets.lock_hosts`), and an index on (widget, registration time, host) serves the owner's
 * pages of installations, a host's place among them, and the count of hosts registered in the
 * last hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('widgets')
    .addColumn('lock_hosts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('installations_widget_time')
    .on('installations')
    .columns(['widget_id', 'created_at', 'host'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('installations_widget_time').execute();
  await db.schema.alterTable('widgets').dropColumn('lock_hosts').execute();
}
