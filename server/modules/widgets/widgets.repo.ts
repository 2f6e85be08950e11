import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Installation, Widget } from '../../../src/shared/api';
import type { WidgetPosition } from '../../../src/shared/schemas';
import { INSTALLATIONS_PREVIEW_SIZE, enabledTabsOf } from '../../../src/shared/schemas';
import { widgetSnippet } from '../../../src/shared/snippet';
import { changelogUrl } from '../../../src/shared/widget-language';
import { toCount } from '../../db/locks';
import type { Database, WidgetRow, WidgetsTable } from '../../db/schema';
import { readTexts } from './widget-texts';

type Db = Kysely<Database> | Transaction<Database>;

/** The first few installations of a widget and how many it has in all. */
export interface InstallationPreview {
  installations: Installation[];
  count: number;
}

/** Where a page of installations starts: strictly after this one (oldest first, then by host). */
export interface InstallationPosition {
  createdAt: string;
  host: string;
}

/** Columns an edit may leave out, keeping what the widget had. */
type EditableOnly = 'active' | 'lock_hosts' | 'texts' | 'hide_launcher' | 'offset_x' | 'offset_y' | 'public_changelog';

export const NO_INSTALLATIONS: InstallationPreview = { installations: [], count: 0 };

/**
 * The widget wire shape (`_id`, `key`, `branding`, `enabledTabs`) plus the host lock, the owner's
 * words and launcher settings, and a preview of the installations, so the list stays small
 * whatever a widget has collected.
 */
export function toWidget(row: WidgetRow, preview: InstallationPreview, publicUrl: string): Widget {
  return {
    _id: row.id,
    name: row.name,
    key: row.site_key,
    createdAt: row.created_at,
    snippet: widgetSnippet(publicUrl, row.site_key),
    active: row.active === 1,
    branding: { position: row.position as WidgetPosition, color: row.color },
    enabledTabs: enabledTabsOf({ enableFeedback: row.enable_feedback === 1, enableNews: row.enable_news === 1 }),
    lockHosts: row.lock_hosts === 1,
    installations: preview.installations,
    installationCount: preview.count,
    texts: readTexts(row.texts),
    hideLauncher: row.hide_launcher === 1,
    offsetX: row.offset_x,
    offsetY: row.offset_y,
    publicChangelog: row.public_changelog === 1,
    changelogUrl: changelogUrl(publicUrl, row.site_key),
  };
}

/** Queries over `widgets` and `installations`. */
export function createWidgetsRepo(db: Kysely<Database>) {
  return {
    listByOwner(workspaceId: string): Promise<WidgetRow[]> {
      return db
        .selectFrom('widgets')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    findOwned(workspaceId: string, id: string, trx: Db = db): Promise<WidgetRow | undefined> {
      return trx
        .selectFrom('widgets')
        .selectAll()
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
    },

    async countByOwner(workspaceId: string, trx: Db = db, onlyActive = false): Promise<number> {
      const row = await trx
        .selectFrom('widgets')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .$if(onlyActive, (query) => query.where('active', '=', 1))
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },

    async insert(row: Insertable<WidgetsTable>, trx: Db = db) {
      await trx.insertInto('widgets').values(row).execute();
    },

    async update(
      workspaceId: string,
      id: string,
      changes: Pick<WidgetRow, 'name' | 'position' | 'color' | 'enable_feedback' | 'enable_news' | 'updated_at'> &
        Partial<Pick<WidgetRow, EditableOnly>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('widgets')
        .set(changes)
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('widgets')
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The oldest few installations of each of the given widgets, and their counts, by widget id. */
    async installationPreviews(widgetIds: string[]): Promise<Map<string, InstallationPreview>> {
      const byWidget = new Map<string, InstallationPreview>();
      if (widgetIds.length === 0) return byWidget;
      const counts = await db
        .selectFrom('installations')
        .select(['widget_id', (eb) => eb.fn.countAll().as('count')])
        .where('widget_id', 'in', widgetIds)
        .groupBy('widget_id')
        .execute();
      for (const row of counts) byWidget.set(row.widget_id, { installations: [], count: toCount(row.count as number) });
      const firsts = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('installations')
            .select((inner) => [
              'widget_id',
              'host',
              'created_at',
              inner.fn
                .agg<number>('row_number')
                .over((over) => over.partitionBy('widget_id').orderBy('created_at').orderBy('host'))
                .as('place'),
            ])
            .where('widget_id', 'in', widgetIds)
            .as('ranked'),
        )
        .select(['widget_id', 'host', 'created_at'])
        .where('place', '<=', INSTALLATIONS_PREVIEW_SIZE)
        .orderBy('widget_id')
        .orderBy('place')
        .execute();
      for (const row of firsts) {
        byWidget.get(row.widget_id)?.installations.push({ host: row.host, createdAt: row.created_at });
      }
      return byWidget;
    },

    /** One page of a widget's installations, oldest first, strictly after `after` when given. */
    async installationsPage(widgetId: string, after: InstallationPosition | undefined, limit: number) {
      const rows = await db
        .selectFrom('installations')
        .select(['host', 'created_at'])
        .where('widget_id', '=', widgetId)
        .$if(after !== undefined, (query) =>
          // A row value: one index range on both engines (an OR of the two would be walked from the start).
          query.where((eb) =>
            eb(eb.refTuple('created_at', 'host'), '>', eb.tuple(after?.createdAt ?? '', after?.host ?? '')),
          ),
        )
        .orderBy('created_at')
        .orderBy('host')
        .limit(limit)
        .execute();
      return rows.map((row): Installation => ({ host: row.host, createdAt: row.created_at }));
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
