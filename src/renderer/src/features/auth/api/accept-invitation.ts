import type { WorkspaceResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/invitations/accept {token}`: joins the invited workspace, which becomes the account's
 * default. 403 (with the reason) for an account whose confirmed address is not the invited one.
 */
export function acceptInvitation(token: string): Promise<WorkspaceResponse> {
  return apiRequest('/invitations/accept', {
    method: 'POST',
    body: { token },
    auth: true,
    fallback: 'Failed to join the workspace',
  });
}
