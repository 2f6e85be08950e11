/**
 * What plan an account is on right now, derived from its stored subscription fields. A paid plan
 * whose end date has passed is free again (docs/plans-and-billing.md, "Billing") without anything having to run.
 */
import {
  PLAN_IDS,
  isBelowLimit,
  seatLimitMessage,
  suggestedPlanFor,
  type Plan,
  type PlanId,
  type PlanTable,
} from '../../../src/shared/plans';
import type { SubscriptionInfo } from '../../../src/shared/api';
import type { SubscriptionFields } from './subscription.repo';

export type { SubscriptionFields } from './subscription.repo';
export { SUBSCRIPTION_COLUMNS, readSubscription, subscriptionFieldsOf } from './subscription.repo';
/** The subscription's store, billing's only way to the subscription's columns. */
export { createBillingRepo, type BillingAccount, type BillingDb, type BillingRepo } from './billing.repo';
export { grantPlan } from './plan-grant';
export { PAID_STATUSES, addOneMonth, type SubscriptionState } from './subscription-state';
export { isShown, mayBeHiddenByAnyPlan, visibilityOf, type FeedbackPlaces, type Visibility } from './visible-feedback';

/**
 * Who bills this server's subscriptions: Stripe when it is configured, else the built-in test
 * mode. It decides whether a test-mode subscription still renews.
 */
export type BillingMode = 'stripe' | 'test';

/** Test mode names its subscriptions `sub_test_<account id>`; Stripe's are `sub_<random>`. */
export const TEST_SUBSCRIPTION_PREFIX = 'sub_test_';

/** True for a subscription the built-in test mode started (no payment provider knows it). */
export function isTestSubscription(subscriptionId: string | null): boolean {
  return subscriptionId?.startsWith(TEST_SUBSCRIPTION_PREFIX) ?? false;
}

/** Statuses of a subscription that keeps renewing; `past_due` is Stripe's grace while it retries. */
const RENEWING_STATUSES = new Set(['active', 'trialing', 'past_due']);

function knownPlan(plan: string): PlanId {
  return (PLAN_IDS as readonly string[]).includes(plan) ? (plan as PlanId) : 'free';
}

/**
 * Whether the subscription renews by itself, so its stored end date is not its end. A test-mode
 * subscription renews only while test mode runs it: under Stripe nobody bills or renews it.
 */
function renews(account: SubscriptionFields, mode: BillingMode): boolean {
  if (!RENEWING_STATUSES.has(account.subscriptionStatus ?? '') || account.cancelAtPeriodEnd) return false;
  return mode === 'test' || !isTestSubscription(account.subscriptionId);
}

/**
 * The plan whose limits apply at `now`. A subscription that renews keeps its plan (the billing
 * provider reports when it stops); a cancelled one, or a plan granted until a date, ends then.
 */
export function effectivePlanId(account: SubscriptionFields, now: Date, mode: BillingMode): PlanId {
  const plan = knownPlan(account.plan);
  if (plan === 'free') return plan;
  if (renews(account, mode) || account.planExpiresAt === null) return plan;
  return Date.parse(account.planExpiresAt) > now.getTime() ? plan : 'free';
}

/**
 * `GET /api/user/subscription`: `{plan, expiresAt, isActive, isToDelete}`. `isToDelete` says the
 * plan ends at `expiresAt`: it was cancelled, or it is a test-mode plan under Stripe.
 */
export function subscriptionInfo(account: SubscriptionFields, now: Date, mode: BillingMode): SubscriptionInfo {
  const plan = effectivePlanId(account, now, mode);
  const isActive = plan !== 'free';
  const ends = account.cancelAtPeriodEnd || (mode === 'stripe' && isTestSubscription(account.subscriptionId));
  return {
    plan,
    expiresAt: isActive ? account.planExpiresAt : null,
    isActive,
    isToDelete: isActive && ends,
  };
}

/** The plan definition that applies to an account at `now`. */
export function effectivePlan(plans: PlanTable, account: SubscriptionFields, now: Date, mode: BillingMode): Plan {
  return plans[effectivePlanId(account, now, mode)];
}

/**
 * Why one more member cannot be invited (the plan's seats are taken, pending invitations
 * included), saying which plan has more; null while a seat is free.
 */
export function seatRefusal(
  plans: PlanTable,
  workspace: SubscriptionFields,
  seatsTaken: number,
  now: Date,
  mode: BillingMode,
): string | null {
  const planId = effectivePlanId(workspace, now, mode);
  const plan = plans[planId];
  if (isBelowLimit(plan.limits.maxMembers, seatsTaken)) return null;
  const upgrade = suggestedPlanFor(plans, planId, (limits) => limits.maxMembers);
  return seatLimitMessage(plan, upgrade ? plans[upgrade] : null);
}
