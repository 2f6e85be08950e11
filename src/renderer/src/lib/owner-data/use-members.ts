import { useQuery } from '@tanstack/react-query';
import type { MembersResponse } from '../../../../shared/api';
import { apiRequest } from '../api-client';
import { useCan } from '../workspace/use-permission';
import { ownerKeys } from './query-keys';

/**
 * `GET /api/workspace/members`: the team, owners first, and (to owners and admins) the open
 * invitations. Asked only by a role that may read the team: a viewer's would be a 403.
 */
export function getMembers(): Promise<MembersResponse> {
  return apiRequest<MembersResponse>('/workspace/members', { auth: true, fallback: 'Failed to load the team' });
}

export function useMembers() {
  const allowed = useCan('members.read');
  return useQuery({ queryKey: ownerKeys.members(), queryFn: getMembers, enabled: allowed });
}
