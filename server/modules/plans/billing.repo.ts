import type { Kysely, Transaction } from 'kysely';
import { lockWorkspace } from '../../db/locks';
import { createTransactor } from '../../db/transaction';
import type { Database } from '../../db/schema';
import { PAID_STATUSES, type SubscriptionState } from './subscription-state';
import { SUBSCRIPTION_COLUMNS, subscriptionFieldsOf, type SubscriptionFields } from './subscription.repo';

/**
 * A workspace as billing sees it: its subscription, and who the payment provider writes to (its
 * first owner's e-mail; null only in the moment an owner is being removed).
 */
export interface BillingAccount extends SubscriptionFields {
  id: string;
  name: string;
  email: string | null;
  /** The payment provider's customer (Stripe's `cus_…`), once a checkout made one. */
  customerId: string | null;
}

/** The database, or a transaction on it. */
export type BillingDb = Kysely<Database> | Transaction<Database>;

/**
 * Billing's queries: the subscription's columns on `workspaces` (read and written nowhere else),
 * the provider's events already applied, and test-mode checkouts.
 */
export function createBillingRepo(db: Kysely<Database>) {
  return {
    /** Runs billing work in one transaction (retried on a conflict with a concurrent one). */
    transact: createTransactor(db),

    /**
     * The workspace as billing sees it. Its e-mail and name are its first owner's: the payment
     * provider's customer is a person to write to.
     */
    async account(workspaceId: string, trx: BillingDb = db): Promise<BillingAccount | undefined> {
      const row = await trx
        .selectFrom('workspaces')
        .select(['workspaces.id', 'workspaces.name', 'workspaces.stripe_customer_id', ...SUBSCRIPTION_COLUMNS])
        .select((eb) =>
          eb
            .selectFrom('workspace_members')
            .innerJoin('users', 'users.id', 'workspace_members.account_id')
            .select('users.email')
            .whereRef('workspace_members.workspace_id', '=', 'workspaces.id')
            .where('workspace_members.role', '=', 'owner')
            .orderBy('workspace_members.created_at')
            .limit(1)
            .as('email'),
        )
        .where('workspaces.id', '=', workspaceId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        customerId: row.stripe_customer_id,
        ...subscriptionFieldsOf(row),
      };
    },

    async workspaceIdByCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('workspaces')
        .select('id')
        .where('stripe_customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.id;
    },

    async setCustomer(workspaceId: string, customerId: string) {
      await db
        .updateTable('workspaces')
        .set({ stripe_customer_id: customerId })
        .where('id', '=', workspaceId)
        .execute();
    },

    /**
     * Numbers a read of the workspace's subscription from the billing provider. Taken before the
     * read starts; `applyState` then refuses a state older than the one stored. Undefined when
     * the workspace does not exist.
     */
    async takeReadTicket(workspaceId: string, trx: BillingDb = db): Promise<number | undefined> {
      const row = await trx
        .updateTable('workspaces')
        .set((eb) => ({ billing_read_seq: eb('billing_read_seq', '+', 1) }))
        .where('id', '=', workspaceId)
        .returning('billing_read_seq')
        .executeTakeFirst();
      return row?.billing_read_seq;
    },

    /**
     * Writes a subscription onto its workspace: the one path for Stripe and for test mode. Only a
     * state read after the stored one is written (one conditional update, so concurrent writers
     * need no lock for it); false when a later read was already stored.
     */
    async applyState(
      trx: BillingDb | undefined,
      workspaceId: string,
      state: SubscriptionState,
      read: { ticket: number; now: string },
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('workspaces')
        .set({
          plan: state.plan,
          plan_expires_at: state.periodEnd,
          cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
          subscription_status: state.status,
          stripe_subscription_id: state.subscriptionId,
          billing_applied_seq: read.ticket,
          updated_at: read.now,
        })
        .where('id', '=', workspaceId)
        .where('billing_applied_seq', '<', read.ticket)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * True when `state` is about a subscription the workspace has moved on from: it pays
     * through another subscription and this one pays for nothing (a late event about an old one).
     * It locks the workspace's row first, so the write that follows in `trx` acts on what was read.
     */
    async isSuperseded(trx: Transaction<Database>, workspaceId: string, state: SubscriptionState): Promise<boolean> {
      await lockWorkspace(trx, workspaceId);
      const row = await trx
        .selectFrom('workspaces')
        .select(['stripe_subscription_id', 'subscription_status'])
        .where('id', '=', workspaceId)
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

    async createCheckout(session: { id: string; workspaceId: string; plan: string; now: string }, trx: BillingDb = db) {
      await trx
        .insertInto('checkout_sessions')
        .values({
          id: session.id,
          workspace_id: session.workspaceId,
          plan: session.plan,
          status: 'open',
          created_at: session.now,
          completed_at: null,
        })
        .execute();
    },

    /** The account's newest open checkout for `plan` created at or after `since`, if any. */
    openCheckout(trx: BillingDb, workspaceId: string, plan: string, since: string) {
      return trx
        .selectFrom('checkout_sessions')
        .select('id')
        .where('workspace_id', '=', workspaceId)
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
