import type { Kysely } from 'kysely';
import { createTransactor } from '../../db/transaction';
import { toCount } from '../../db/locks';
import { HOUR_MS } from '../../lib/time';
import type { Database } from '../../db/schema';
import { SUBSCRIPTION_COLUMNS, subscriptionFieldsOf, type SubscriptionFields } from '../plans/plans.service';

/**
 * Why a host may or may not use a widget: `admitted` (registered before) and `registered` (a new
 * installation now) let it in, every other verdict is a refusal.
 */
export type AdmitVerdict = 'admitted' | 'registered' | 'over-plan' | 'locked' | 'hourly-cap' | 'widget-missing';

export interface AdmitRules {
  now: Date;
  /** The plan's installations per widget for the owner (null: unlimited). */
  maxFor: (owner: SubscriptionFields) => number | null;
  /** New hosts one widget may register within an hour, whatever the plan. */
  newHostsPerHour: number;
}

type Reader = Pick<Kysely<Database>, 'selectFrom'>;

async function countInstallations(trx: Reader, widgetId: string, since?: string): Promise<number> {
  const row = await trx
    .selectFrom('installations')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('widget_id', '=', widgetId)
    .$if(since !== undefined, (query) => query.where('created_at', '>', since ?? ''))
    .executeTakeFirst();
  return toCount(row?.count as number | undefined);
}

/** How many of the widget's installations come before this one (oldest first, then by host). */
async function placeOf(trx: Reader, widgetId: string, installation: { host: string; created_at: string }) {
  const row = await trx
    .selectFrom('installations')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('widget_id', '=', widgetId)
    .where((eb) => eb(eb.refTuple('created_at', 'host'), '<', eb.tuple(installation.created_at, installation.host)))
    .executeTakeFirst();
  return toCount(row?.count as number | undefined);
}

/** Reads and writes of the public widget API that the owner modules don't cover. */
export function createPublicWidgetRepo(db: Kysely<Database>) {
  const transact = createTransactor(db);
  return {
    /** An active widget by site key, with its owner's subscription fields. */
    findActiveByKey(siteKey: string) {
      return db
        .selectFrom('widgets')
        .innerJoin('workspaces', 'workspaces.id', 'widgets.workspace_id')
        .select([
          'widgets.id',
          'widgets.workspace_id',
          'widgets.site_key',
          'widgets.position',
          'widgets.color',
          'widgets.enable_feedback',
          'widgets.enable_news',
          'widgets.texts',
          'widgets.hide_launcher',
          'widgets.offset_x',
          'widgets.offset_y',
          'widgets.public_changelog',
          ...SUBSCRIPTION_COLUMNS,
        ])
        .where('widgets.site_key', '=', siteKey)
        .where('widgets.active', '=', 1)
        .executeTakeFirst();
    },

    /** The widget's first `limit` installation hosts, oldest first: the first ones are the ones a plan keeps. */
    async hostsOf(widgetId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('installations')
        .select('host')
        .where('widget_id', '=', widgetId)
        .orderBy('created_at')
        .orderBy('host')
        .limit(limit)
        .execute();
      return rows.map((row) => row.host);
    },

    /**
     * Decides, from fresh data, whether `host` may use the widget: a registered host while it is
     * among the first `max` installations; a new one only while the widget is not locked, the plan
     * has room and fewer than `newHostsPerHour` hosts registered in the last hour. The widget's
     * row lock, the counts and the insert run in one transaction, so two new sites cannot take one
     * place, nor a burst of forged origins more than the hour allows.
     */
    async admit(widgetId: string, host: string, rules: AdmitRules): Promise<AdmitVerdict> {
      return transact(async (trx) => {
        const locked = await trx
          .updateTable('widgets')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', widgetId)
          .executeTakeFirst();
        if (locked.numUpdatedRows === 0n) return 'widget-missing';
        const row = await trx
          .selectFrom('widgets')
          .innerJoin('workspaces', 'workspaces.id', 'widgets.workspace_id')
          .select(['widgets.lock_hosts', ...SUBSCRIPTION_COLUMNS])
          .where('widgets.id', '=', widgetId)
          .executeTakeFirstOrThrow();
        const max = rules.maxFor(subscriptionFieldsOf(row));
        const registered = await trx
          .selectFrom('installations')
          .select(['host', 'created_at'])
          .where('widget_id', '=', widgetId)
          .where('host', '=', host)
          .executeTakeFirst();
        if (registered) {
          return max === null || (await placeOf(trx, widgetId, registered)) < max ? 'admitted' : 'over-plan';
        }
        if (row.lock_hosts === 1) return 'locked';
        if (max !== null && (await countInstallations(trx, widgetId)) >= max) return 'over-plan';
        const hourAgo = new Date(rules.now.getTime() - HOUR_MS).toISOString();
        if ((await countInstallations(trx, widgetId, hourAgo)) >= rules.newHostsPerHour) return 'hourly-cap';
        await trx
          .insertInto('installations')
          .values({ widget_id: widgetId, host, created_at: rules.now.toISOString() })
          .execute();
        return 'registered';
      });
    },
  };
}

export type PublicWidgetRepo = ReturnType<typeof createPublicWidgetRepo>;
