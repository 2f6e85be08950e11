/**
 * The inbox tabs' counts, each stopped at STATUS_COUNT_CAP: a count is `count(*)` over a subquery
 * of at most cap + 1 rows, so a status with a million entries costs what one with ten thousand
 * does, and the answer says which counts stopped (`capped`).
 */
import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FeedbackStatusCountsResponse } from '../../../src/shared/api';
import { FEEDBACK_STATUSES, type FeedbackStatus, type FeedbackStatusCounts } from '../../../src/shared/feedback-status';
import { STATUS_COUNT_CAP } from '../../../src/shared/limits';
import { toCount } from '../../db/locks';
import type { Database } from '../../db/schema';

/** `query`'s rows, cut to one more than the cap: what a capped count reads. */
export const upToCap = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
  query.select(sql<number>`1`.as('one')).limit(STATUS_COUNT_CAP + 1);

/** Per status, the rows to count (cut by upToCap), or 0 when it surely has none. */
export type RowsPerStatus = Record<FeedbackStatus, Expression<unknown> | 0>;

/** A value for each status. */
export function perStatus<T>(valueOf: (status: FeedbackStatus) => T): Record<FeedbackStatus, T> {
  return Object.fromEntries(FEEDBACK_STATUSES.map((status) => [status, valueOf(status)])) as Record<FeedbackStatus, T>;
}

/** How many rows each status has (at most the cap + 1, which says there are more), in one statement. */
export async function countEach(db: Kysely<Database>, rows: RowsPerStatus): Promise<FeedbackStatusCounts> {
  const row = await db
    .selectNoFrom(
      FEEDBACK_STATUSES.map((status) => {
        const counted = rows[status];
        return (counted === 0 ? sql<number>`0` : sql<number | string>`(select count(*) from ${counted} as counted)`).as(
          status,
        );
      }),
    )
    .executeTakeFirstOrThrow();
  const values = row as Record<FeedbackStatus, number | string>;
  return perStatus((status) => toCount(values[status]));
}

/** What the API answers for counts read by countEach: each at most the cap, and which stopped. */
export function cappedAnswer(counts: FeedbackStatusCounts): FeedbackStatusCountsResponse {
  const answer: FeedbackStatusCountsResponse = {
    counts: { new: 0, in_progress: 0, resolved: 0, spam: 0 },
    capped: { new: false, in_progress: false, resolved: false, spam: false },
  };
  for (const status of FEEDBACK_STATUSES) {
    answer.counts[status] = Math.min(counts[status], STATUS_COUNT_CAP);
    answer.capped[status] = counts[status] > STATUS_COUNT_CAP;
  }
  return answer;
}
