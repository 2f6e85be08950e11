import { sql, type Kysely } from 'kysely';
import type { Invitation, Member, WorkspaceSummary } from '../../../src/shared/api';
import type { AssignableRole, Role } from '../../../src/shared/roles';
import type { Database } from '../../db/schema';
import { toCount } from '../../db/locks';

/** Owners first, then by rank, then by name: how the team page lists people. */
const BY_RANK = sql<number>`case role when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`;

/** Workspaces, their members and their invitations, on the connection or transaction given. */
export function createWorkspacesRepo(db: Kysely<Database>) {
  return {
    /** The account's workspaces and its role in each, by name. */
    async listFor(accountId: string): Promise<WorkspaceSummary[]> {
      const rows = await db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspaces.id', 'workspaces.name', 'workspace_members.role'])
        .where('workspace_members.account_id', '=', accountId)
        .orderBy('workspaces.name')
        .orderBy('workspaces.id')
        .execute();
      return rows.map((row) => ({ _id: row.id, name: row.name, role: row.role }));
    },

    async rename(workspaceId: string, name: string, now: string): Promise<void> {
      await db.updateTable('workspaces').set({ name, updated_at: now }).where('id', '=', workspaceId).execute();
    },

    async members(workspaceId: string): Promise<Member[]> {
      const rows = await db
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.account_id')
        .select(['users.id', 'users.name', 'users.email', 'workspace_members.role'])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .orderBy(BY_RANK)
        .orderBy('users.name')
        .execute();
      return rows.map((row) => ({ accountId: row.id, name: row.name, email: row.email, role: row.role }));
    },

    /** A member's role, or undefined when the account is not in the workspace. */
    async roleOf(workspaceId: string, accountId: string): Promise<Role | undefined> {
      const row = await db
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.role;
    },

    async countOwners(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('workspace_members')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .where('role', '=', 'owner')
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },

    /** Seats taken: members, and invitations still open (each holds one). */
    async seatsTaken(workspaceId: string, now: string): Promise<number> {
      const members = await db
        .selectFrom('workspace_members')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      const invited = await db
        .selectFrom('workspace_invitations')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return toCount(members?.count as number | undefined) + toCount(invited?.count as number | undefined);
    },

    async addMember(workspaceId: string, accountId: string, role: Role, now: string): Promise<void> {
      await db
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, account_id: accountId, role, created_at: now })
        .onConflict((conflict) => conflict.columns(['workspace_id', 'account_id']).doNothing())
        .execute();
    },

    async setRole(workspaceId: string, accountId: string, role: Role): Promise<void> {
      await db
        .updateTable('workspace_members')
        .set({ role })
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', accountId)
        .execute();
    },

    /**
     * Takes the account out of the workspace with what was theirs there: their alert choice, and
     * the entries assigned to them (unassigned, not left to someone who can no longer see them).
     */
    async removeMember(workspaceId: string, accountId: string): Promise<void> {
      await db
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', accountId)
        .execute();
      await db
        .deleteFrom('notification_settings')
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', accountId)
        .execute();
      await db
        .updateTable('feedback')
        .set({ assignee_id: null })
        .where('workspace_id', '=', workspaceId)
        .where('assignee_id', '=', accountId)
        .execute();
    },

    async rememberChoice(accountId: string, workspaceId: string): Promise<void> {
      await db.updateTable('users').set({ last_workspace_id: workspaceId }).where('id', '=', accountId).execute();
    },

    async openInvitations(workspaceId: string, now: string): Promise<Invitation[]> {
      const rows = await db
        .selectFrom('workspace_invitations')
        .select(['id', 'email', 'role', 'expires_at'])
        .where('workspace_id', '=', workspaceId)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({ _id: row.id, email: row.email, role: row.role, expiresAt: row.expires_at }));
    },

    /** Replaces any open invitation for the same address: the newest link is the one that works. */
    async invite(invitation: {
      id: string;
      workspaceId: string;
      email: string;
      role: AssignableRole;
      tokenHash: string;
      invitedBy: string;
      now: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .deleteFrom('workspace_invitations')
        .where('workspace_id', '=', invitation.workspaceId)
        .where('email', '=', invitation.email)
        .where('accepted_at', 'is', null)
        .execute();
      await db
        .insertInto('workspace_invitations')
        .values({
          id: invitation.id,
          workspace_id: invitation.workspaceId,
          email: invitation.email,
          role: invitation.role,
          token_hash: invitation.tokenHash,
          invited_by: invitation.invitedBy,
          created_at: invitation.now,
          expires_at: invitation.expiresAt,
          accepted_at: null,
        })
        .execute();
    },

    /** Withdraws an open invitation; its e-mail address, or undefined when there was none. */
    async withdraw(workspaceId: string, invitationId: string): Promise<string | undefined> {
      const row = await db
        .deleteFrom('workspace_invitations')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .returning('email')
        .executeTakeFirst();
      return row?.email;
    },

    /** An open invitation by its token's hash, with its workspace's name. */
    findOpenInvitation(tokenHash: string, now: string) {
      return db
        .selectFrom('workspace_invitations')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invitations.workspace_id')
        .select([
          'workspace_invitations.id',
          'workspace_invitations.workspace_id',
          'workspace_invitations.email',
          'workspace_invitations.role',
          'workspace_invitations.expires_at',
          'workspaces.name as workspace_name',
        ])
        .where('workspace_invitations.token_hash', '=', tokenHash)
        .where('workspace_invitations.accepted_at', 'is', null)
        .where('workspace_invitations.expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Uses an invitation up; false when another request used it first. */
    async markAccepted(invitationId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('workspace_invitations')
        .set({ accepted_at: now })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;
