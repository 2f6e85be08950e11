/**
 * Tells whoever listens that the server may see the account's place in the chosen workspace
 * differently from the console: a "Workspace not found" (removed from it, or it was deleted) or a
 * 403 (a role lowered meanwhile, say). The list of workspaces is then read again: the console moves
 * to another workspace, saying so, or hides what the new role cannot do, instead of failing on.
 */

/** The server's 404 for a `Tellbox-Workspace` the account is not in (server/modules/workspaces/route-access.ts). */
export const WORKSPACE_NOT_FOUND = 'Workspace not found';

const listeners = new Set<(workspaceId: string) => void>();

export function notifyAccessChanged(workspaceId: string): void {
  for (const listener of listeners) listener(workspaceId);
}

/** Calls `listener` with the workspace whose access the server just refused. Returns unsubscribe. */
export function onAccessChanged(listener: (workspaceId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
