/**
 * The test-mode checkout page (decisions §7): a plain server-rendered page, clearly labelled
 * "Test mode — no charge", whose Confirm posts a form (no script, so the console's CSP holds).
 */
import type { RequestHandler } from 'express';
import { DEFAULT_PLANS, type PlanId, type PlanTable } from '../../../src/shared/plans';
import type { SubscriptionsService } from './subscriptions.service';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Tellbox</title><style>
body{font-family:system-ui,sans-serif;background:#f5f7fb;color:#111;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;max-width:420px;width:calc(100% - 32px)}
.badge{display:inline-block;background:#fff4d6;color:#7a5200;border:1px solid #f0c36d;border-radius:999px;padding:4px 12px;font-weight:600;font-size:14px}
h1{font-size:22px;margin:16px 0 4px}.price{font-size:28px;font-weight:700;margin:8px 0}
ul{padding-left:20px;color:#333}.actions{display:flex;gap:12px;margin-top:24px;flex-wrap:wrap}
button,a.cancel{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #1f5fd1;cursor:pointer;text-decoration:none}
button{background:#1f5fd1;color:#fff}a.cancel{color:#1f5fd1;background:#fff}
button:focus-visible,a.cancel:focus-visible{outline:3px solid #111;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
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
            '<h1>This checkout is no longer open</h1><p><a href="/settings">Back to your settings</a></p>',
          ),
        );
      return;
    }
    const plan = plans[session.plan as PlanId];
    const features = deps
      .featuresOf(plan.id)
      .map((feature) => `<li>${escapeHtml(feature)}</li>`)
      .join('');
    const action = `/api/subscription/test-checkout/${encodeURIComponent(session.id)}/complete`;
    res.type('html').send(
      page(
        'Test checkout',
        `<span class="badge" role="note">Test mode — no charge</span>
<h1>${escapeHtml(plan.name)} plan</h1><p class="price">${escapeHtml(plan.priceText)}<small>/month</small></p>
<ul>${features}</ul>
<p>This Tellbox runs without a payment provider: confirming starts the plan for one month and charges nothing.</p>
<form method="post" action="${escapeHtml(action)}" class="actions"><button type="submit">Confirm</button><a class="cancel" href="/payment-canceled">Cancel</a></form>`,
      ),
    );
  };
}
