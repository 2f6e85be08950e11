import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '../../../../../shared/api';
import type { UpdateUserInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `PUT /api/user {username, email}`: a new address waits in `pendingEmail` until confirmed. */
export function updateProfile(input: UpdateUserInput): Promise<{ user: UserProfile }> {
  return apiRequest('/user', { method: 'PUT', body: input, auth: true, fallback: 'Error updating user info' });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(ownerKeys.profile(), user),
  });
}
