/**
 * Runs work in one database transaction, retried when PostgreSQL rolled it back because of a
 * concurrent one: a deadlock (40P01) or a serialization failure (40001) says nothing about the
 * request, only about its timing, so the same work is tried again rather than answered 500. Work
 * must only touch the database (it may run more than once); side effects such as mail and events
 * belong after the transaction has committed.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** A transaction handle; services pass it on to repos and never query it themselves. */
export type Tx = Transaction<Database>;

export type Transactor = <T>(work: (trx: Tx) => Promise<T>) => Promise<T>;

const RETRYABLE_CODES = new Set(['40001', '40P01']);
export const MAX_TRANSACTION_ATTEMPTS = 5;

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTransactor(db: Kysely<Database>): Transactor {
  return async (work) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (!isRetryableConflict(error) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error;
        // A short random pause, growing with each attempt, so the two transactions that collided
        // do not collide again in lockstep.
        await pause(Math.random() * 10 * 2 ** attempt);
      }
    }
  };
}
