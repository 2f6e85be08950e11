/**
 * Runs a module's heavy reads under heavy-read-rules.ts: each waits for one of its account's
 * slots, then for one of the instance's (heavyReadsAtOnce), and runs on a read worker (SQLite,
 * read-pool.ts), or on PostgreSQL in a transaction with its kind's statement timeout, or, on an
 * in-memory SQLite that no worker can open, right here.
 *
 * A module hands over its reads as a table (`readsOf`, built over any connection) and the script
 * of a worker that serves the same table (read-worker-host.ts), and calls them through `as(kind)`
 * with the same arguments. Each read's first argument is the id of the account it reads for: the
 * one whose slots it takes.
 */
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { Database } from '../db/schema';
import { createSemaphore } from '../lib/concurrency';
import type { Logger } from '../lib/logger';
import { createAccountSlots } from './account-slots';
import {
  HEAVY_READ_RULES,
  HEAVY_READS_PER_ACCOUNT,
  HEAVY_READS_WAITING,
  heavyReadsAtOnce,
  heavyReadTooSlow,
  tooManyHeavyReads,
  type HeavyReadKind,
} from './heavy-read-rules';
import { createReadPool } from './read-pool';
import { isStatementCancelled, withStatementTimeout } from './statement-timeout';

/** Reads for one account: its id first, then plain data; they resolve to plain data. */
export type AccountReads = Record<string, (account: string, ...rest: never[]) => Promise<unknown>>;

export interface HeavyReader<Reads extends AccountReads> {
  /** The reads, run as heavy reads of `kind`. */
  as(kind: HeavyReadKind): Reads;
  /** Stops the read workers. */
  close(): Promise<void>;
}

export interface HeavyReaderOptions<Reads extends AccountReads> {
  db: Kysely<Database>;
  database: DatabaseConfig;
  /** The reads over a connection: `db`, a PostgreSQL transaction, or a worker's own. */
  readsOf: (db: Kysely<Database>) => Reads;
  /** The worker script serving `readsOf` (a .ts one runs through tsx). */
  workerScript: URL;
  logger: Logger;
  /** Statement timeouts by kind on PostgreSQL; HEAVY_READ_RULES' where not given (tests shorten them). */
  timeoutsMs?: Partial<Record<HeavyReadKind, number>>;
  /** Awaited once a read has its account's slot, before it runs (tests hold reads there). */
  gate?: (account: string) => Promise<void>;
  /**
   * Starts the read workers at once (the server process does): the first search does not wait for
   * one, a worker that cannot start is logged at start, and what they hold is the server's from
   * the start. Otherwise they start with the first heavy read (tests, whose servers mostly never search).
   */
  startWorkers?: boolean;
}

type AnyRead = (...args: unknown[]) => Promise<unknown>;

export function createHeavyReader<Reads extends AccountReads>(options: HeavyReaderOptions<Reads>): HeavyReader<Reads> {
  const { db, database, readsOf, logger, gate } = options;
  const slots = createAccountSlots({
    running: HEAVY_READS_PER_ACCOUNT,
    waiting: HEAVY_READS_WAITING,
    refuse: tooManyHeavyReads,
  });
  const pool =
    database.kind === 'sqlite' && database.path !== ':memory:'
      ? createReadPool<Reads>({
          script: options.workerScript,
          file: database.path,
          size: heavyReadsAtOnce(),
          onWorkerError: (error) => logger.error({ err: error }, 'a read worker failed'),
        })
      : undefined;
  if (options.startWorkers) pool?.startAll();
  // The instance's heavy reads at once on PostgreSQL; on SQLite the read workers are as many.
  const postgresTurns =
    database.kind === 'postgres' ? createSemaphore(heavyReadsAtOnce(undefined, database.poolMax)) : undefined;
  const here = readsOf(db) as unknown as Record<string, AnyRead>;

  async function runOnPostgres(kind: HeavyReadKind, name: string, args: unknown[]) {
    const timeoutMs = options.timeoutsMs?.[kind] ?? HEAVY_READ_RULES[kind].timeoutMs;
    try {
      return await withStatementTimeout(db, timeoutMs, (trx) => {
        const read = (readsOf(trx) as unknown as Record<string, AnyRead>)[name] as AnyRead;
        return read(...args);
      });
    } catch (error) {
      if (!isStatementCancelled(error)) throw error;
      logger.warn({ kind, read: name, timeoutMs }, 'a heavy read ran past its time and was cancelled');
      throw heavyReadTooSlow(kind);
    }
  }

  function run(kind: HeavyReadKind, name: string, args: unknown[]): Promise<unknown> {
    if (pool) return pool.run(name, args as never);
    if (postgresTurns) return postgresTurns.run(() => runOnPostgres(kind, name, args));
    return (here[name] as AnyRead)(...args);
  }

  const byKind = new Map<HeavyReadKind, Reads>();
  return {
    as(kind) {
      let reads = byKind.get(kind);
      if (!reads) {
        const table: Record<string, AnyRead> = {};
        for (const name of Object.keys(here)) {
          table[name] = (...args) =>
            slots.run(args[0] as string, async () => {
              await gate?.(args[0] as string);
              return run(kind, name, args);
            });
        }
        reads = table as unknown as Reads;
        byKind.set(kind, reads);
      }
      return reads;
    },
    close: () => pool?.close() ?? Promise.resolve(),
  };
}
