import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bearer sessions: only the SHA-256 of each token is stored, so a leak of the table logs no one in. */
export function createSessionsRepo(db: Kysely<Database>) {
  return {
    async create(session: { id: string; userId: string; tokenHash: string; now: string; expiresAt: string }) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.now,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** The account behind an unexpired token, or undefined. */
    findAccount(tokenHash: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.name', 'users.email', 'users.last_workspace_id'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },

    async revoke(tokenHash: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async revokeAll(userId: string) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
