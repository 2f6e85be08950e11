import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/**
 * Guards on installations: an owner may lock a widget to the hosts it already has
 * (`widgets.lock_hosts`), and an index on (widget, registration time, host) serves the owner's
 * pages of installations, a host's place among them, and the count of hosts registered in the
 * last hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .alterTable('widgets')
    .addColumn('lock_hosts', t.bool, (col) => col.notNull().defaultTo(t.false))
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
