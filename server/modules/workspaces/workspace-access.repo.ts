import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { SUBSCRIPTION_COLUMNS, subscriptionFieldsOf } from '../plans/plans.service';
import type { WorkspaceAccess } from './workspace-access';

/**
 * Finds the workspace a request is about, as its asker may use it: the one named (when they are
 * a member), or by default the one they chose last, else one they own, else the oldest they
 * joined. Undefined when there is none: the id is not theirs, or they belong nowhere.
 */
export function createWorkspaceAccessRepo(db: Kysely<Database>) {
  return {
    async find(account: AuthUser, workspaceId?: string): Promise<WorkspaceAccess | undefined> {
      const row = await db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspaces.id', 'workspaces.name', 'workspace_members.role', ...SUBSCRIPTION_COLUMNS])
        .where('workspace_members.account_id', '=', account.id)
        .$if(workspaceId !== undefined, (query) => query.where('workspaces.id', '=', workspaceId as string))
        .orderBy(
          sql`case when ${sql.ref('workspaces.id')} = ${account.lastWorkspaceId ?? ''} then 0
            when ${sql.ref('workspace_members.role')} = 'owner' then 1 else 2 end`,
        )
        .orderBy('workspace_members.created_at')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        account: { id: account.id, name: account.name, email: account.email },
        ...subscriptionFieldsOf(row),
      };
    },
  };
}

export type WorkspaceAccessRepo = ReturnType<typeof createWorkspaceAccessRepo>;
