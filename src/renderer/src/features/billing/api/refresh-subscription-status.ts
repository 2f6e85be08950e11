import type { SubscriptionInfo } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/subscription/refresh`: asks the card provider for the plan just paid for. */
export function refreshSubscriptionStatus(): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/refresh', {
    method: 'POST',
    auth: true,
    fallback: 'Failed to fetch subscription status',
  });
}
