/**
 * Wires billing from configuration: Stripe when its four variables are set, else the built-in
 * test mode (docs/plans-and-billing.md, "Billing"). Both sit behind the same service.
 */
import type { Kysely } from 'kysely';
import { stripeSettingsOf, type Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import type { PlanTable } from '../../../src/shared/plans';
import { createBillingRepo } from '../plans/plans.service';
import { createStripeBilling, createStripeClient } from './stripe-billing';
import { createStripeCall } from './stripe-errors';
import { createStripeWebhook, type StripeWebhook } from './stripe-webhook';
import { createSubscriptionsService } from './subscriptions.service';
import { createTestModeBilling } from './test-mode-billing';

export function createBilling(deps: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  plans: PlanTable;
  onPlanChanged: (userId: string) => void;
}) {
  const { config, db, clock, mailer, logger, plans, onPlanChanged } = deps;
  const { publicUrl } = config;
  const billing = createBillingRepo(db);
  const settings = stripeSettingsOf(config);
  const stripe = settings && createStripeClient(settings);
  const callStripe = createStripeCall(logger);
  const provider =
    stripe && settings
      ? createStripeBilling({ stripe, settings, billing, publicUrl, callStripe, logger })
      : createTestModeBilling({ billing, clock, publicUrl, plans });
  const webhookSecret = config.stripe.webhookSecret;
  const webhook: StripeWebhook | undefined =
    stripe && settings && webhookSecret
      ? createStripeWebhook({
          stripe,
          webhookSecret,
          prices: settings.prices,
          billing,
          clock,
          mailer,
          logger,
          callStripe,
          onPlanChanged,
        })
      : undefined;
  return {
    subscriptions: createSubscriptionsService({ billing, provider, clock, publicUrl, plans, onPlanChanged }),
    webhook,
    /** Which billing runs here; every plan decision needs it (a test-mode plan renews only in test mode). */
    mode: provider.mode,
  };
}
