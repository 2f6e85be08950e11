/**
 * PostgreSQL: a heavy read in a transaction of its own whose statements the server cancels after
 * a time (`statement_timeout`, set for that transaction only), rather than the pool's 30 s.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Tx } from '../db/transaction';

/** What PostgreSQL says of a statement it cancelled (query_canceled: a timeout, or a cancel request). */
const QUERY_CANCELED = '57014';

export const isStatementCancelled = (error: unknown) => (error as { code?: unknown } | null)?.code === QUERY_CANCELED;

/** Runs `read` in a transaction whose every statement PostgreSQL cancels after `ms`. */
export function withStatementTimeout<T>(db: Kysely<Database>, ms: number, read: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // set_config(…, true) is SET LOCAL with a parameter: it ends with the transaction.
    await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
    return read(trx);
  });
}
