import type { SubscriptionInfo } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { useSubscriptionMutation } from './subscription-mutation';

/** `POST /api/subscription/refresh`: asks the card provider again ("Refresh status"). */
export function refreshSubscriptionStatus(): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/refresh', {
    method: 'POST',
    auth: true,
    fallback: 'Failed to fetch subscription status',
  });
}

export function useRefreshSubscriptionStatus() {
  return useSubscriptionMutation(refreshSubscriptionStatus);
}
