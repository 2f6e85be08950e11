/**
 * Heavy reads: the inbox search, its tab counts, the export and the dashboard's aggregates, whose
 * cost grows with an owner's inbox (hundreds of milliseconds over a million entries). The rules
 * they run under, in one place to read and tune (docs/architecture.md, "Heavy reads"):
 * - where: on SQLite, on read workers beside the event loop (read-pool.ts); on PostgreSQL, on its
 *   pool's connections, as every query;
 * - how many at once in an instance: heavyReadsAtOnce(), the read workers on SQLite, as many of
 *   the pool's connections on PostgreSQL;
 * - how many of one account at once: HEAVY_READS_PER_ACCOUNT, the next HEAVY_READS_WAITING waiting
 *   their turn; past that the account is answered 429 (account-slots.ts);
 * - how long: on PostgreSQL each statement of a heavy read is cancelled after its kind's time and
 *   answered 503 with the kind's message. SQLite has no way to stop a read, so none is stopped.
 */
import os from 'node:os';
import { AppError, tooManyRequests } from '../lib/errors';

export type HeavyReadKind = 'search' | 'counts' | 'export' | 'dashboard';

/** More at once only hold more memory (a worker each) or connections: they share the disk. */
const MOST_AT_ONCE = 4;

/**
 * Heavy reads an instance runs at once, on a machine of `cores`: every core but the event loop's,
 * 1 to 4. On SQLite the read workers, each running one; on PostgreSQL as many of the pool's
 * connections, and never all of them (`poolMax`): the rest answer the light queries (a widget's
 * config, a session), which would otherwise wait behind searches for a connection, and a
 * PostgreSQL on the same machine keeps a core free for the event loop.
 */
export function heavyReadsAtOnce(cores = os.availableParallelism(), poolMax = Infinity): number {
  return Math.max(1, Math.min(MOST_AT_ONCE, cores - 1, poolMax - 1));
}

interface KindRule {
  /** PostgreSQL cancels any statement of the read after this long. */
  timeoutMs: number;
  /** What the owner is told when it was cancelled. */
  tooSlow: string;
}

export const HEAVY_READ_RULES: Record<HeavyReadKind, KindRule> = {
  search: {
    timeoutMs: 5_000,
    tooSlow: 'This search took too long and was stopped. Try more words, or a shorter date range.',
  },
  counts: {
    timeoutMs: 5_000,
    tooSlow: 'Counting the matches took too long and was stopped. Try more words, or a shorter date range.',
  },
  // Each page of an export (200 entries) is one read: the time is per page, not for the whole file.
  export: {
    timeoutMs: 15_000,
    tooSlow: 'The export took too long and was stopped. Try a shorter date range, or one widget at a time.',
  },
  dashboard: {
    timeoutMs: 5_000,
    tooSlow: 'Counting your feedback took too long and was stopped. Please try again in a moment.',
  },
};

/**
 * Heavy reads one account runs at once. Two: the inbox asks for a search's page and its tab
 * counts together, and neither waits for the other; a third waits, so one account holds at most
 * two of the read workers (or connections) while other accounts' reads wait behind it.
 */
export const HEAVY_READS_PER_ACCOUNT = 2;
/**
 * Heavy reads of one account that may wait for their turn beyond those. Eight: searches typed one
 * after the other, a second tab and an export in progress all fit, so the console never meets
 * the 429; a client that sends more at once than anyone types is refused instead of queued.
 */
export const HEAVY_READS_WAITING = 8;
export const TOO_MANY_HEAVY_READS =
  'Too many searches, counts and exports at once from this account. Please wait for one to finish, then try again.';
/** A heavy read takes up to a few hundred milliseconds: a slot is free again within a second. */
const RETRY_AFTER_SECONDS = 1;

/** The answer for an account past HEAVY_READS_PER_ACCOUNT + HEAVY_READS_WAITING. */
export const tooManyHeavyReads = () => tooManyRequests(TOO_MANY_HEAVY_READS, RETRY_AFTER_SECONDS);

/**
 * The answer for a heavy read PostgreSQL cancelled: 503, the request was fine but the database
 * gave up on it. No Retry-After: the same request would take as long again.
 */
export const heavyReadTooSlow = (kind: HeavyReadKind) => new AppError(503, HEAVY_READ_RULES[kind].tooSlow);
