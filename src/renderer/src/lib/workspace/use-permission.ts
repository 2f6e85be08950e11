/**
 * The role of the signed-in account in the workspace on screen, and what it allows, from the one
 * permission table the server enforces (src/shared/roles.ts). Screens hide what a role cannot do,
 * or show it disabled with `reason`, the server's own 403 words naming the role needed.
 */
import type { WorkspaceSummary } from '../../../../shared/api';
import { can, refusal, type Permission, type Role } from '../../../../shared/roles';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { useWorkspaces } from './get-workspaces';

/**
 * Until the role is known, the console acts as for the least one: nothing is offered that might be
 * refused. (Owner screens only render once the workspace is settled, so this is a fallback.)
 */
export const UNKNOWN_ROLE: Role = 'viewer';

/** The workspace every owner request is about, with the account's role in it; undefined until known. */
export function useCurrentWorkspace(): WorkspaceSummary | undefined {
  const workspaceId = useWorkspaceStore((state) => state.workspaceId);
  const { data } = useWorkspaces();
  return data?.find((workspace) => workspace._id === workspaceId);
}

export function useRole(): Role {
  return useCurrentWorkspace()?.role ?? UNKNOWN_ROLE;
}

/** Whether the account may do what `permission` allows in the workspace on screen. */
export function useCan(permission: Permission): boolean {
  return can(useRole(), permission);
}

export interface PermissionState {
  allowed: boolean;
  /** Why not, naming the role needed: for a tooltip or an inline hint. */
  reason: string;
}

export function usePermission(permission: Permission): PermissionState {
  return { allowed: useCan(permission), reason: refusal(permission) };
}
