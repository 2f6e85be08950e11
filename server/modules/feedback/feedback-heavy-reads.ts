/**
 * The feedback queries whose cost grows with an inbox (server/heavy-reads): a search's page, the
 * tab counts, the export's pages, the dashboard's total and chart. The service calls them through
 * the heavy reader (feedback-reads.ts); a read worker (feedback-read-worker.ts) serves this table.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createFeedbackRepo, type FeedbackRepo } from './feedback.repo';

export type FeedbackHeavyReads = Pick<FeedbackRepo, 'list' | 'countByStatus' | 'countVisible' | 'countByDay'>;

/** The heavy reads over `db`. */
export function feedbackHeavyReadsOf(db: Kysely<Database>): FeedbackHeavyReads {
  const { list, countByStatus, countVisible, countByDay } = createFeedbackRepo(db);
  return { list, countByStatus, countVisible, countByDay };
}
