import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '../../../../../shared/api';
import type { AssignableRole } from '../../../../../shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTeam } from './invalidate-team';

/** `PUT /api/workspace/members/:accountId {role}`. 409 for the last owner. */
export function changeMemberRole(accountId: string, role: AssignableRole): Promise<{ member: Member }> {
  return apiRequest(`/workspace/members/${encodeURIComponent(accountId)}`, {
    method: 'PUT',
    body: { role },
    auth: true,
    fallback: "Failed to change the member's role",
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: string; role: AssignableRole }) => changeMemberRole(accountId, role),
    onSettled: () => invalidateTeam(queryClient),
  });
}
