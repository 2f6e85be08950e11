/**
 * The plan table (docs/plans-and-billing.md, "Plans", reading A) and pure helpers over it. The landing page, settings,
 * the FAQ and the server all read plans from here; a self-hosting admin may hand the server a
 * different table of the same shape. `null` means unlimited, on the wire too (docs/api-conventions.md).
 */

import { formatMoney } from './money';

export const PLAN_IDS = ['free', 'pro', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  maxWidgets: number | null;
  /** Feedback shown per calendar month; the rest is stored and hidden, never dropped. */
  visibleFeedbackPerMonth: number | null;
  /** Whether the monthly feedback cap counts the whole account or each widget. */
  feedbackScope: 'account' | 'widget';
  maxPosts: number | null;
  /** Whether the post cap counts posts created this calendar month or all posts. */
  postPeriod: 'month' | 'total';
  /** Site hosts a widget may run on; registered automatically up to this number. */
  maxInstallationsPerWidget: number | null;
  /** Webhooks, Slack and Discord endpoints for new feedback and published posts. */
  webhooks: boolean;
  /** People in a workspace, owners included; pending invitations hold a seat. */
  maxMembers: number | null;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** The monthly price in the currency's minor unit (cents for USD); shown with `formatMoney` (money.ts). */
  monthlyPriceCents: number;
  /** ISO 4217, e.g. `USD`: the currency of the price, and of what the plan-change dialog says. */
  currency: string;
  description: string;
  popular: boolean;
  limits: PlanLimits;
}

export type PlanTable = Record<PlanId, Plan>;

/** `GET /api/public/plans`: the table the server enforces, in PLAN_IDS order, with feature lists. */
export interface PlanListResponse {
  plans: (Plan & { features: string[] })[];
}

export const DEFAULT_PLANS: PlanTable = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    currency: 'USD',
    description: 'Everything you need to try Tellbox on one site.',
    popular: false,
    limits: {
      maxWidgets: 1,
      visibleFeedbackPerMonth: 50,
      feedbackScope: 'account',
      maxPosts: 1,
      postPeriod: 'month',
      maxInstallationsPerWidget: 1,
      webhooks: false,
      maxMembers: 2,
    },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPriceCents: 799,
    currency: 'USD',
    description: 'For growing sites that hear from many visitors.',
    popular: true,
    limits: {
      maxWidgets: 5,
      visibleFeedbackPerMonth: 500,
      feedbackScope: 'widget',
      maxPosts: 10,
      postPeriod: 'total',
      maxInstallationsPerWidget: 3,
      webhooks: true,
      maxMembers: 10,
    },
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    monthlyPriceCents: 1399,
    currency: 'USD',
    description: 'No limits, for teams and agencies running many sites.',
    popular: false,
    limits: {
      maxWidgets: null,
      visibleFeedbackPerMonth: null,
      feedbackScope: 'widget',
      maxPosts: null,
      postPeriod: 'total',
      maxInstallationsPerWidget: null,
      webhooks: true,
      maxMembers: null,
    },
  },
};

/** The plan's monthly price as every screen writes it, e.g. `$7.99` and `$0` for en-US (money.ts). */
export function planPrice(plan: Pick<Plan, 'monthlyPriceCents' | 'currency'>, locale?: string): string {
  return formatMoney(plan.monthlyPriceCents, plan.currency, locale, { trimWhole: true });
}

/** True while `count` things may still grow by one under `max` (null: unlimited). */
export function isBelowLimit(max: number | null, count: number): boolean {
  return max === null || count < max;
}

/** True when limit `a` allows more than limit `b`. */
function allowsMore(a: number | null, b: number | null): boolean {
  if (b === null) return false;
  return a === null || a > b;
}

/**
 * The cheapest plan above `current` whose limit (as read by `limitOf`) allows more, or null when
 * none does. Drives the "upgrade to" suggestions of the limits and feedback summaries.
 */
export function suggestedPlanFor(
  plans: PlanTable,
  current: PlanId,
  limitOf: (limits: PlanLimits) => number | null,
): PlanId | null {
  const currentLimit = limitOf(plans[current].limits);
  const higher = PLAN_IDS.slice(PLAN_IDS.indexOf(current) + 1);
  return higher.find((id) => allowsMore(limitOf(plans[id].limits), currentLimit)) ?? null;
}

function countText(max: number | null, one: string, many: string, prefix = 'Up to '): string {
  if (max === null) return `Unlimited ${many}`;
  if (max === 1) return `1 ${one}`;
  return `${prefix}${max} ${many}`;
}

/** The plan-card line of `limits.webhooks`. */
export const WEBHOOKS_FEATURE = 'Webhooks, Slack and Discord';

/** The feature list a plan card shows, derived from the limits so it can never disagree. */
export function planFeatures(plan: Plan): string[] {
  const { limits } = plan;
  const feedbackUnit = limits.feedbackScope === 'widget' ? ' per widget' : '';
  const feedback =
    limits.visibleFeedbackPerMonth === null
      ? 'Unlimited feedback'
      : `${limits.visibleFeedbackPerMonth} feedback entries${feedbackUnit} per month`;
  const postPeriod = limits.postPeriod === 'month' ? ' per month' : '';
  const installations =
    limits.maxInstallationsPerWidget === 1
      ? '1 installation (registered automatically)'
      : countText(limits.maxInstallationsPerWidget, 'installation', 'installations per widget');
  return [
    countText(limits.maxWidgets, 'widget', 'widgets'),
    feedback,
    `${countText(limits.maxPosts, 'news post', 'news posts')}${limits.maxPosts === null ? '' : postPeriod}`,
    installations,
    countText(limits.maxMembers, 'team member', 'team members'),
    // A plan without webhooks says nothing of them: the line is what the better plans add.
    ...(limits.webhooks ? [WEBHOOKS_FEATURE] : []),
  ];
}

/** The 403 of an invitation past the plan's seats, saying how to get more. */
export function seatLimitMessage(plan: Pick<Plan, 'name' | 'limits'>, upgradeTo: Pick<Plan, 'name'> | null): string {
  const seats = `Your ${plan.name} plan has room for ${plan.limits.maxMembers ?? 'unlimited'} members, invitations included.`;
  return upgradeTo ? `${seats} Upgrade to ${upgradeTo.name} to invite more.` : seats;
}

/**
 * The limit-reached message (docs/product.md §8: "You've reached the maximum number of widgets (N) for your
 * {plan} plan."), the same in the API's 403 and in the console's toast.
 */
export function limitReachedMessage(things: 'widgets' | 'posts', max: number | null, plan: Pick<Plan, 'name'>): string {
  return `You've reached the maximum number of ${things} (${max ?? 'unlimited'}) for your ${plan.name} plan.`;
}
