import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Serialises writes that check a plan limit for one account. A no-op update of the account row
 * takes SQLite's write lock (and a row lock on PostgreSQL) at the start of the transaction, so a
 * concurrent request waits instead of reading a count that is about to change.
 */
export async function lockAccount(trx: Transaction<Database> | Kysely<Database>, userId: string) {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}

/** Reads `count(*)` the same way on SQLite (number) and PostgreSQL (string). */
export function toCount(value: string | number | bigint | undefined): number {
  return Number(value ?? 0);
}
