import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SubscriptionFields } from '../plans/plans.service';
import { SUBSCRIPTION_COLUMNS, subscriptionFieldsOf } from '../plans/subscription.repo';

export interface AdmitResult {
  allowed: boolean;
  /** The widget's installation hosts, oldest first. */
  hosts: string[];
  owner: SubscriptionFields;
}

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
          ...SUBSCRIPTION_COLUMNS,
        ])
        .where('widgets.site_key', '=', siteKey)
        .where('widgets.active', '=', 1)
        .executeTakeFirst();
    },

    /** A widget's installation hosts, oldest first: the first ones are the ones a plan keeps. */
    async hostsOf(widgetId: string, trx: Pick<Kysely<Database>, 'selectFrom'> = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('installations')
        .select('host')
        .where('widget_id', '=', widgetId)
        .orderBy('created_at')
        .orderBy('host')
        .execute();
      return rows.map((row) => row.host);
    },

    /**
     * Decides, from fresh data, whether `host` may use the widget: a registered host while it is
     * among the first `max` installations, or a new one registered while there is room. The lock,
     * the count and the insert run in one transaction, so two new sites cannot take one place.
     */
    async admit(
      widgetId: string,
      host: string,
      now: string,
      maxFor: (owner: SubscriptionFields) => number | null,
    ): Promise<AdmitResult> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('widgets')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', widgetId)
          .execute();
        const row = await trx
          .selectFrom('widgets')
          .innerJoin('users', 'users.id', 'widgets.owner_id')
          .select(SUBSCRIPTION_COLUMNS)
          .where('widgets.id', '=', widgetId)
          .executeTakeFirstOrThrow();
        const owner = subscriptionFieldsOf(row);
        const max = maxFor(owner);
        const hosts = await this.hostsOf(widgetId, trx);
        const index = hosts.indexOf(host);
        if (index !== -1) return { allowed: max === null || index < max, hosts, owner };
        if (max !== null && hosts.length >= max) return { allowed: false, hosts, owner };
        await trx.insertInto('installations').values({ widget_id: widgetId, host, created_at: now }).execute();
        return { allowed: true, hosts: [...hosts, host], owner };
      });
    },
  };
}

export type PublicWidgetRepo = ReturnType<typeof createPublicWidgetRepo>;
