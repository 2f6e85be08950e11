/**
 * The button each plan of "Available Plans" shows (docs/product.md §4, "Plan button per plan"), as a pure
 * rule so every row of the table can be tested.
 */
import { PLAN_IDS, type Plan, type PlanId } from '../../../../shared/plans';
import type { SubscriptionStatus } from '../../stores/session-store';

export type PlanButtonAction = 'none' | 'checkout' | 'reactivate' | 'change';

export interface PlanButton {
  label: string;
  enabled: boolean;
  action: PlanButtonAction;
  /** A move to a cheaper plan, drawn as the quieter button. */
  downgrade: boolean;
}

const rank = (id: PlanId) => PLAN_IDS.indexOf(id);

const disabled = (label: string): PlanButton => ({ label, enabled: false, action: 'none', downgrade: false });

/** docs/product.md §4: "Cancelled means subscribed and isToDelete". */
export function isCancelled(subscription: SubscriptionStatus): boolean {
  return subscription.subscribed && subscription.isToDelete;
}

export function planButton(plan: Plan, subscription: SubscriptionStatus): PlanButton {
  const current = subscription.subscription_tier;
  const cancelled = isCancelled(subscription);

  if (plan.id === current && !cancelled) return disabled('Your Plan');

  if (cancelled) {
    if (plan.id === 'free') return disabled('Not available');
    // Only the cancelled plan is reactivated, and its button names it; another paid plan is a
    // switch, which the server also un-cancels. A checkout would be refused while the period runs.
    if (plan.id === current)
      return { label: `Reactivate ${plan.name}`, enabled: true, action: 'reactivate', downgrade: false };
    return {
      label: `Switch to ${plan.name}`,
      enabled: true,
      action: 'change',
      downgrade: rank(plan.id) < rank(current),
    };
  }

  if (rank(plan.id) > rank(current)) {
    // A paying account changes plan (prorated); only an account without one goes to checkout.
    const action = subscription.isActive ? 'change' : 'checkout';
    return { label: `Upgrade to ${plan.name}`, enabled: true, action, downgrade: false };
  }

  // What is left is a cheaper plan, offered only while not cancelled.
  return { label: `Change to ${plan.name}`, enabled: true, action: 'change', downgrade: true };
}
