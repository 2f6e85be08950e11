import type { LimitsSummary } from '../../../../../shared/api';
import { DEFAULT_PLANS, limitReachedMessage, type PlanId } from '../../../../../shared/plans';

/** A plan's display name ("Free", "Pro", "Premium") from the one plan table. */
export function planName(plan: PlanId): string {
  return DEFAULT_PLANS[plan].name;
}

/**
 * The usage line of spec §2, 'N of max widgets used (plan plan)', e.g. "1 of 1 widgets used
 * (Free plan)". An unlimited limit (null on the wire) reads "Unlimited": "3 of Unlimited widgets
 * used (Premium plan)". The installations of a widget use the same form.
 */
export function usageText(things: 'widgets' | 'installations', used: number, max: number | null, plan: PlanId) {
  return `${used} of ${max ?? 'Unlimited'} ${things} used (${planName(plan)} plan)`;
}

export function widgetUsageText({ plan, maxWidgets, widgetCount }: LimitsSummary): string {
  return usageText('widgets', widgetCount, maxWidgets, plan);
}

/** The description of the "Limit reached" toast (spec §8). */
export function widgetLimitText({ plan, maxWidgets }: Pick<LimitsSummary, 'plan' | 'maxWidgets'>): string {
  return limitReachedMessage('widgets', maxWidgets, DEFAULT_PLANS[plan]);
}
