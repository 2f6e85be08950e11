import { useEffect } from 'react';
import type { WorkspaceSummary } from '../../../../shared/api';
import { useSessionStore } from '../../stores/session-store';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { useToast } from '../use-toast';
import { chooseWorkspace } from './chosen-workspace';
import { useWorkspaces } from './get-workspaces';
import { resolveWorkspace } from './resolve-workspace';
import { onAccessChanged } from './access-changed';

export type WorkspaceGate =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  /** The account is in no workspace: it may create one, or accept an invitation. */
  | { status: 'none' }
  | { status: 'ready'; workspace: WorkspaceSummary };

/** The toast when the chosen workspace is gone and another one is shown instead. */
export function fallbackNotice(workspace: WorkspaceSummary): [title: string, description: string] {
  return [
    `Switched to ${workspace.name}`,
    'You are no longer a member of the workspace you had open, so Tellbox opened this one.',
  ];
}

/**
 * Settles the workspace before any owner screen asks for data: the chosen one while the account
 * is still in it, else the first (with a toast when a chosen one went away). A request that the
 * server refuses with "Workspace not found" (removed while the console was open) or a 403 (a role
 * lowered) reads the list again, which settles the workspace and the role anew.
 */
export function useWorkspaceGate(): WorkspaceGate {
  const accountId = useSessionStore((state) => state.user?.id ?? null);
  const chosenId = useWorkspaceStore((state) => state.workspaceId);
  const workspaces = useWorkspaces();
  const toast = useToast();
  const { refetch } = workspaces;
  const resolution = workspaces.data ? resolveWorkspace(workspaces.data, chosenId) : null;
  const settledId = resolution?.kind === 'chosen' ? resolution.workspace._id : null;

  useEffect(() => onAccessChanged(() => void refetch()), [refetch]);

  const settled = resolution?.kind === 'chosen' ? resolution : null;
  useEffect(() => {
    if (!accountId || !settled || settled.workspace._id === chosenId) return;
    chooseWorkspace(accountId, settled.workspace._id);
    if (settled.replaced) toast.info(...fallbackNotice(settled.workspace));
  }, [accountId, settled, chosenId, toast]);

  if (resolution?.kind === 'none') return { status: 'none' };
  if (resolution?.kind === 'chosen' && settledId === chosenId)
    return { status: 'ready', workspace: resolution.workspace };
  if (workspaces.isError && !workspaces.data) return { status: 'error', retry: () => void refetch() };
  return { status: 'loading' };
}
