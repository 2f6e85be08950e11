import type { MessageResponse } from '../../../../../shared/api';
import type { DeleteWorkspaceInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * `DELETE /api/workspace {currentPassword}`: the workspace and everything in it, its subscription
 * cancelled first (502, and nothing deleted, when the payment provider fails). Its members keep
 * their accounts and their other workspaces.
 */
export function deleteWorkspace(input: DeleteWorkspaceInput): Promise<MessageResponse> {
  return apiRequest('/workspace', {
    method: 'DELETE',
    body: input,
    auth: true,
    fallback: 'Failed to delete the workspace',
  });
}
