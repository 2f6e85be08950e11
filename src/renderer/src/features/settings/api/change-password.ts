import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/change-password`: every other session ends; the answer holds a fresh token. */
export function changePassword(input: ChangePasswordInput): Promise<{ user: { token: string } }> {
  return apiRequest('/user/change-password', {
    method: 'POST',
    body: input,
    auth: true,
    fallback: 'Error updating user info',
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
