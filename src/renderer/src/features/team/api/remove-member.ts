import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTeam } from './invalidate-team';

/**
 * `DELETE /api/workspace/members/:accountId`: removes a member, or (the account's own id) leaves the
 * workspace. 409 for the last owner. What was assigned to them is unassigned.
 */
export function removeMember(accountId: string): Promise<MessageResponse> {
  return apiRequest(`/workspace/members/${encodeURIComponent(accountId)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Failed to remove the member',
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => invalidateTeam(queryClient) });
}
