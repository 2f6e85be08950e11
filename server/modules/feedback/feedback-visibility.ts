/**
 * The plan's visibility rule (server/modules/plans/visible-feedback.ts) as conditions of queries
 * over `feedback`.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Visibility } from '../plans/plans.service';

const onFeedback = expressionBuilder<Database, 'feedback'>();

/** The condition, for any query over `feedback`, that the visibility shows an entry; null: all are. */
export function shownBy(visibility: Visibility | null): Expression<SqlBool> | null {
  return visibility === null ? null : onFeedback(`feedback.${visibility.column}`, '<=', visibility.cap);
}

/** The condition that the visibility hides an entry (the "hidden by your plan" count); null: none is. */
export function hiddenBy(visibility: Visibility | null): Expression<SqlBool> | null {
  return visibility === null ? null : onFeedback(`feedback.${visibility.column}`, '>', visibility.cap);
}
