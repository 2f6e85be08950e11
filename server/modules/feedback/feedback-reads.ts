/**
 * Where the feedback module's queries run: its repo on the server's own connection, and its heavy
 * reads (feedback-heavy-reads.ts) through a heavy reader (server/heavy-reads/heavy-reader.ts).
 */
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../config';
import type { Database } from '../../db/schema';
import { createHeavyReader, type HeavyReaderOptions } from '../../heavy-reads/heavy-reader';
import type { Logger } from '../../lib/logger';
import { feedbackHeavyReadsOf, type FeedbackHeavyReads } from './feedback-heavy-reads';
import { createFeedbackRepo } from './feedback.repo';

/**
 * The read worker's script beside this file: the bundle's (server/build-options.ts puts it next to
 * the server's chunk, where this code then is) or, run from source, the TypeScript one.
 */
const FEEDBACK_READ_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './feedback-read-worker.ts' : './feedback-read-worker.js',
  import.meta.url,
);

/** What the app's options may change of heavy reads. */
export interface HeavyReadAppOptions {
  /**
   * Read workers started with the app (the server process), shorter statement timeouts on
   * PostgreSQL and a gate each read waits at once it has its slot (tests).
   */
  heavyReads?: Pick<HeavyReaderOptions<FeedbackHeavyReads>, 'startWorkers' | 'timeoutsMs' | 'gate'>;
}

/** The feedback repo and the heavy reader of its growing queries, for the feedback service. */
export function createFeedbackReads(options: {
  db: Kysely<Database>;
  database: DatabaseConfig;
  logger: Logger;
  heavyReads?: HeavyReadAppOptions['heavyReads'];
}) {
  const { db, database, logger, heavyReads } = options;
  return {
    feedback: createFeedbackRepo(db),
    heavy: createHeavyReader({
      db,
      database,
      logger,
      ...heavyReads,
      readsOf: feedbackHeavyReadsOf,
      workerScript: FEEDBACK_READ_WORKER,
    }),
  };
}
