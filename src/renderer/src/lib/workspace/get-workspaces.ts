import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceListResponse, WorkspaceSummary } from '../../../../shared/api';
import { useSessionStore } from '../../stores/session-store';
import { apiRequest } from '../api-client';

/**
 * The account's workspaces: the account's own data, not a workspace's, so switching workspace
 * keeps it (workspace-data.ts resets everything under other keys).
 */
export const WORKSPACES_QUERY_KEY = ['account', 'workspaces'] as const;

/** `GET /api/workspaces`: every workspace the account is in, by name, with its role in each. */
export async function getWorkspaces(): Promise<WorkspaceSummary[]> {
  const { workspaces } = await apiRequest<WorkspaceListResponse>('/workspaces', {
    auth: true,
    fallback: 'Failed to load your workspaces',
  });
  return workspaces;
}

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: WORKSPACES_QUERY_KEY,
    queryFn: getWorkspaces,
    // A role changed or a removal elsewhere shows when the owner comes back to the window.
    refetchOnWindowFocus: true,
  });

export function useWorkspaces() {
  const signedIn = useSessionStore((state) => state.token !== null);
  return useQuery({ ...workspacesQueryOptions(), enabled: signedIn });
}
