import { refreshSubscriptionStatus } from '../../../lib/owner-data/refresh-subscription-status';
import { useSubscriptionMutation } from './subscription-mutation';

/** "Refresh status" on the subscription panel. */
export function useRefreshSubscriptionStatus() {
  return useSubscriptionMutation(refreshSubscriptionStatus);
}
