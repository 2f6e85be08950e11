import type { Plan, PlanId } from '../../../../shared/plans';

export interface PlanCardAction {
  label: string;
  disabled: boolean;
  /** Where the button goes; null when disabled. */
  to: string | null;
  /** A paid plan chosen before sign-up is remembered as `selectedPlan`. */
  remember: PlanId | null;
}

/** The plan card's button (docs/product.md §2): its label, whether it is enabled and where it goes. */
export function planCardAction(plan: Plan, loggedIn: boolean, currentPlan: PlanId | null): PlanCardAction {
  if (currentPlan === plan.id) return { label: 'Current Plan', disabled: true, to: null, remember: null };
  if (plan.id === 'free') {
    return loggedIn
      ? { label: 'Go to Dashboard', disabled: false, to: '/dashboard', remember: null }
      : { label: 'Get Started Free', disabled: false, to: '/login', remember: null };
  }
  return loggedIn
    ? { label: 'Upgrade Now', disabled: false, to: `/checkout?plan=${plan.id}`, remember: null }
    : { label: 'Sign Up', disabled: false, to: `/signup?plan=${plan.id}`, remember: plan.id };
}
