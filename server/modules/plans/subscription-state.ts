import type { PlanId } from '../../../src/shared/plans';

/**
 * A billing subscription as Tellbox keeps it, whoever reported it: Stripe (webhooks, refresh) or
 * the built-in test mode. Both write it through `BillingRepo.applyState`, the one code path.
 */
export interface SubscriptionState {
  /** The plan the subscription pays for; `free` when it pays for nothing (canceled, unpaid…). */
  plan: PlanId;
  /** The provider's status: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, … */
  status: string;
  /** End of the current billing period (ISO), when known. */
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  subscriptionId: string | null;
}

/** Statuses that grant the paid plan (Stripe's `past_due` is the grace while it retries). */
export const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** Adds one calendar month (UTC), as a monthly billing period does. */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
