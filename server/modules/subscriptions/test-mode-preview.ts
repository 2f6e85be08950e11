/**
 * Test mode's price of a plan change (docs/plans-and-billing.md, "Plan changes"), worked out the
 * way Stripe's invoice preview reports it for `proration_behavior: 'create_prorations'`: the unused
 * days of the old plan come back as a credit, the same days of the new plan are charged, and both
 * are added to the next invoice with the next month of the new plan. Nothing is ever charged in
 * test mode; the owner sees what Stripe would charge.
 */
import type { PlanChangeLine, PlanChangePreview } from '../../../src/shared/api';
import type { PlanId, PlanTable } from '../../../src/shared/plans';
import type { PaidPlanId } from '../../../src/shared/schemas';
import { DAY_MS } from '../../lib/time';
import { addOneMonth, type SubscriptionState } from '../plans/plans.service';

function oneMonthBefore(date: Date): Date {
  const previous = new Date(date.getTime());
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  return previous;
}

/** The preview of moving the test subscription `state` to `target` (or un-cancelling it) at `now`. */
export function testModePreview(
  plans: PlanTable,
  state: SubscriptionState,
  target: PaidPlanId,
  now: Date,
): PlanChangePreview {
  const end = new Date(state.periodEnd ?? addOneMonth(now).toISOString());
  const start = oneMonthBefore(end);
  // Prorated by whole days, a started day counting as left (the owner keeps today).
  const daysInPeriod = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  const daysLeft = Math.min(daysInPeriod, Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)));
  const share = (cents: number) => Math.round((cents * daysLeft) / daysInPeriod);
  const from = plans[state.plan];
  const to = plans[target];
  const line = (plan: PlanId, description: string, amount: number, proration: boolean, period: [Date, Date]) =>
    ({
      plan,
      description,
      amount,
      proration,
      periodStart: period[0].toISOString(),
      periodEnd: period[1].toISOString(),
    }) satisfies PlanChangeLine;
  const prorations =
    from.id === to.id || from.id === 'free'
      ? []
      : [
          line(from.id, `Unused time on ${from.name}`, -share(from.monthlyPriceCents), true, [now, end]),
          line(to.id, `Remaining time on ${to.name}`, share(to.monthlyPriceCents), true, [now, end]),
        ];
  const lines = [...prorations, line(to.id, to.name, to.monthlyPriceCents, false, [end, addOneMonth(end)])];
  const total = lines.reduce((sum, each) => sum + each.amount, 0);
  return {
    plan: to.id,
    currency: to.currency,
    // As Stripe: a credit larger than the invoice leaves nothing to pay (the rest is the account's).
    amountDue: Math.max(0, total),
    chargedAt: end.toISOString(),
    effectiveAt: now.toISOString(),
    lines,
    testMode: true,
  };
}
