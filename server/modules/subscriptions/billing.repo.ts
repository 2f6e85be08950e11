import type { Kysely, Transaction } from 'kysely';
import { lockAccount } from '../../db/locks';
import { createTransactor } from '../../db/transaction';
import type { Database } from '../../db/schema';
import { PAID_STATUSES, type SubscriptionState } from './subscription-state';

/** The database, or a transaction on it. */
export type BillingDb = Kysely<Database> | Transaction<Database>;

/** Queries of the billing module: subscription fields on `users`, applied events, test checkouts. */
export function createBillingRepo(db: Kysely<Database>) {
  return {
    /** Runs billing work in one transaction (retried on a conflict with a concurrent one). */
    transact: createTransactor(db),

    account(userId: string, trx: BillingDb = db) {
      return trx
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

    /**
     * Numbers a read of the account's subscription from the billing provider. Taken before the
     * read starts; `applyState` then refuses a state older than the one stored. Undefined when
     * the account does not exist.
     */
    async takeReadTicket(userId: string, trx: BillingDb = db): Promise<number | undefined> {
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ billing_read_seq: eb('billing_read_seq', '+', 1) }))
        .where('id', '=', userId)
        .returning('billing_read_seq')
        .executeTakeFirst();
      return row?.billing_read_seq;
    },

    /**
     * Writes a subscription onto its account: the one path for Stripe and for test mode. Only a
     * state read after the stored one is written (one conditional update, so concurrent writers
     * need no lock for it); false when a later read was already stored.
     */
    async applyState(
      trx: BillingDb | undefined,
      userId: string,
      state: SubscriptionState,
      read: { ticket: number; now: string },
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('users')
        .set({
          plan: state.plan,
          plan_expires_at: state.periodEnd,
          cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
          subscription_status: state.status,
          stripe_subscription_id: state.subscriptionId,
          billing_applied_seq: read.ticket,
          updated_at: read.now,
        })
        .where('id', '=', userId)
        .where('billing_applied_seq', '<', read.ticket)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * True when `state` is about a subscription the account has moved on from: the account pays
     * through another subscription and this one pays for nothing (a late event about an old one).
     * It locks the account's row first, so the write that follows in `trx` acts on what was read.
     */
    async isSuperseded(trx: Transaction<Database>, userId: string, state: SubscriptionState): Promise<boolean> {
      await lockAccount(trx, userId);
      const row = await trx
        .selectFrom('users')
        .select(['stripe_subscription_id', 'subscription_status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row?.stripe_subscription_id || row.stripe_subscription_id === state.subscriptionId) return false;
      return PAID_STATUSES.has(row.subscription_status ?? '') && !PAID_STATUSES.has(state.status);
    },

    /** Records an event as applied; false when it already was (then its effect must not repeat). */
    async recordEvent(trx: BillingDb, id: string, type: string, now: string): Promise<boolean> {
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

    async createCheckout(session: { id: string; userId: string; plan: string; now: string }, trx: BillingDb = db) {
      await trx
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

    /** The account's newest open checkout for `plan` created at or after `since`, if any. */
    openCheckout(trx: BillingDb, userId: string, plan: string, since: string) {
      return trx
        .selectFrom('checkout_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('plan', '=', plan)
        .where('status', '=', 'open')
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    checkout(id: string) {
      return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Marks an open session complete; false when it was not open (already used). */
    async completeCheckout(trx: BillingDb, id: string, now: string): Promise<boolean> {
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
