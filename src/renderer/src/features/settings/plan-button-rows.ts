/**
 * docs/product.md §4 "Plan button per plan" written out row by row, for the tests of the rule and of the
 * Available Plans grid: every current plan, cancelled or not, against every plan.
 */
import type { PlanId } from '../../../../shared/plans';
import type { SubscriptionStatus } from '../../stores/session-store';
import type { PlanButtonAction } from './plan-button';

export interface PlanButtonRow {
  current: PlanId;
  cancelled: boolean;
  target: PlanId;
  label: string;
  enabled: boolean;
  action: PlanButtonAction;
}

/** A status as the server reports it for an account on `tier`, cancelled or not. */
export function statusOf(tier: PlanId, cancelled: boolean): SubscriptionStatus {
  const paid = tier !== 'free';
  return {
    subscribed: paid,
    subscription_tier: tier,
    subscription_end: paid ? '2026-12-21T00:00:00.000Z' : null,
    isActive: paid,
    isToDelete: cancelled,
  };
}

const row = (
  current: PlanId,
  cancelled: boolean,
  target: PlanId,
  label: string,
  action: PlanButtonAction,
): PlanButtonRow => ({ current, cancelled, target, label, enabled: action !== 'none', action });

export const PLAN_BUTTON_ROWS: PlanButtonRow[] = [
  row('free', false, 'free', 'Your Plan', 'none'),
  row('free', false, 'pro', 'Upgrade to Pro', 'checkout'),
  row('free', false, 'premium', 'Upgrade to Premium', 'checkout'),
  // "Cancelled means subscribed and isToDelete": a free account is never cancelled.
  row('free', true, 'free', 'Your Plan', 'none'),
  row('free', true, 'pro', 'Upgrade to Pro', 'checkout'),
  row('free', true, 'premium', 'Upgrade to Premium', 'checkout'),

  row('pro', false, 'free', 'Change to Free', 'change'),
  row('pro', false, 'pro', 'Your Plan', 'none'),
  // A paying account upgrades by changing plan: the server refuses a second checkout.
  row('pro', false, 'premium', 'Upgrade to Premium', 'change'),
  row('pro', true, 'free', 'Not available', 'none'),
  row('pro', true, 'pro', 'Reactivate Pro', 'reactivate'),
  // Another paid plan while cancelled: a switch, which the server also un-cancels. Only the
  // cancelled plan reads Reactivate.
  row('pro', true, 'premium', 'Switch to Premium', 'change'),

  row('premium', false, 'free', 'Change to Free', 'change'),
  row('premium', false, 'pro', 'Change to Pro', 'change'),
  row('premium', false, 'premium', 'Your Plan', 'none'),
  row('premium', true, 'free', 'Not available', 'none'),
  row('premium', true, 'pro', 'Switch to Pro', 'change'),
  row('premium', true, 'premium', 'Reactivate Premium', 'reactivate'),
];
