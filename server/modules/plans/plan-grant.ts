import type { Kysely } from 'kysely';
import type { PlanId } from '../../../src/shared/plans';
import type { Database } from '../../db/schema';

/**
 * `npm run admin -- set-plan`: an admin grants a workspace a plan, until a date or for good. Not a
 * billing subscription: the end date alone decides (plans.service.ts). False when no such
 * workspace exists.
 */
export async function grantPlan(
  db: Kysely<Database>,
  grant: { workspaceId: string; plan: PlanId; expiresAt: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('workspaces')
    .set({
      plan: grant.plan,
      plan_expires_at: grant.plan === 'free' ? null : grant.expiresAt,
      cancel_at_period_end: 0,
      subscription_status: null,
      updated_at: grant.now,
    })
    .where('id', '=', grant.workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
