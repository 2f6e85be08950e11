import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTeam } from './invalidate-team';

/** `DELETE /api/workspace/invitations/:id`: its link stops working, and its seat is free again. */
export function withdrawInvitation(invitationId: string): Promise<MessageResponse> {
  return apiRequest(`/workspace/invitations/${encodeURIComponent(invitationId)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Failed to withdraw the invitation',
  });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawInvitation, onSuccess: () => invalidateTeam(queryClient) });
}
