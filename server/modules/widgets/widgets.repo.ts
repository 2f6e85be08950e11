import type { Kysely, Transaction } from 'kysely';
import type { Installation, Widget } from '../../../src/shared/api';
import type { WidgetPosition } from '../../../src/shared/schemas';
import { enabledTabsOf } from '../../../src/shared/schemas';
import { widgetSnippet } from '../../../src/shared/snippet';
import { toCount } from '../../db/locks';
import type { Database, WidgetRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The wire shape of spec §3 (`_id`, `key`, `branding`, `enabledTabs`) plus the installations. */
export function toWidget(row: WidgetRow, installations: Installation[], publicUrl: string): Widget {
  return {
    _id: row.id,
    name: row.name,
    key: row.site_key,
    createdAt: row.created_at,
    snippet: widgetSnippet(publicUrl, row.site_key),
    active: row.active === 1,
    branding: { position: row.position as WidgetPosition, color: row.color },
    enabledTabs: enabledTabsOf({ enableFeedback: row.enable_feedback === 1, enableNews: row.enable_news === 1 }),
    installations,
  };
}

/** Queries over `widgets` and `installations`. */
export function createWidgetsRepo(db: Kysely<Database>) {
  return {
    listByOwner(ownerId: string): Promise<WidgetRow[]> {
      return db
        .selectFrom('widgets')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    findOwned(ownerId: string, id: string, trx: Db = db): Promise<WidgetRow | undefined> {
      return trx
        .selectFrom('widgets')
        .selectAll()
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
    },

    async countByOwner(ownerId: string, trx: Db = db, onlyActive = false): Promise<number> {
      const row = await trx
        .selectFrom('widgets')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('owner_id', '=', ownerId)
        .$if(onlyActive, (query) => query.where('active', '=', 1))
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },

    async insert(row: WidgetRow, trx: Db = db) {
      await trx.insertInto('widgets').values(row).execute();
    },

    async update(
      ownerId: string,
      id: string,
      changes: Pick<WidgetRow, 'name' | 'position' | 'color' | 'enable_feedback' | 'enable_news' | 'updated_at'> &
        Partial<Pick<WidgetRow, 'active'>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('widgets')
        .set(changes)
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('widgets')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Installations of the given widgets, grouped by widget id, oldest first. */
    async installationsOf(widgetIds: string[]): Promise<Map<string, Installation[]>> {
      const byWidget = new Map<string, Installation[]>();
      if (widgetIds.length === 0) return byWidget;
      const rows = await db
        .selectFrom('installations')
        .selectAll()
        .where('widget_id', 'in', widgetIds)
        .orderBy('created_at')
        .execute();
      for (const row of rows) {
        const list = byWidget.get(row.widget_id) ?? [];
        list.push({ host: row.host, createdAt: row.created_at });
        byWidget.set(row.widget_id, list);
      }
      return byWidget;
    },

    async deleteInstallation(widgetId: string, host: string): Promise<boolean> {
      const result = await db
        .deleteFrom('installations')
        .where('widget_id', '=', widgetId)
        .where('host', '=', host)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type WidgetsRepo = ReturnType<typeof createWidgetsRepo>;
