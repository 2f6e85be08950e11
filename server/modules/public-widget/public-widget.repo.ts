import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads and writes of the public widget API that the owner modules don't cover. */
export function createPublicWidgetRepo(db: Kysely<Database>) {
  return {
    /** An active widget by site key, with its owner's subscription fields. */
    findActiveByKey(siteKey: string) {
      return db
        .selectFrom('widgets')
        .innerJoin('users', 'users.id', 'widgets.owner_id')
        .select([
          'widgets.id',
          'widgets.owner_id',
          'widgets.site_key',
          'widgets.name',
          'widgets.position',
          'widgets.color',
          'widgets.enable_feedback',
          'widgets.enable_news',
          'users.plan',
          'users.plan_expires_at',
          'users.cancel_at_period_end',
        ])
        .where('widgets.site_key', '=', siteKey)
        .where('widgets.active', '=', 1)
        .executeTakeFirst();
    },

    async hostsOf(widgetId: string): Promise<string[]> {
      const rows = await db.selectFrom('installations').select('host').where('widget_id', '=', widgetId).execute();
      return rows.map((row) => row.host);
    },

    /**
     * Registers `host` unless the widget already has `max` installations. The lock and the count
     * run in one transaction, so two new sites at once cannot both take the last place.
     */
    async register(widgetId: string, host: string, max: number | null, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('widgets')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', widgetId)
          .execute();
        const existing = await trx
          .selectFrom('installations')
          .select('host')
          .where('widget_id', '=', widgetId)
          .execute();
        if (existing.some((row) => row.host === host)) return true;
        if (max !== null && existing.length >= max) return false;
        await trx.insertInto('installations').values({ widget_id: widgetId, host, created_at: now }).execute();
        return true;
      });
    },
  };
}

export type PublicWidgetRepo = ReturnType<typeof createPublicWidgetRepo>;
