import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /api/user`: the account as stored, with an e-mail change waiting for confirmation. */
export function getProfile(): Promise<UserProfile> {
  return apiRequest<{ user: UserProfile }>('/user', { auth: true, fallback: 'Error updating user info' }).then(
    (data) => data.user,
  );
}

export function useProfile() {
  return useQuery({ queryKey: ownerKeys.profile(), queryFn: getProfile });
}
