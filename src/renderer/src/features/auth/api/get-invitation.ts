import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/public/invitation?token=…`: the workspace, the role and the address an invitation's
 * link is for, before anyone signs in. 400 with the server's reason when it is no longer valid.
 */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest('/public/invitation', { query: { token }, fallback: 'Failed to load the invitation' });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['public', 'invitation', token],
    queryFn: () => getInvitation(token ?? ''),
    enabled: token !== null,
    // An invalid link stays invalid: asking again only delays saying so.
    retry: false,
  });
}
