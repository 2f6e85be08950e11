/**
 * `POST /api/subscription/webhook` (security P-01…P-09): the signature is checked on the raw body
 * before anything else; each event has its effect once (its id is recorded in the same
 * transaction as the effect); the account's state is always the subscription as Stripe has it
 * now (re-fetched), so duplicates and any arrival order end in the right place.
 */
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { paymentFailedMail } from '../../mail/templates/billing-mails';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { BillingRepo } from './billing.repo';
import { idOf, stateOfSubscription } from './stripe-billing';
import type { SubscriptionState } from './subscription-state';

export const BAD_SIGNATURE = 'Invalid webhook signature';

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return (object as { id: string }).id;
  if (event.type === 'checkout.session.completed') {
    return idOf((object as unknown as Stripe.Checkout.Session).subscription);
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = object as unknown as Stripe.Invoice;
    return idOf(invoice.parent?.subscription_details?.subscription);
  }
  return undefined;
}

export function createStripeWebhook(deps: {
  stripe: Stripe;
  webhookSecret: string;
  prices: Record<PaidPlanId, string>;
  billing: BillingRepo;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Called after an account's plan changed, so caches let go of the old one. */
  onPlanChanged: (userId: string) => void;
}) {
  const { stripe, webhookSecret, prices, billing, clock, mailer, logger, onPlanChanged } = deps;

  async function accountOf(event: Stripe.Event, subscription?: Stripe.Subscription): Promise<string | undefined> {
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object as Stripe.Checkout.Session;
      const userId = session.client_reference_id ?? undefined;
      const customerId = idOf(session.customer);
      if (userId && customerId) await billing.setCustomer(userId, customerId);
      if (userId) return userId;
    }
    const fromMetadata = subscription?.metadata?.userId;
    if (fromMetadata) return fromMetadata;
    const customerId = idOf(subscription?.customer ?? (event.data.object as { customer?: string }).customer);
    return customerId ? billing.userIdByCustomer(customerId) : undefined;
  }

  return {
    /** Verifies and applies one delivery; throws a 400 for a bad signature, anything else → 500. */
    async handle(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new AppError(400, BAD_SIGNATURE);
      }
      if (await billing.eventSeen(event.id)) return;

      const subscriptionId = subscriptionIdOf(event);
      const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : undefined;
      const userId = await accountOf(event, subscription);
      const state: SubscriptionState | undefined = subscription && stateOfSubscription(subscription, prices);
      const now = clock.now().toISOString();

      const outcome = await billing.db.transaction().execute(async (trx) => {
        if (!(await billing.recordEvent(trx, event.id, event.type, now))) return 'duplicate';
        // A late event about a subscription the account has since replaced must not undo the new one.
        if (userId && state && (await billing.isSuperseded(trx, userId, state))) return 'superseded';
        if (userId && state) await billing.applyState(userId, state, now, trx);
        return 'applied';
      });
      if (outcome === 'duplicate') return;
      const superseded = outcome === 'superseded';
      if (userId && state && !superseded) onPlanChanged(userId);
      logger.info(
        { event: event.type, eventId: event.id, userId, status: state?.status, superseded },
        'stripe event applied',
      );

      if (event.type === 'invoice.payment_failed' && userId && !superseded) {
        const account = await billing.account(userId);
        if (account) sendInBackground(mailer, logger, { to: account.email, ...paymentFailedMail() });
      }
    },
  };
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
