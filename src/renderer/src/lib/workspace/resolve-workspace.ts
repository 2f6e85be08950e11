import type { WorkspaceSummary } from '../../../../shared/api';

export type WorkspaceResolution =
  /** The account is in no workspace at all. */
  | { kind: 'none' }
  /** `workspace` is the one to use; `replaced` names the chosen id it stands in for (removed meanwhile). */
  | { kind: 'chosen'; workspace: WorkspaceSummary; replaced: string | null };

/**
 * Which workspace the console shows: the chosen one while the account is still in it; otherwise
 * the first of the account's workspaces (the server lists them by name), saying which choice it
 * replaces so the owner can be told. No choice yet (a first login on this device) takes the first
 * without a word.
 */
export function resolveWorkspace(
  workspaces: readonly WorkspaceSummary[],
  chosenId: string | null,
): WorkspaceResolution {
  const chosen = chosenId === null ? undefined : workspaces.find((workspace) => workspace._id === chosenId);
  if (chosen) return { kind: 'chosen', workspace: chosen, replaced: null };
  const [first] = workspaces;
  if (!first) return { kind: 'none' };
  return { kind: 'chosen', workspace: first, replaced: chosenId };
}
