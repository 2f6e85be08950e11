import type { SubscriptionInfo } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { useSubscriptionMutation } from './subscription-mutation';

/** `POST /api/subscription/reactivate`: undoes a cancellation before the period ends. */
export function reactivateSubscription(): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/reactivate', {
    method: 'POST',
    auth: true,
    fallback: 'Failed to update subscription',
  });
}

export function useReactivateSubscription() {
  return useSubscriptionMutation(reactivateSubscription);
}
