import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembersResponse } from '../../../../../shared/api';
import type { TransferInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { WORKSPACES_QUERY_KEY } from '../../../lib/workspace/get-workspaces';
import { invalidateTeam } from './invalidate-team';

/**
 * `POST /api/workspace/transfer {accountId, currentPassword}`: the member becomes an owner and the
 * caller an admin. Answers the team as it is now.
 */
export function transferOwnership(input: TransferInput): Promise<MembersResponse> {
  return apiRequest('/workspace/transfer', {
    method: 'POST',
    body: input,
    auth: true,
    fallback: 'Failed to transfer ownership',
  });
}

/** The caller's role changes with it: the list of workspaces (which holds the role) is read again. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOwnership,
    onSuccess: async (team) => {
      queryClient.setQueryData(ownerKeys.members(), team);
      await Promise.all([
        invalidateTeam(queryClient),
        queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
      ]);
    },
  });
}
