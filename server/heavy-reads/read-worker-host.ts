/**
 * The worker side of read-pool.ts: opens the file read-only, builds the table of reads over it
 * once, and answers each message by running the read it names. A read worker's script is this
 * one call with the module's table (modules/feedback/feedback-read-worker.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema';
import { SQLITE_PRAGMAS } from '../db/sqlite-pragmas';
import { withStatementCache } from '../db/statement-cache';
import type { ReadAnswer, ReadFunctions, ReadWorkerData } from './read-pool';

/**
 * The read workers' nice value. Under load the machine's cores are shared by the event loop and
 * the reads: at 10 the scheduler gives the event loop about nine parts in ten of a contended core,
 * so the requests it answers in a millisecond (a widget's config) are not left waiting behind a
 * search, which takes the time that is left.
 */
const READ_WORKER_NICE = 10;

/**
 * Lowers this thread's priority (Linux: a thread is scheduled on its own, its id read from
 * /proc/thread-self). Elsewhere, or where it is not allowed, the reads keep the process's.
 */
function yieldToEventLoop() {
  try {
    const threadId = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    if (Number.isInteger(threadId)) os.setPriority(threadId, READ_WORKER_NICE);
  } catch {
    // Not Linux: the reads compete with the event loop as equals.
  }
}

function describe(error: unknown): { message: string; code?: string } {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' && { code }),
  };
}

/** Serves the reads `readsOf` builds over a read-only connection to the pool's file. */
export function serveReads(readsOf: (db: Kysely<Database>) => ReadFunctions): void {
  const port = parentPort;
  if (!port) throw new Error('serveReads runs in a read worker (read-pool.ts) only');
  const { file } = workerData as ReadWorkerData;
  yieldToEventLoop();
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  // A reader waits, rather than fails, in the moment the writer restarts the WAL.
  sqlite.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const reads = readsOf(db) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  port.on('message', async ({ name, args }: { name: string; args: unknown[] }) => {
    let answer: ReadAnswer;
    try {
      const read = reads[name];
      if (!read) throw new Error(`no read named ${name}`);
      answer = { ok: true, value: await read(...args) };
    } catch (error) {
      answer = { ok: false, error: describe(error) };
    }
    port.postMessage(answer);
  });
}
