import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Inserts a workspace on the free plan, with `ownerId` as its owner. Run it inside a transaction. */
export async function createWorkspace(
  trx: Kysely<Database>,
  workspace: { id: string; name: string; ownerId: string; now: string },
): Promise<void> {
  await trx
    .insertInto('workspaces')
    .values({
      id: workspace.id,
      name: workspace.name,
      created_at: workspace.now,
      updated_at: workspace.now,
    })
    .execute();
  await trx
    .insertInto('workspace_members')
    .values({ workspace_id: workspace.id, account_id: workspace.ownerId, role: 'owner', created_at: workspace.now })
    .execute();
}
