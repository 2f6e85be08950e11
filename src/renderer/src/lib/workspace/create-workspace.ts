import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceResponse, WorkspaceSummary } from '../../../../shared/api';
import type { WorkspaceInput } from '../../../../shared/schemas';
import { apiRequest } from '../api-client';
import { WORKSPACES_QUERY_KEY } from './get-workspaces';

/** `POST /api/workspaces {name}`: a new workspace on the free plan, owned by the account. */
export function createWorkspace(input: WorkspaceInput): Promise<WorkspaceResponse> {
  return apiRequest('/workspaces', { method: 'POST', body: input, auth: true, fallback: 'Failed to create workspace' });
}

const byName = (a: WorkspaceSummary, b: WorkspaceSummary) => a.name.localeCompare(b.name);

/** Creates a workspace and puts it in the list at once, so switching to it finds it there. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: ({ workspace }) => {
      queryClient.setQueryData<WorkspaceSummary[]>(WORKSPACES_QUERY_KEY, (list = []) =>
        [...list.filter((item) => item._id !== workspace._id), workspace].sort(byName),
      );
      void queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
    },
  });
}
