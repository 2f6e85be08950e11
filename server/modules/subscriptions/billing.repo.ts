import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { PAID_STATUSES, type SubscriptionState } from './subscription-state';

type Db = Kysely<Database> | Transaction<Database>;

/** Queries of the billing module: subscription fields on `users`, applied events, test checkouts. */
export function createBillingRepo(db: Kysely<Database>) {
  return {
    db,

    account(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'name',
          'email',
          'plan',
          'plan_expires_at',
          'cancel_at_period_end',
          'subscription_status',
          'stripe_customer_id',
          'stripe_subscription_id',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async userIdByCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('stripe_customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.id;
    },

    async setCustomer(userId: string, customerId: string) {
      await db.updateTable('users').set({ stripe_customer_id: customerId }).where('id', '=', userId).execute();
    },

    /** Writes a subscription onto its account: the one path for Stripe and for test mode. */
    async applyState(userId: string, state: SubscriptionState, now: string, trx: Db = db) {
      await trx
        .updateTable('users')
        .set({
          plan: state.plan,
          plan_expires_at: state.periodEnd,
          cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
          subscription_status: state.status,
          stripe_subscription_id: state.subscriptionId,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * True when `state` is about a subscription the account has moved on from: the account pays
     * through another subscription and this one pays for nothing (a late event about an old one).
     */
    async isSuperseded(trx: Db, userId: string, state: SubscriptionState): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select(['stripe_subscription_id', 'subscription_status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row?.stripe_subscription_id || row.stripe_subscription_id === state.subscriptionId) return false;
      return PAID_STATUSES.has(row.subscription_status ?? '') && !PAID_STATUSES.has(state.status);
    },

    /** Records an event as applied; false when it already was (then its effect must not repeat). */
    async recordEvent(trx: Db, id: string, type: string, now: string): Promise<boolean> {
      const result = await trx
        .insertInto('billing_events')
        .values({ id, type, created_at: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async eventSeen(id: string): Promise<boolean> {
      return (await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async createCheckout(session: { id: string; userId: string; plan: string; now: string }) {
      await db
        .insertInto('checkout_sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          plan: session.plan,
          status: 'open',
          created_at: session.now,
          completed_at: null,
        })
        .execute();
    },

    checkout(id: string) {
      return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Marks an open session complete; false when it was not open (already used). */
    async completeCheckout(trx: Db, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'complete', completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
export type BillingAccount = NonNullable<Awaited<ReturnType<BillingRepo['account']>>>;
