import type { FeedbackSummary, LimitsSummary } from '../../../../../shared/api';
import { PLAN_IDS, type PlanId } from '../../../../../shared/plans';
// Type only: the schemas module brings zod, which the dashboard otherwise never loads.
import type { PaidPlanId } from '../../../../../shared/schemas';

/** A limit counts as "near" from this share of it on (4 of 5 widgets, 8 of 10 posts). */
export const NEAR_LIMIT_SHARE = 0.8;

export type UpgradeReason =
  | { kind: 'widgets'; used: number; max: number; reached: boolean }
  | { kind: 'posts'; used: number; max: number; reached: boolean; period: LimitsSummary['postPeriod'] }
  | { kind: 'feedback'; hidden: number; max: number | null; scope: FeedbackSummary['feedbackScope'] };

export interface UpgradeOffer {
  currentPlan: PlanId;
  /** The plan whose checkout the card starts. */
  plan: PaidPlanId;
  reasons: UpgradeReason[];
  /** True when a limit is reached (not only near). */
  reached: boolean;
}

function isPaidPlan(plan: PlanId | null): plan is PaidPlanId {
  return plan !== null && plan !== 'free';
}

function nearOrReached(used: number, max: number, canCreate: boolean) {
  const reached = !canCreate;
  return { reached, show: reached || used >= max * NEAR_LIMIT_SHARE };
}

/**
 * Whether the dashboard offers an upgrade (docs/product.md §4), and to which plan: when the widget or post
 * limit is reached or near (80 %), or feedback is hidden by the monthly cap, and a plan above
 * allows more. With several reasons it offers the highest suggested plan, the one that lifts them
 * all. Null: no card.
 */
export function upgradeOffer(limits?: LimitsSummary, feedback?: FeedbackSummary): UpgradeOffer | null {
  const reasons: UpgradeReason[] = [];
  const plans: PlanId[] = [];
  if (limits?.maxWidgets != null && isPaidPlan(limits.widgetSuggestedPlan)) {
    const state = nearOrReached(limits.widgetCount, limits.maxWidgets, limits.canCreateWidget);
    if (state.show) {
      reasons.push({ kind: 'widgets', used: limits.widgetCount, max: limits.maxWidgets, reached: state.reached });
      plans.push(limits.widgetSuggestedPlan);
    }
  }
  if (limits?.maxPosts != null && isPaidPlan(limits.postSuggestedPlan)) {
    const state = nearOrReached(limits.postCount, limits.maxPosts, limits.canCreatePost);
    if (state.show) {
      const { postCount: used, maxPosts: max, postPeriod: period } = limits;
      reasons.push({ kind: 'posts', used, max, reached: state.reached, period });
      plans.push(limits.postSuggestedPlan);
    }
  }
  if (feedback && feedback.hiddenFeedbackCount > 0 && isPaidPlan(feedback.suggestedPlan)) {
    const { hiddenFeedbackCount: hidden, maxVisibleFeedbackPerMonth: max, feedbackScope: scope } = feedback;
    reasons.push({ kind: 'feedback', hidden, max, scope });
    plans.push(feedback.suggestedPlan);
  }
  const plan = plans.sort((a, b) => PLAN_IDS.indexOf(b) - PLAN_IDS.indexOf(a))[0];
  if (!plan || !isPaidPlan(plan)) return null;
  return {
    currentPlan: limits?.plan ?? feedback?.plan ?? 'free',
    plan,
    reasons,
    reached: reasons.some((reason) => reason.kind === 'feedback' || reason.reached),
  };
}
