import type { LimitsSummary } from '../../../../../shared/api';

/** Spec §8, post limit reached: the widget limit's wording, for posts. */
export function postLimitMessage({ maxPosts, plan }: Pick<LimitsSummary, 'maxPosts' | 'plan'>): string {
  return `You've reached the maximum number of posts (${maxPosts ?? 'unlimited'}) for your ${plan} plan.`;
}
