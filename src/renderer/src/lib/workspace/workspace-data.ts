/**
 * What the console holds belongs to one workspace: when the workspace changes (a switch, a
 * fallback, the end of a session), nothing of the previous one may stay on screen. Every query but
 * the plan table and the account's own list of workspaces is dropped and fetched again, in the new
 * workspace, and the plan (each workspace has its own) is read again.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { refreshSubscription } from '../session';
import { WORKSPACES_QUERY_KEY } from './get-workspaces';

/** The roots of the keys that are not a workspace's: `public` (the plan table) and `account`. */
const NOT_WORKSPACE_DATA = new Set<unknown>(['public', WORKSPACES_QUERY_KEY[0]]);

const isWorkspaceData = (query: Query) => !NOT_WORKSPACE_DATA.has(query.queryKey[0]);

/**
 * Drops every workspace's query: those on screen start again from nothing (their loading state,
 * never the previous workspace's rows) and the others are forgotten. A request still on its way
 * is cancelled first, so its answer cannot land in the new workspace's cache.
 */
export async function resetWorkspaceData(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ predicate: isWorkspaceData });
  await queryClient.resetQueries({ predicate: isWorkspaceData });
}

/**
 * Follows the chosen workspace for the app's lifetime (mounted once, in the app's provider, so a
 * logout is seen too). Another workspace resets the data and reads its plan. A session that ends
 * forgets everything the account saw, its list of workspaces included, without fetching again:
 * there is no one left to fetch for.
 */
export function watchWorkspace(queryClient: QueryClient): () => void {
  return useWorkspaceStore.subscribe((state, previous) => {
    if (state.workspaceId === previous.workspaceId) return;
    if (state.workspaceId === null) {
      void queryClient.cancelQueries({ predicate: isWorkspaceData });
      queryClient.removeQueries({ predicate: isWorkspaceData });
      queryClient.removeQueries({ queryKey: WORKSPACES_QUERY_KEY });
      return;
    }
    if (previous.workspaceId !== null) void resetWorkspaceData(queryClient);
    void refreshSubscription();
  });
}
