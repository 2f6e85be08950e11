import type { LimitsSummary } from '../../../../../shared/api';
import { DEFAULT_PLANS, limitReachedMessage } from '../../../../../shared/plans';

/** Spec §8, post limit reached: the widget limit's wording, for posts. */
export function postLimitMessage({ maxPosts, plan }: Pick<LimitsSummary, 'maxPosts' | 'plan'>): string {
  return limitReachedMessage('posts', maxPosts, DEFAULT_PLANS[plan]);
}
