import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

/** An account's stored subscription, as the plan rules read it. */
export interface SubscriptionFields {
  plan: string;
  planExpiresAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** The billing subscription's status; null when an admin granted the plan. */
  subscriptionStatus: string | null;
  /** The billing subscription's id: Stripe's `sub_…`, or test mode's `sub_test_…`. */
  subscriptionId: string | null;
}

/** The `users` columns a plan decision reads. */
export const SUBSCRIPTION_COLUMNS = [
  'users.plan',
  'users.plan_expires_at',
  'users.cancel_at_period_end',
  'users.subscription_status',
  'users.stripe_subscription_id',
] as const;

type SubscriptionRow = Pick<
  UsersTable,
  'plan' | 'plan_expires_at' | 'subscription_status' | 'stripe_subscription_id'
> & {
  cancel_at_period_end: number;
};

/** Maps those columns to the fields the plan rules take. */
export function subscriptionFieldsOf(row: SubscriptionRow): SubscriptionFields {
  return {
    plan: row.plan,
    planExpiresAt: row.plan_expires_at,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    subscriptionStatus: row.subscription_status,
    subscriptionId: row.stripe_subscription_id,
  };
}

/** Reads an account's subscription fields (inside a transaction when a limit depends on them). */
export async function readSubscription(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<SubscriptionFields> {
  const row = await db
    .selectFrom('users')
    .select(SUBSCRIPTION_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return subscriptionFieldsOf(row);
}
