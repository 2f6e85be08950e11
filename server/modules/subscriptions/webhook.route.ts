import express, { type RequestHandler } from 'express';
import type { StripeWebhook } from './stripe-webhook';

/** Stripe's events are small; a larger body is refused before its signature is even read (P-15). */
export const WEBHOOK_BODY_LIMIT = '1mb';

/** `POST /api/subscription/webhook`: the raw body and the signature header go to the handler. */
export function createWebhookRoute(webhook: StripeWebhook): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await webhook.handle(body, req.headers['stripe-signature'] as string | undefined);
      res.json({ received: true });
    },
  ];
}
