import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/** The pre-launch early-access list. */
export function createEarlyAccessRepo(db: Kysely<Database>) {
  return {
    /** Adds an address; adding it again changes nothing. */
    async add(email: string, now: string) {
      await db
        .insertInto('early_access')
        .values({ id: newId(), email, created_at: now })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
    },
  };
}

export type EarlyAccessRepo = ReturnType<typeof createEarlyAccessRepo>;
