import { Router } from 'express';
import { cancelSubscriptionInputSchema, changePlanInputSchema, checkoutInputSchema } from '../../../src/shared/schemas';
import { currentWorkspace } from '../workspaces/workspaces.service';
import { notFound } from '../../lib/errors';
import { RATE_LIMIT_RULES, type RateLimiterFactory } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import type { SubscriptionsService } from './subscriptions.service';

/** `/api/subscription/*` for the logged-in owner. Mounted behind `requireAuth`. */
export function createSubscriptionsRouter(subscriptions: SubscriptionsService, limiter: RateLimiterFactory) {
  const router = Router();

  router.get('/user/subscription', async (_req, res) => {
    res.json(await subscriptions.status(currentWorkspace(res)));
  });

  // Each session is a Stripe API call (or a test-mode session row): limited per account.
  router.post('/subscription/checkout-session', limiter(RATE_LIMIT_RULES.checkoutPerAccount), async (req, res) => {
    const { plan } = parseBody(checkoutInputSchema, req);
    res.json(await subscriptions.checkout(currentWorkspace(res), plan));
  });

  router.post('/subscription/cancel-subscription', async (req, res) => {
    parseBody(cancelSubscriptionInputSchema, req);
    res.json(await subscriptions.cancel(currentWorkspace(res)));
  });

  router.post('/subscription/reactivate', async (_req, res) => {
    res.json(await subscriptions.reactivate(currentWorkspace(res)));
  });

  router.post('/subscription/change', async (req, res) => {
    const { plan } = parseBody(changePlanInputSchema, req);
    res.json(await subscriptions.changePlan(currentWorkspace(res), plan));
  });

  // Each preview may be a Stripe API call: limited per account.
  router.post('/subscription/preview', limiter(RATE_LIMIT_RULES.planPreviewsPerAccount), async (req, res) => {
    const { plan } = parseBody(changePlanInputSchema, req);
    res.json(await subscriptions.preview(currentWorkspace(res), plan));
  });

  router.post('/subscription/refresh', async (_req, res) => {
    res.json(await subscriptions.refresh(currentWorkspace(res)));
  });

  return router;
}

/** Test mode's Confirm: the session id is the capability, as with a hosted checkout page. */
export function createTestCheckoutCompletionRouter(subscriptions: SubscriptionsService) {
  const router = Router();
  router.post('/subscription/test-checkout/:sessionId/complete', async (req, res) => {
    const { url } = await subscriptions.completeTestCheckout(req.params.sessionId);
    // The test checkout page posts a plain form; scripts get JSON.
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, url);
    else res.json({ url });
  });
  // With Stripe the app answers the webhook before this router; without it there is no webhook:
  // 404, rather than the 401 the authenticated routes below would give.
  router.post('/subscription/webhook', () => {
    throw notFound();
  });
  return router;
}
