import type { Kysely } from 'kysely';
import { lockAccount } from '../../db/locks';
import type { Database, UserRow } from '../../db/schema';

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

    async insert(user: { id: string; name: string; email: string; passwordHash: string; now: string }) {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          name: user.name,
          email: user.email,
          password_hash: user.passwordHash,
          email_confirmed_at: null,
          pending_email: null,
          plan: 'free',
          plan_expires_at: null,
          stripe_customer_id: null,
          stripe_subscription_id: null,
          created_at: user.now,
          updated_at: user.now,
        })
        .execute();
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

    /** Deletes the account; foreign keys cascade to everything it owns. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
