/**
 * What an owner does with their plan (spec §4, decisions §7): start a checkout, cancel at the end
 * of the period, reactivate, change plan, refresh the status. The provider (Stripe or test mode)
 * does the billing; this service applies what it reports, the same way for both.
 */
import type { SubscriptionInfo } from '../../../src/shared/api';
import type { PlanId } from '../../../src/shared/plans';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { AuthUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { DAY_MS, type Clock } from '../../lib/time';
import { subscriptionInfo } from '../plans/plans.service';
import { subscriptionFieldsOf } from '../plans/subscription.repo';
import type { BillingProvider, SubscriptionChange } from './billing-provider';
import type { BillingAccount, BillingRepo } from './billing.repo';
import { startedTestSubscription } from './test-mode-billing';

export const SUBSCRIPTION_MESSAGES = {
  alreadySubscribed: 'You already have a subscription. Change or reactivate your plan from the settings instead.',
  checkoutNotFound: 'This checkout session does not exist or has expired.',
  accountNotFound: 'Account not found.',
  cancelFailed: 'We could not cancel your subscription. Please try again.',
} as const;

/** A test-mode checkout page works this long after it was created. */
const TEST_CHECKOUT_TTL_MS = DAY_MS;

export function createSubscriptionsService(deps: {
  billing: BillingRepo;
  provider: BillingProvider;
  clock: Clock;
  publicUrl: string;
  onPlanChanged: (userId: string) => void;
}) {
  const { billing, provider, clock, publicUrl, onPlanChanged } = deps;

  async function accountOf(user: Pick<AuthUser, 'id'>): Promise<BillingAccount> {
    const account = await billing.account(user.id);
    if (!account) throw notFound(SUBSCRIPTION_MESSAGES.accountNotFound);
    return account;
  }

  async function infoOf(userId: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(subscriptionFieldsOf(await accountOf({ id: userId })), clock.now());
  }

  async function change(user: AuthUser, request: SubscriptionChange): Promise<SubscriptionInfo> {
    const account = await accountOf(user);
    const state = await provider.updateSubscription(account, request);
    await billing.applyState(account.id, state, clock.now().toISOString());
    onPlanChanged(account.id);
    return infoOf(account.id);
  }

  /** Re-reads the subscription from the provider and applies it. */
  async function refresh(user: AuthUser): Promise<SubscriptionInfo> {
    const account = await accountOf(user);
    const state = await provider.fetchSubscription(account);
    if (state) {
      await billing.applyState(account.id, state, clock.now().toISOString());
      onPlanChanged(account.id);
    }
    return infoOf(account.id);
  }

  return {
    /**
     * `GET /api/user/subscription`. Stripe's state arrives by webhook; a test-mode subscription
     * renews by itself, so its period is brought up to date on read.
     */
    async status(user: AuthUser): Promise<SubscriptionInfo> {
      if (provider.mode === 'stripe') return infoOf(user.id);
      return refresh(user);
    },

    /** A checkout for a paid plan; an account that already pays changes its plan instead. */
    async checkout(user: AuthUser, plan: PaidPlanId): Promise<{ url: string }> {
      const account = await accountOf(user);
      if (subscriptionInfo(subscriptionFieldsOf(account), clock.now()).isActive) {
        throw new AppError(409, SUBSCRIPTION_MESSAGES.alreadySubscribed);
      }
      return { url: await provider.createCheckout(account, plan) };
    },

    /** Cancels at the end of the period: the plan stays usable until then (`isToDelete`). */
    cancel: (user: AuthUser) => change(user, { cancelAtPeriodEnd: true }),

    /** Undoes a cancellation before the period ends. */
    reactivate: (user: AuthUser) => change(user, { cancelAtPeriodEnd: false }),

    /**
     * "Change to {plan}": another paid plan now, prorated (and no longer cancelled); `free` at the
     * end of the period, which is a cancellation.
     */
    changePlan(user: AuthUser, plan: PlanId): Promise<SubscriptionInfo> {
      if (plan === 'free') return change(user, { cancelAtPeriodEnd: true });
      return change(user, { cancelAtPeriodEnd: false, plan });
    },

    /** Re-reads the subscription from the provider ("refresh subscription status"). */
    refresh,

    /** Ends a paid subscription before its account is deleted; a failure stops the deletion. */
    async cancelBeforeDeletion(userId: string) {
      const account = await billing.account(userId);
      if (!account) return;
      try {
        await provider.cancelNow(account);
      } catch {
        throw new AppError(502, SUBSCRIPTION_MESSAGES.cancelFailed);
      }
    },

    /** A test-mode checkout session that can still be confirmed (open, under 24 h old), if any. */
    async openTestCheckout(sessionId: string) {
      const session = provider.mode === 'test' ? await billing.checkout(sessionId) : undefined;
      const fresh = session && clock.now().getTime() - Date.parse(session.created_at) <= TEST_CHECKOUT_TTL_MS;
      return session?.status === 'open' && fresh ? session : undefined;
    },

    /** Test mode's "Confirm": starts the subscription, once; returns where the browser goes next. */
    async completeTestCheckout(sessionId: string): Promise<{ url: string }> {
      const session = provider.mode === 'test' ? await billing.checkout(sessionId) : undefined;
      const now = clock.now();
      const expired = session && now.getTime() - Date.parse(session.created_at) > TEST_CHECKOUT_TTL_MS;
      if (!session || (session.status === 'open' && expired)) throw notFound(SUBSCRIPTION_MESSAGES.checkoutNotFound);
      await billing.db.transaction().execute(async (trx) => {
        if (!(await billing.completeCheckout(trx, session.id, now.toISOString()))) return;
        const state = startedTestSubscription(session.user_id, session.plan as PaidPlanId, now);
        await billing.applyState(session.user_id, state, now.toISOString(), trx);
      });
      onPlanChanged(session.user_id);
      return { url: `${publicUrl}/payment-success?session_id=${encodeURIComponent(session.id)}` };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
