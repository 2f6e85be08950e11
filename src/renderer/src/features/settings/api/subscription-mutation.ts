import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionInfo } from '../../../../../shared/api';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { toSubscriptionStatus } from '../../../lib/session';
import { setSubscription } from '../../../stores/session-store';

/**
 * A mutation whose answer is the new subscription: it goes straight into the session, and every
 * owner query refetches, since the plan decides the limits the other screens show.
 */
export function useSubscriptionMutation<TInput = void>(request: (input: TInput) => Promise<SubscriptionInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (info) => {
      setSubscription(toSubscriptionStatus(info));
      return queryClient.invalidateQueries({ queryKey: ownerKeys.all });
    },
  });
}
