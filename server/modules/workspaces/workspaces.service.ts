/**
 * Workspaces and their teams: creating and renaming, members and roles, ownership transfer. The
 * route-access middleware has already checked the route's permission; what depends on who is
 * acted on (an admin may not change an owner, the last owner may not leave) is checked here.
 */
import type { Kysely } from 'kysely';
import type { Member, MembersResponse, WorkspaceSummary } from '../../../src/shared/api';
import { can, refusal, type AssignableRole } from '../../../src/shared/roles';
import type { TransferInput, WorkspaceInput } from '../../../src/shared/schemas';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { AuthUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import type { ActivityLog } from '../activity/activity.service';
import { createWorkspace } from './create-workspace';

/** For the accounts module: sign-up makes the account's own workspace. */
export { createWorkspace };
/** Every workspace route's request context (other modules reach it here). */
export { WORKSPACE_HEADER, currentWorkspace, type WorkspaceAccess } from './workspace-access';
import type { WorkspaceAccess } from './workspace-access';
import { createWorkspacesRepo } from './workspaces.repo';

export const TEAM_MESSAGES = {
  memberNotFound: 'Member not found',
  lastOwner: 'A workspace needs an owner. Hand ownership to another member first, or delete the workspace.',
  transferToSelf: 'You already own this workspace. Choose another member.',
  wrongPassword: 'Current password is incorrect.',
} as const;

interface WorkspacesDeps {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  passwords: PasswordHasher;
  activity: ActivityLog;
  /** Tells the member's open event streams, on every instance, to check their access now. */
  onAccessChanged: (workspaceId: string, accountId: string) => void;
  /** Called before a workspace is deleted (billing cancels its subscription; a throw stops it). */
  beforeWorkspaceDeleted: (workspaceId: string) => Promise<void>;
  /** Called after a workspace is gone, so caches let go of it. */
  onWorkspaceDeleted: (workspaceId: string) => void;
}

const actorOf = (workspace: WorkspaceAccess) => ({ id: workspace.account.id, name: workspace.account.name });

export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db, transact, clock, passwords, activity, onAccessChanged } = deps;
  const workspaces = createWorkspacesRepo(db);
  const now = () => clock.now().toISOString();

  /** The member acted on, or 404; changing an owner needs an owner. */
  async function memberToChange(workspace: WorkspaceAccess, accountId: string): Promise<Member> {
    const member = (await workspaces.members(workspace.id)).find((candidate) => candidate.accountId === accountId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    if (member.role === 'owner' && !can(workspace.role, 'owners.manage')) throw forbidden(refusal('owners.manage'));
    return member;
  }

  /** 400 on `currentPassword` unless it is the caller's. */
  async function assertPassword(workspace: WorkspaceAccess, currentPassword: string) {
    const self = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', workspace.account.id)
      .executeTakeFirst();
    if (!self || !(await passwords.verify(currentPassword, self.password_hash))) {
      throw badRequest(TEAM_MESSAGES.wrongPassword, [
        { path: 'currentPassword', message: TEAM_MESSAGES.wrongPassword },
      ]);
    }
  }

  async function assertAnotherOwner(workspaceId: string) {
    if ((await workspaces.countOwners(workspaceId)) <= 1) throw conflict(TEAM_MESSAGES.lastOwner);
  }

  return {
    list: (account: AuthUser): Promise<WorkspaceSummary[]> => workspaces.listFor(account.id),

    /** A new workspace on the free plan, its creator the owner; it becomes their default. */
    async create(account: AuthUser, input: WorkspaceInput): Promise<WorkspaceSummary> {
      const id = newId();
      await transact(async (trx) => {
        await createWorkspace(trx, { id, name: input.name, ownerId: account.id, now: now() });
        await createWorkspacesRepo(trx).rememberChoice(account.id, id);
        await activity.record(
          {
            workspaceId: id,
            actor: account,
            action: 'workspace.created',
            target: { type: 'workspace', id, name: input.name },
          },
          trx,
        );
      });
      return { _id: id, name: input.name, role: 'owner' };
    },

    async rename(workspace: WorkspaceAccess, input: WorkspaceInput): Promise<WorkspaceSummary> {
      await workspaces.rename(workspace.id, input.name, now());
      await activity.record({
        workspaceId: workspace.id,
        actor: actorOf(workspace),
        action: 'workspace.renamed',
        target: { type: 'workspace', id: workspace.id, name: input.name },
      });
      return { _id: workspace.id, name: input.name, role: workspace.role };
    },

    /** The team; pending invitations only for those who may manage them. */
    async members(workspace: WorkspaceAccess): Promise<MembersResponse> {
      const invitations = can(workspace.role, 'team.manage')
        ? await workspaces.openInvitations(workspace.id, now())
        : [];
      return { members: await workspaces.members(workspace.id), invitations };
    },

    async changeRole(workspace: WorkspaceAccess, accountId: string, role: AssignableRole): Promise<Member> {
      const member = await memberToChange(workspace, accountId);
      if (member.role === 'owner') await assertAnotherOwner(workspace.id);
      await workspaces.setRole(workspace.id, accountId, role);
      await activity.record({
        workspaceId: workspace.id,
        actor: actorOf(workspace),
        action: 'member.role_changed',
        target: { type: 'member', id: accountId, name: `${member.name} → ${role}` },
      });
      onAccessChanged(workspace.id, accountId);
      return { ...member, role };
    },

    /** Removes a member, or lets one leave: anyone may remove themselves, but the last owner. */
    async remove(workspace: WorkspaceAccess, accountId: string): Promise<void> {
      const leaving = accountId === workspace.account.id;
      if (!leaving && !can(workspace.role, 'team.manage')) throw forbidden(refusal('team.manage'));
      const member = leaving
        ? { accountId, name: workspace.account.name, role: workspace.role }
        : await memberToChange(workspace, accountId);
      if (member.role === 'owner') await assertAnotherOwner(workspace.id);
      await transact(async (trx) => {
        await createWorkspacesRepo(trx).removeMember(workspace.id, accountId);
        await activity.record(
          {
            workspaceId: workspace.id,
            actor: actorOf(workspace),
            action: leaving ? 'member.left' : 'member.removed',
            target: { type: 'member', id: accountId, name: member.name },
          },
          trx,
        );
      });
      onAccessChanged(workspace.id, accountId);
    },

    /** Hands ownership to another member, who becomes an owner; the caller stays on as an admin. */
    async transfer(workspace: WorkspaceAccess, input: TransferInput): Promise<MembersResponse> {
      if (input.accountId === workspace.account.id) throw badRequest(TEAM_MESSAGES.transferToSelf);
      await assertPassword(workspace, input.currentPassword);
      const heir = await memberToChange(workspace, input.accountId);
      await transact(async (trx) => {
        const repo = createWorkspacesRepo(trx);
        await repo.setRole(workspace.id, heir.accountId, 'owner');
        await repo.setRole(workspace.id, workspace.account.id, 'admin');
        await activity.record(
          {
            workspaceId: workspace.id,
            actor: actorOf(workspace),
            action: 'workspace.transferred',
            target: { type: 'member', id: heir.accountId, name: heir.name },
          },
          trx,
        );
      });
      onAccessChanged(workspace.id, workspace.account.id);
      onAccessChanged(workspace.id, heir.accountId);
      return this.members({ ...workspace, role: 'admin' });
    },

    /**
     * Deletes the workspace and everything in it, its subscription cancelled first. Its members
     * stay, in their other workspaces; their open streams on it end.
     */
    async delete(workspace: WorkspaceAccess, currentPassword: string): Promise<void> {
      await assertPassword(workspace, currentPassword);
      const members = await workspaces.members(workspace.id);
      await deps.beforeWorkspaceDeleted(workspace.id);
      await db.deleteFrom('workspaces').where('id', '=', workspace.id).execute();
      deps.onWorkspaceDeleted(workspace.id);
      for (const member of members) onAccessChanged(workspace.id, member.accountId);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
