import type { SubscriptionInfo } from '../../../../../shared/api';
import type { PlanId } from '../../../../../shared/plans';
import { apiRequest } from '../../../lib/api-client';
import { useSubscriptionMutation } from './subscription-mutation';

/**
 * `POST /api/subscription/change {plan}`: another paid plan at once (prorated, and no longer
 * cancelled), or free at the end of the period.
 */
export function changePlan(plan: PlanId): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/change', {
    method: 'POST',
    body: { plan },
    auth: true,
    fallback: 'Failed to update subscription',
  });
}

export function useChangePlan() {
  return useSubscriptionMutation(changePlan);
}
