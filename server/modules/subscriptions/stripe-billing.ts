/**
 * Billing with Stripe (docs/plans-and-billing.md, "Billing"): Checkout Sessions in subscription mode, subscription
 * updates for cancel, reactivate and prorated plan changes. Stripe's objects are turned into a
 * `SubscriptionState` here and nowhere else.
 */
import Stripe from 'stripe';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { PlanId } from '../../../src/shared/plans';
import { badGateway, conflict } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { isTestSubscription } from '../plans/plans.service';
import type { BillingProvider } from './billing-provider';
import type { BillingAccount, BillingRepo } from '../plans/plans.service';
import { BILLING_UNAVAILABLE, type StripeCall } from './stripe-errors';
import { PAID_STATUSES, type SubscriptionState } from '../plans/plans.service';
import { NO_SUBSCRIPTION } from './test-mode-billing';
import { previewOfInvoice, previewParams } from './stripe-preview';

export interface StripeSettings {
  secretKey: string;
  prices: Record<PaidPlanId, string>;
  /** Stripe's API address for tests and stripe-mock; Stripe's own when unset. */
  apiUrl?: string;
  /** How long one request to Stripe may take; `STRIPE_TIMEOUT_MS` unless a test shortens it. */
  timeoutMs?: number;
}

/**
 * One request to Stripe gives up after this long (the SDK waits 80 s by default). With two
 * retries an owner waits at most about half a minute before hearing that billing failed.
 */
export const STRIPE_TIMEOUT_MS = 10_000;

/** The Stripe SDK client, pointed at STRIPE_API_URL when one is set. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Reads a Stripe subscription: which plan it pays for, until when, and whether it will cancel. */
export function stateOfSubscription(
  subscription: Stripe.Subscription,
  prices: Record<PaidPlanId, string>,
): SubscriptionState {
  const item = subscription.items.data[0];
  const priceId = item?.price.id;
  const pricedPlan: PlanId | undefined =
    priceId === prices.pro ? 'pro' : priceId === prices.premium ? 'premium' : undefined;
  const periodEnd = item?.current_period_end;
  return {
    plan: pricedPlan && PAID_STATUSES.has(subscription.status) ? pricedPlan : 'free',
    status: subscription.status,
    periodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    subscriptionId: subscription.id,
  };
}

/** The account's Stripe subscription id; a test-mode one is none (Stripe never heard of it). */
function stripeSubscriptionOf(account: BillingAccount): string | undefined {
  const id = account.subscriptionId;
  return id && !isTestSubscription(id) ? id : undefined;
}

export function createStripeBilling(deps: {
  stripe: Stripe;
  settings: StripeSettings;
  billing: BillingRepo;
  publicUrl: string;
  /** Every call to Stripe goes through it: a failure is logged and answered 502. */
  callStripe: StripeCall;
  logger: Logger;
}): BillingProvider {
  const { stripe, settings, billing, publicUrl, callStripe, logger } = deps;

  /** The account's live Stripe subscription; 409 when it has none. */
  async function liveSubscription(account: BillingAccount): Promise<Stripe.Subscription> {
    const subscriptionId = stripeSubscriptionOf(account);
    if (!subscriptionId) throw conflict(NO_SUBSCRIPTION);
    const current = await callStripe('read subscription', () => stripe.subscriptions.retrieve(subscriptionId));
    if (!PAID_STATUSES.has(current.status)) throw conflict(NO_SUBSCRIPTION);
    return current;
  }

  return {
    mode: 'stripe',

    async createCheckout(account, plan) {
      let customerId = account.customerId;
      if (!customerId) {
        const customer = await callStripe('create customer', () =>
          stripe.customers.create(
            { email: account.email ?? undefined, name: account.name, metadata: { userId: account.id } },
            { idempotencyKey: `customer-${account.id}` },
          ),
        );
        customerId = customer.id;
        await billing.setCustomer(account.id, customerId);
      }
      const customer = customerId;
      const session = await callStripe('create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: account.id,
          metadata: { userId: account.id, plan },
          subscription_data: { metadata: { userId: account.id } },
          line_items: [{ price: settings.prices[plan], quantity: 1 }],
          success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/payment-canceled`,
        }),
      );
      // Nowhere to send the owner: as much Stripe's failure as an error answer is.
      if (!session.url) {
        logger.error(
          { operation: 'create checkout session', sessionId: session.id },
          'stripe returned a checkout session without a URL',
        );
        throw badGateway(BILLING_UNAVAILABLE);
      }
      return session.url;
    },

    async updateSubscription(account, change) {
      const current = await liveSubscription(account);
      const subscriptionId = current.id;
      const item = current.items.data[0];
      const changesPrice = change.plan !== undefined && item && item.price.id !== settings.prices[change.plan];
      const updated = await callStripe('update subscription', () =>
        stripe.subscriptions.update(subscriptionId, {
          cancel_at_period_end: change.cancelAtPeriodEnd,
          ...(changesPrice &&
            change.plan && {
              items: [{ id: item.id, price: settings.prices[change.plan] }],
              proration_behavior: 'create_prorations',
            }),
        }),
      );
      return stateOfSubscription(updated, settings.prices);
    },

    async previewChange(account, plan) {
      const current = await liveSubscription(account);
      const now = new Date();
      const invoice = await callStripe('preview invoice', () =>
        stripe.invoices.createPreview(previewParams(current, settings.prices[plan], now)),
      );
      return previewOfInvoice(invoice, plan, settings.prices, current, now);
    },

    async fetchSubscription(account) {
      const subscriptionId = stripeSubscriptionOf(account);
      if (!subscriptionId) return null;
      const subscription = await callStripe('read subscription', () => stripe.subscriptions.retrieve(subscriptionId));
      return stateOfSubscription(subscription, settings.prices);
    },

    async cancelNow(account) {
      const subscriptionId = stripeSubscriptionOf(account);
      if (!subscriptionId || !PAID_STATUSES.has(account.subscriptionStatus ?? '')) return;
      await callStripe('cancel subscription', async () => {
        try {
          await stripe.subscriptions.cancel(subscriptionId);
        } catch (error) {
          // Stripe already ended it (its webhook missed or not yet applied): nothing is left to cancel.
          if ((error as { code?: string }).code === 'resource_missing') return;
          throw error;
        }
      });
    },
  };
}

export { idOf };
