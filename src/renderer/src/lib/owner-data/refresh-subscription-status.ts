import type { SubscriptionInfo } from '../../../../shared/api';
import { apiRequest } from '../api-client';

/**
 * `POST /api/subscription/refresh`: asks the card provider for the current plan (after a payment,
 * or "Refresh status"); answers as `GET /user/subscription` does.
 */
export function refreshSubscriptionStatus(): Promise<SubscriptionInfo> {
  return apiRequest('/subscription/refresh', {
    method: 'POST',
    auth: true,
    fallback: 'Failed to fetch subscription status',
  });
}
