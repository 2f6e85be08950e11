import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `DELETE /api/user/:id`: the account, everything it owns and any paid subscription. */
export function deleteAccount(id: string): Promise<unknown> {
  return apiRequest(`/user/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Error during user deletion',
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
