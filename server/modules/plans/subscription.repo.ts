import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SubscriptionFields } from './plans.service';

/** Reads an account's subscription fields (inside a transaction when a limit depends on them). */
export async function readSubscription(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<SubscriptionFields> {
  const row = await db
    .selectFrom('users')
    .select(['plan', 'plan_expires_at', 'cancel_at_period_end'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { plan: row.plan, planExpiresAt: row.plan_expires_at, cancelAtPeriodEnd: row.cancel_at_period_end === 1 };
}
