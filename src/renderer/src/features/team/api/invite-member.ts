import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '../../../../../shared/api';
import type { InvitationInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTeam } from './invalidate-team';

/**
 * `POST /api/workspace/invitations {email, role}`: mails a link to join. 403 past the plan's seats
 * (the message says which plan has more), 409 for someone already in the team.
 */
export function inviteMember(input: InvitationInput): Promise<{ invitation: Invitation }> {
  return apiRequest('/workspace/invitations', {
    method: 'POST',
    body: input,
    auth: true,
    fallback: 'Failed to send the invitation',
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => invalidateTeam(queryClient) });
}
