/**
 * Billing without Stripe (the embedded default, docs/plans-and-billing.md, "Billing"): checkout is
 * a page of Tellbox's own, labelled "Test mode — no charge", and subscriptions live only in the
 * database. Everything after checkout goes through the same service and the same `applyState` as
 * Stripe.
 */
import { lockWorkspace } from '../../db/locks';
import { conflict } from '../../lib/errors';
import { newSecretToken } from '../../lib/ids';
import { DAY_MS, type Clock } from '../../lib/time';
import { PLAN_IDS, type PlanId, type PlanTable } from '../../../src/shared/plans';
import { TEST_SUBSCRIPTION_PREFIX } from '../plans/plans.service';
import type { BillingProvider } from './billing-provider';
import type { BillingAccount, BillingRepo } from '../plans/plans.service';
import { PAID_STATUSES, addOneMonth, type SubscriptionState } from '../plans/plans.service';
import { testModePreview } from './test-mode-preview';

export const NO_SUBSCRIPTION = 'You have no active subscription. Choose a plan to start one.';

/** A test-mode checkout page works this long after it was created. */
export const TEST_CHECKOUT_TTL_MS = DAY_MS;

/** Test subscriptions renew by themselves each month, free of charge, until cancelled. */
function currentState(account: BillingAccount, now: Date): SubscriptionState | null {
  const { subscriptionId, subscriptionStatus, cancelAtPeriodEnd } = account;
  if (!subscriptionId || !subscriptionStatus) return null;
  const plan = (PLAN_IDS as readonly string[]).includes(account.plan) ? (account.plan as PlanId) : 'free';
  let periodEnd = account.planExpiresAt ? new Date(account.planExpiresAt) : null;
  if (periodEnd && periodEnd <= now) {
    if (cancelAtPeriodEnd) {
      return {
        plan: 'free',
        status: 'canceled',
        periodEnd: periodEnd.toISOString(),
        cancelAtPeriodEnd,
        subscriptionId,
      };
    }
    while (periodEnd <= now) periodEnd = addOneMonth(periodEnd);
  }
  return {
    plan,
    status: subscriptionStatus,
    periodEnd: periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd,
    subscriptionId,
  };
}

export function createTestModeBilling(deps: {
  billing: BillingRepo;
  clock: Clock;
  publicUrl: string;
  plans: PlanTable;
}): BillingProvider {
  const { billing, clock, publicUrl, plans } = deps;

  function liveState(account: BillingAccount): SubscriptionState {
    const state = currentState(account, clock.now());
    if (!state || !PAID_STATUSES.has(state.status)) throw conflict(NO_SUBSCRIPTION);
    return state;
  }

  return {
    mode: 'test',

    /**
     * One open checkout per account and plan: asked again while its page still works, the owner
     * gets the same page. The account's row is locked, so two requests at once make one session.
     */
    async createCheckout(account, plan) {
      const now = clock.now();
      const since = new Date(now.getTime() - TEST_CHECKOUT_TTL_MS).toISOString();
      const id = await billing.transact(async (trx) => {
        await lockWorkspace(trx, account.id);
        const open = await billing.openCheckout(trx, account.id, plan, since);
        if (open) return open.id;
        const created = `cs_test_${newSecretToken()}`;
        await billing.createCheckout({ id: created, workspaceId: account.id, plan, now: now.toISOString() }, trx);
        return created;
      });
      return `${publicUrl}/test-checkout/${id}`;
    },

    async updateSubscription(account, change) {
      const state = liveState(account);
      return { ...state, plan: change.plan ?? state.plan, cancelAtPeriodEnd: change.cancelAtPeriodEnd };
    },

    previewChange: async (account, plan) => testModePreview(plans, liveState(account), plan, clock.now()),

    fetchSubscription: async (account) => currentState(account, clock.now()),

    // Nothing to tell anyone: the subscription lives only in the account being deleted.
    cancelNow: async () => {},
  };
}

/** The state a completed test checkout starts: the plan, paid for one month from now. */
export function startedTestSubscription(userId: string, plan: PlanId, now: Date): SubscriptionState {
  return {
    plan,
    status: 'active',
    periodEnd: addOneMonth(now).toISOString(),
    cancelAtPeriodEnd: false,
    subscriptionId: `${TEST_SUBSCRIPTION_PREFIX}${userId}`,
  };
}
