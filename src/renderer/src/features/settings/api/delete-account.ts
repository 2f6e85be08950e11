import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `DELETE /api/user/:id {currentPassword}`: the account, everything it owns and any paid subscription. */
export function deleteAccount({ id, ...input }: DeleteAccountInput & { id: string }): Promise<unknown> {
  return apiRequest(`/user/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: input,
    auth: true,
    fallback: 'Error during user deletion',
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
