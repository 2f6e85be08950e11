import type { LimitsSummary } from '../../../../../shared/api';
import { limitReachedMessage, type PlanTable } from '../../../../../shared/plans';

/** docs/product.md §8, post limit reached: the widget limit's wording, for posts, with the plan's name in `plans`. */
export function postLimitMessage(
  { maxPosts, plan }: Pick<LimitsSummary, 'maxPosts' | 'plan'>,
  plans: PlanTable,
): string {
  return limitReachedMessage('posts', maxPosts, plans[plan]);
}
