import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspacesTable } from '../../db/schema';

/** A workspace's stored subscription, as the plan rules read it. */
export interface SubscriptionFields {
  plan: string;
  planExpiresAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** The billing subscription's status; null when an admin granted the plan. */
  subscriptionStatus: string | null;
  /** The billing subscription's id: Stripe's `sub_…`, or test mode's `sub_test_…`. */
  subscriptionId: string | null;
}

/** The `workspaces` columns a plan decision reads. */
export const SUBSCRIPTION_COLUMNS = [
  'workspaces.plan',
  'workspaces.plan_expires_at',
  'workspaces.cancel_at_period_end',
  'workspaces.subscription_status',
  'workspaces.stripe_subscription_id',
] as const;

type SubscriptionRow = Pick<WorkspacesTable, 'plan_expires_at' | 'subscription_status' | 'stripe_subscription_id'> & {
  plan: string;
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

/** Reads a workspace's subscription fields (inside a transaction when a limit depends on them). */
export async function readSubscription(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
): Promise<SubscriptionFields> {
  const row = await db
    .selectFrom('workspaces')
    .select(SUBSCRIPTION_COLUMNS)
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return subscriptionFieldsOf(row);
}
