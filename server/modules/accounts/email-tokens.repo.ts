import type { Kysely } from 'kysely';
import { toCount } from '../../db/locks';
import type { Database, EmailTokenPurpose } from '../../db/schema';

/**
 * Single-use e-mailed tokens (confirmation, reset, e-mail change), stored hashed; on the
 * connection or the transaction it was created with.
 */
export function createEmailTokensRepo(db: Kysely<Database>) {
  return {
    async create(token: {
      id: string;
      userId: string;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      email: string | null;
      now: string;
      expiresAt: string;
    }) {
      await db
        .insertInto('email_tokens')
        .values({
          id: token.id,
          user_id: token.userId,
          purpose: token.purpose,
          token_hash: token.tokenHash,
          email: token.email,
          created_at: token.now,
          expires_at: token.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Whether a token is unused, unexpired and of one of these kinds, without using it. */
    async isValid(tokenHash: string, purposes: EmailTokenPurpose[], now: string): Promise<boolean> {
      const row = await db
        .selectFrom('email_tokens')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks a valid token used and returns it, in one statement, so it works exactly once. */
    consume(tokenHash: string, purposes: EmailTokenPurpose[], now: string) {
      return db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'purpose', 'email'])
        .executeTakeFirst();
    },

    /** Retires every unused token of these kinds (after a password change, old reset links die). */
    async retireAll(userId: string, purposes: EmailTokenPurpose[], now: string) {
      await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .execute();
    },

    /** When the oldest link of `purpose` issued to the user after `since` was issued; undefined when none was. */
    async oldestSince(userId: string, purpose: EmailTokenPurpose, since: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.min<string>('created_at').as('oldest'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return row?.oldest ?? undefined;
    },

    async countSince(userId: string, purpose: EmailTokenPurpose, since: string): Promise<number> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },
  };
}

export type EmailTokensRepo = ReturnType<typeof createEmailTokensRepo>;
