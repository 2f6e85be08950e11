import { create } from 'zustand';

interface WorkspaceState {
  /**
   * The workspace every owner request is about (sent as `Tellbox-Workspace`); null before one is
   * chosen, and while logged out. lib/workspace keeps it across reloads and checks it against the
   * account's workspaces.
   */
  workspaceId: string | null;
}

export const useWorkspaceStore = create<WorkspaceState>(() => ({ workspaceId: null }));

export function setWorkspaceId(workspaceId: string | null): void {
  useWorkspaceStore.setState({ workspaceId });
}
