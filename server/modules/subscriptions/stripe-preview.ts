/**
 * Stripe's price of a plan change: the upcoming invoice previewed with the change applied
 * (`POST /v1/invoices/create_preview`), read into a `PlanChangePreview`. Stripe's invoice objects
 * are read here and nowhere else.
 */
import type Stripe from 'stripe';
import type { PlanChangeLine, PlanChangePreview } from '../../../src/shared/api';
import type { PlanId } from '../../../src/shared/plans';
import type { PaidPlanId } from '../../../src/shared/schemas';

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function planOfPrice(price: string | { id: string } | undefined, prices: Record<PaidPlanId, string>): PlanId | null {
  const id = typeof price === 'string' ? price : price?.id;
  if (id === prices.pro) return 'pro';
  if (id === prices.premium) return 'premium';
  return null;
}

function lineOf(line: Stripe.InvoiceLineItem, prices: Record<PaidPlanId, string>): PlanChangeLine {
  const details = line.parent?.subscription_item_details ?? line.parent?.invoice_item_details;
  return {
    plan: planOfPrice(line.pricing?.price_details?.price, prices),
    description: line.description ?? '',
    amount: line.amount,
    proration: details?.proration ?? false,
    periodStart: isoOf(line.period.start),
    periodEnd: isoOf(line.period.end),
  };
}

/**
 * The parameters that preview moving `subscription` to `plan`'s Price, prorated from `now` (or,
 * on the same Price, only un-cancelling it). The update that follows asks for the same.
 */
export function previewParams(
  subscription: Stripe.Subscription,
  price: string,
  now: Date,
): Stripe.InvoiceCreatePreviewParams {
  const item = subscription.items.data[0];
  const changesPrice = item !== undefined && item.price.id !== price;
  return {
    subscription: subscription.id,
    subscription_details: {
      cancel_at_period_end: false,
      ...(changesPrice && {
        items: [{ id: item.id, price }],
        proration_behavior: 'create_prorations',
        proration_date: Math.floor(now.getTime() / 1000),
      }),
    },
  };
}

/** Reads Stripe's preview invoice: what is due, when, and each line, prorations marked. */
export function previewOfInvoice(
  invoice: Stripe.Invoice,
  plan: PaidPlanId,
  prices: Record<PaidPlanId, string>,
  subscription: Stripe.Subscription,
  now: Date,
): PlanChangePreview {
  const periodEnd = subscription.items.data[0]?.current_period_end ?? invoice.period_end;
  return {
    plan,
    currency: invoice.currency.toUpperCase(),
    amountDue: invoice.amount_due,
    chargedAt: isoOf(invoice.next_payment_attempt ?? periodEnd),
    effectiveAt: now.toISOString(),
    lines: invoice.lines.data.map((line) => lineOf(line, prices)),
    testMode: false,
  };
}
