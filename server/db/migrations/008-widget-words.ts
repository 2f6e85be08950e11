import type { Kysely } from 'kysely';
import { columnTypesOf } from './column-types';

/**
 * The widget in the owner's words and the visitor's language, and the public changelog:
 * - `texts`: the owner's rewording of the title, launcher, placeholder and thank-you text, by
 *   language, as JSON (`WidgetTexts`, src/shared/widget-language.ts); null when there is none;
 * - `hide_launcher`: no launcher, the owner's own button calls `Tellbox.open()`;
 * - `offset_x`, `offset_y`: the launcher's distance from its corner in CSS pixels (20 before);
 * - `public_changelog`: the changelog page and feed, on for every widget, existing ones too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesOf(db);
  await db.schema.alterTable('widgets').addColumn('texts', t.text).execute();
  await db.schema
    .alterTable('widgets')
    .addColumn('hide_launcher', t.bool, (col) => col.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable('widgets')
    .addColumn('offset_x', 'integer', (col) => col.notNull().defaultTo(20))
    .execute();
  await db.schema
    .alterTable('widgets')
    .addColumn('offset_y', 'integer', (col) => col.notNull().defaultTo(20))
    .execute();
  await db.schema
    .alterTable('widgets')
    .addColumn('public_changelog', t.bool, (col) => col.notNull().defaultTo(t.true))
    .execute();
}
