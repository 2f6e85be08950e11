import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Serialises writes to one account's own row (its e-mail, its password). A no-op update takes
 * SQLite's write lock (and a row lock on PostgreSQL) at the start of the transaction.
 */
export async function lockAccount(trx: Transaction<Database> | Kysely<Database>, accountId: string) {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', accountId)
    .execute();
}

/**
 * Serialises writes that check a plan limit for one workspace. A no-op update of the account row
 * takes SQLite's write lock (and a row lock on PostgreSQL) at the start of the transaction, so a
 * concurrent request waits instead of reading a count that is about to change.
 */
export async function lockWorkspace(trx: Transaction<Database> | Kysely<Database>, workspaceId: string) {
  await trx
    .updateTable('workspaces')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', workspaceId)
    .execute();
}

/** Reads `count(*)` the same way on SQLite (number) and PostgreSQL (string). */
export function toCount(value: string | number | bigint | undefined): number {
  return Number(value ?? 0);
}
