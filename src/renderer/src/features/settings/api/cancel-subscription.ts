import type { SubscriptionInfo } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { useSubscriptionMutation } from './subscription-mutation';

/** `POST /api/subscription/cancel-subscription`: always at the end of the paid period. */
export function cancelSubscription(): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/cancel-subscription', {
    method: 'POST',
    body: { cancelAtPeriodEnd: true },
    auth: true,
    fallback: 'Failed to cancel subscription',
  });
}

export function useCancelSubscription() {
  return useSubscriptionMutation(cancelSubscription);
}
