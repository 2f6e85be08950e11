/**
 * The test-mode checkout page (docs/plans-and-billing.md, "Billing"): a plain server-rendered page, clearly labelled
 * "Test mode — no charge", whose Confirm posts a form (no script, so the console's CSP holds).
 */
import type { RequestHandler } from 'express';
import { DEFAULT_PLANS, planPrice, type PlanId, type PlanTable } from '../../../src/shared/plans';
import type { SubscriptionsService } from './subscriptions.service';
import { TEST_CHECKOUT_CSS } from './test-checkout.css';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Tellbox</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${TEST_CHECKOUT_CSS}</style></head><body><div class="page"><p class="brand"><img src="/favicon.svg" alt="" width="28" height="28">Tellbox <span>Checkout</span></p><main>${body}</main></div></body></html>`;
}

/** `GET /test-checkout/:sessionId`. */
export function createTestCheckoutPage(deps: {
  subscriptions: Pick<SubscriptionsService, 'openTestCheckout'>;
  plans?: PlanTable;
  featuresOf: (plan: PlanId) => string[];
}): RequestHandler {
  const plans = deps.plans ?? DEFAULT_PLANS;
  return async (req, res) => {
    const session = await deps.subscriptions.openTestCheckout(String(req.params.sessionId));
    res.set('Cache-Control', 'no-store');
    if (!session) {
      res
        .status(404)
        .type('html')
        .send(
          page(
            'Checkout not found',
            '<h1>This checkout is no longer open</h1><p><a href="/settings/billing">Back to your plan</a></p>',
          ),
        );
      return;
    }
    const plan = plans[session.plan as PlanId];
    // Written as the console writes it for this reader: their browser's first language.
    const price = planPrice(plan, req.acceptsLanguages()[0]);
    const features = deps
      .featuresOf(plan.id)
      .map((feature) => `<li>${escapeHtml(feature)}</li>`)
      .join('');
    const action = `/api/subscription/test-checkout/${encodeURIComponent(session.id)}/complete`;
    res.type('html').send(
      page(
        'Test checkout',
        `<p class="notice" role="note"><strong>Test mode — no charge</strong>No card is charged: this Tellbox runs without a payment provider.</p>
<h1>${escapeHtml(plan.name)} plan</h1><p class="price"><strong>${escapeHtml(price)}</strong><span>/month</span></p>
<p class="muted">${escapeHtml(plan.description)}</p>
<ul aria-label="${escapeHtml(plan.name)} plan includes">${features}</ul>
<p class="muted">Confirming starts the plan for one month, free of charge; Cancel leaves your plan as it is.</p>
<form method="post" action="${escapeHtml(action)}" class="actions"><button type="submit">Confirm</button><a class="cancel" href="/payment-canceled">Cancel</a></form>`,
      ),
    );
  };
}
