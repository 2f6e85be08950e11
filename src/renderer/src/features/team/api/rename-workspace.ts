import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceResponse, WorkspaceSummary } from '../../../../../shared/api';
import type { WorkspaceInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { WORKSPACES_QUERY_KEY } from '../../../lib/workspace/get-workspaces';

/** `PUT /api/workspace {name}`: renames the workspace on screen. */
export function renameWorkspace(input: WorkspaceInput): Promise<WorkspaceResponse> {
  return apiRequest('/workspace', {
    method: 'PUT',
    body: input,
    auth: true,
    fallback: 'Failed to rename the workspace',
  });
}

/** The new name shows at once in the switcher, and the list is read again (its order is by name). */
export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameWorkspace,
    onSuccess: async ({ workspace }) => {
      queryClient.setQueryData<WorkspaceSummary[]>(WORKSPACES_QUERY_KEY, (list) =>
        list?.map((item) => (item._id === workspace._id ? { ...item, name: workspace.name } : item)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ownerKeys.activity() }),
      ]);
    },
  });
}
