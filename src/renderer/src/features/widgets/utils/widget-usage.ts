import type { LimitsSummary } from '../../../../../shared/api';
import { limitReachedMessage, type Plan, type PlanTable } from '../../../../../shared/plans';

/**
 * The usage line of docs/product.md §2, 'N of max widgets used (plan plan)', e.g. "1 of 1 widgets used
 * (Free plan)". An unlimited limit (null on the wire) reads "Unlimited": "3 of Unlimited widgets
 * used (Premium plan)". The installations of a widget use the same form.
 */
export function usageText(
  things: 'widgets' | 'installations',
  used: number,
  max: number | null,
  plan: Pick<Plan, 'name'>,
): string {
  return `${used} of ${max ?? 'Unlimited'} ${things} used (${plan.name} plan)`;
}

/** The usage line of /widgets, with the plan's name in `plans` (the server's table). */
export function widgetUsageText({ plan, maxWidgets, widgetCount }: LimitsSummary, plans: PlanTable): string {
  return usageText('widgets', widgetCount, maxWidgets, plans[plan]);
}

/** The description of the "Limit reached" toast (docs/product.md §8). */
export function widgetLimitText(
  { plan, maxWidgets }: Pick<LimitsSummary, 'plan' | 'maxWidgets'>,
  plans: PlanTable,
): string {
  return limitReachedMessage('widgets', maxWidgets, plans[plan]);
}
