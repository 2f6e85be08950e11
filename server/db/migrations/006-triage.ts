import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/**
 * The inbox as a triage desk:
 * - each feedback's status (`new`, `in_progress`, `resolved`, `spam`; src/shared/feedback-status.ts).
 *   Existing entries start `new`. The index serves one status tab newest first at any depth, as
 *   `feedback_owner_time` serves the whole inbox;
 * - the owner's replies to visitors (mailed; counted per account for the daily limit);
 * - private notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema
    .alterTable('feedback')
    .addColumn('status', t.text, (col) => col.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .createIndex('feedback_owner_status_time')
    .on('feedback')
    .columns(['owner_id', 'status', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('feedback_replies')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('feedback_id', t.text, (col) => col.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .addColumn('sent_at', t.time)
    .execute();
  await db.schema
    .createIndex('feedback_replies_thread')
    .on('feedback_replies')
    .columns(['feedback_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('feedback_replies_owner_time')
    .on('feedback_replies')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('feedback_notes')
    .addColumn('id', t.text, (col) => col.primaryKey())
    .addColumn('feedback_id', t.text, (col) => col.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('owner_id', t.text, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', t.text, (col) => col.notNull())
    .addColumn('created_at', t.time, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_notes_thread')
    .on('feedback_notes')
    .columns(['feedback_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_notes').execute();
  await db.schema.dropTable('feedback_replies').execute();
  await db.schema.dropIndex('feedback_owner_status_time').execute();
  await db.schema.alterTable('feedback').dropColumn('status').execute();
}
