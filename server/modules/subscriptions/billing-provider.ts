import type { PlanChangePreview } from '../../../src/shared/api';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { BillingMode } from '../plans/plans.service';
import type { BillingAccount } from '../plans/plans.service';
import type { SubscriptionState } from '../plans/plans.service';

/** What a change to a live subscription asks for. */
export interface SubscriptionChange {
  cancelAtPeriodEnd: boolean;
  /** A new paid plan, prorated; absent to keep the plan. */
  plan?: PaidPlanId;
}

/**
 * Where subscriptions live: Stripe, or Tellbox's own test mode. The service above it is the same
 * for both, and both hand back a `SubscriptionState` that is applied the same way.
 */
export interface BillingProvider {
  mode: BillingMode;
  /** Starts a checkout for a paid plan and returns the URL to open in a new tab. */
  createCheckout(account: BillingAccount, plan: PaidPlanId): Promise<string>;
  /** Changes the account's live subscription and returns its new state. */
  updateSubscription(account: BillingAccount, change: SubscriptionChange): Promise<SubscriptionState>;
  /**
   * What moving the live subscription to the paid `plan` (or, on the same plan, un-cancelling it)
   * would charge and when, without changing anything.
   */
  previewChange(account: BillingAccount, plan: PaidPlanId): Promise<PlanChangePreview>;
  /** The current state of the account's subscription, or null when it has none. */
  fetchSubscription(account: BillingAccount): Promise<SubscriptionState | null>;
  /** Ends the subscription at once (the account is being deleted). */
  cancelNow(account: BillingAccount): Promise<void>;
}
