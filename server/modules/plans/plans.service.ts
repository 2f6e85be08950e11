/**
 * What plan an account is on right now, derived from its stored subscription fields. A paid plan
 * whose end date has passed is free again (decisions §7) without anything having to run.
 */
import { PLAN_IDS, type Plan, type PlanId, type PlanTable } from '../../../src/shared/plans';
import type { SubscriptionInfo } from '../../../src/shared/api';

export interface SubscriptionFields {
  plan: string;
  planExpiresAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** The billing subscription's status; null when an admin granted the plan. */
  subscriptionStatus: string | null;
}

/** Statuses of a subscription that keeps renewing; `past_due` is Stripe's grace while it retries. */
const RENEWING_STATUSES = new Set(['active', 'trialing', 'past_due']);

function knownPlan(plan: string): PlanId {
  return (PLAN_IDS as readonly string[]).includes(plan) ? (plan as PlanId) : 'free';
}

/**
 * The plan whose limits apply at `now`. A subscription that renews keeps its plan (the billing
 * provider reports when it stops); a cancelled one, or a plan granted until a date, ends then.
 */
export function effectivePlanId(account: SubscriptionFields, now: Date): PlanId {
  const plan = knownPlan(account.plan);
  if (plan === 'free') return plan;
  const renewing = RENEWING_STATUSES.has(account.subscriptionStatus ?? '') && !account.cancelAtPeriodEnd;
  if (renewing || account.planExpiresAt === null) return plan;
  return Date.parse(account.planExpiresAt) > now.getTime() ? plan : 'free';
}

/** `GET /api/user/subscription`: `{plan, expiresAt, isActive, isToDelete}`. */
export function subscriptionInfo(account: SubscriptionFields, now: Date): SubscriptionInfo {
  const plan = effectivePlanId(account, now);
  const isActive = plan !== 'free';
  return {
    plan,
    expiresAt: isActive ? account.planExpiresAt : null,
    isActive,
    isToDelete: isActive && account.cancelAtPeriodEnd,
  };
}

/** The plan definition that applies to an account at `now`. */
export function effectivePlan(plans: PlanTable, account: SubscriptionFields, now: Date): Plan {
  return plans[effectivePlanId(account, now)];
}
