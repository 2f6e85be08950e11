import type { Kysely } from 'kysely';
import { lockAccount } from '../../db/locks';
import type { Database, UserRow } from '../../db/schema';
import { createWorkspace } from '../workspaces/workspaces.service';

/**
 * Queries over the `users` table, on the connection or the transaction (a `Transaction` is a
 * `Kysely` too) it was created with.
 */
export function createAccountsRepo(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Locks the account row for the rest of the transaction, then reads it: a check made on what
     * it returns still holds when the transaction writes (SQLite's write lock, a row lock on
     * PostgreSQL).
     */
    async findLocked(id: string): Promise<UserRow | undefined> {
      await lockAccount(db, id);
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async emailTaken(email: string, exceptId?: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as string))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Creates an account and its own workspace, where it is the owner. The workspace takes the
     * account's id, as each account's did when workspaces came (migration 010); workspaces made
     * later get their own.
     */
    async insert(user: {
      id: string;
      name: string;
      email: string;
      passwordHash: string;
      now: string;
      /** Set when the address is already proven (an invitation mailed to it). */
      confirmed?: boolean;
    }) {
      const write = async (trx: Kysely<Database>) => {
        await trx
          .insertInto('users')
          .values({
            id: user.id,
            name: user.name,
            email: user.email,
            password_hash: user.passwordHash,
            email_confirmed_at: user.confirmed ? user.now : null,
            pending_email: null,
            last_workspace_id: null,
            created_at: user.now,
            updated_at: user.now,
          })
          .execute();
        await createWorkspace(trx, { id: user.id, name: user.name, ownerId: user.id, now: user.now });
      };
      if (db.isTransaction) await write(db);
      else await db.transaction().execute(write);
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'name' | 'email' | 'pending_email' | 'password_hash' | 'email_confirmed_at'>>,
      now: string,
    ) {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The workspaces this account is the only owner of, with how many other people are in each:
     * the ones that go with it when it is deleted (when nobody else is in them).
     */
    async soleOwnedWorkspaces(accountId: string): Promise<{ id: string; name: string; otherMembers: number }[]> {
      const rows = await db
        .selectFrom('workspace_members as mine')
        .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
        .select(['workspaces.id', 'workspaces.name'])
        .select((eb) => [
          eb
            .selectFrom('workspace_members as others')
            .select((inner) => inner.fn.countAll().as('count'))
            .whereRef('others.workspace_id', '=', 'mine.workspace_id')
            .where('others.account_id', '!=', accountId)
            .where('others.role', '=', 'owner')
            .as('other_owners'),
          eb
            .selectFrom('workspace_members as others')
            .select((inner) => inner.fn.countAll().as('count'))
            .whereRef('others.workspace_id', '=', 'mine.workspace_id')
            .where('others.account_id', '!=', accountId)
            .as('other_members'),
        ])
        .where('mine.account_id', '=', accountId)
        .where('mine.role', '=', 'owner')
        .execute();
      return rows
        .filter((row) => Number(row.other_owners ?? 0) === 0)
        .map((row) => ({ id: row.id, name: row.name, otherMembers: Number(row.other_members ?? 0) }));
    },

    /** Deletes a workspace; foreign keys cascade to everything it owns. */
    async deleteWorkspace(workspaceId: string): Promise<void> {
      await db.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
    },

    /** Deletes the account; its memberships go with it (its workspaces are deleted first). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
