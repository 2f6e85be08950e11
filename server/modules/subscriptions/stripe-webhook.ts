/**
 * `POST /api/subscription/webhook` (docs/security-model.md P-01…P-09): the signature is checked on the raw body
 * before anything else; each event has its effect once (its id is recorded in the same
 * transaction as the effect); the account's state is always the subscription as Stripe has it
 * now (re-fetched), so duplicates and any arrival order end in the right place. Deliveries that
 * overlap are ordered by when their re-fetch started (a read ticket): a slow one that read an
 * older state never writes it over a newer one.
 */
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { paymentFailedMail } from '../../mail/templates/billing-mails';
import type { PaidPlanId } from '../../../src/shared/schemas';
import type { BillingRepo } from '../plans/plans.service';
import { idOf, stateOfSubscription } from './stripe-billing';
import type { StripeCall } from './stripe-errors';
import type { SubscriptionState } from '../plans/plans.service';

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

/** The account id an event's own object names: our checkout's reference, or our metadata. */
function userIdNamedBy(event: Stripe.Event): string | undefined {
  const object: unknown = event.data.object;
  if (event.type === 'checkout.session.completed') {
    return (object as Stripe.Checkout.Session).client_reference_id || undefined;
  }
  if (event.type.startsWith('customer.subscription.')) {
    return (object as Stripe.Subscription).metadata?.userId || undefined;
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return (object as Stripe.Invoice).parent?.subscription_details?.metadata?.userId || undefined;
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
  callStripe: StripeCall;
  /** Called after an account's plan changed, so caches let go of the old one. */
  onPlanChanged: (userId: string) => void;
}) {
  const { stripe, webhookSecret, prices, billing, clock, mailer, logger, callStripe, onPlanChanged } = deps;

  /** The account an event is about, from the event alone (so before anything is read from Stripe). */
  async function accountOfEvent(event: Stripe.Event): Promise<string | undefined> {
    const object = event.data.object as { customer?: string | { id: string } | null };
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object as Stripe.Checkout.Session;
      const customerId = idOf(session.customer);
      if (session.client_reference_id && customerId) await billing.setCustomer(session.client_reference_id, customerId);
    }
    const named = userIdNamedBy(event);
    if (named) return named;
    const customerId = idOf(object.customer);
    return customerId ? billing.workspaceIdByCustomer(customerId) : undefined;
  }

  /** The account a subscription belongs to, when the event did not say. */
  async function accountOfSubscription(subscription: Stripe.Subscription): Promise<string | undefined> {
    const fromMetadata = subscription.metadata?.userId;
    if (fromMetadata) return fromMetadata;
    const customerId = idOf(subscription.customer);
    return customerId ? billing.workspaceIdByCustomer(customerId) : undefined;
  }

  return {
    /** Verifies and applies one delivery; 400 for a bad signature, 502 when Stripe fails, else 500. */
    async handle(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new AppError(400, BAD_SIGNATURE);
      }
      if (await billing.eventSeen(event.id)) return;

      const subscriptionId = subscriptionIdOf(event);
      let userId = await accountOfEvent(event);
      // The ticket is taken before the re-fetch starts: that is the order the states are kept in.
      let ticket = userId && subscriptionId ? await billing.takeReadTicket(userId) : undefined;
      const subscription = subscriptionId
        ? await callStripe('read subscription for a webhook', () => stripe.subscriptions.retrieve(subscriptionId))
        : undefined;
      if (!userId && subscription) {
        userId = await accountOfSubscription(subscription);
        if (userId) ticket = await billing.takeReadTicket(userId);
      }
      const state: SubscriptionState | undefined = subscription && stateOfSubscription(subscription, prices);
      const now = clock.now().toISOString();

      const outcome = await billing.transact(async (trx) => {
        if (!(await billing.recordEvent(trx, event.id, event.type, now))) return 'duplicate';
        if (!userId || !state || ticket === undefined) return 'recorded';
        // A late event about a subscription the account has since replaced must not undo the new one.
        if (await billing.isSuperseded(trx, userId, state)) return 'superseded';
        // A delivery whose re-fetch started later has already written a newer state.
        if (!(await billing.applyState(trx, userId, state, { ticket, now }))) return 'stale';
        return 'applied';
      });
      if (outcome === 'duplicate') return;
      if (outcome === 'applied' && userId) onPlanChanged(userId);
      logger.info(
        {
          event: event.type,
          eventId: event.id,
          userId,
          status: state?.status,
          superseded: outcome === 'superseded',
          stale: outcome === 'stale',
        },
        'stripe event applied',
      );

      if (event.type === 'invoice.payment_failed' && userId && outcome !== 'superseded') {
        const account = await billing.account(userId);
        if (account?.email) sendInBackground(mailer, logger, { to: account.email, ...paymentFailedMail() });
      }
    },
  };
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
