import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FeedbackItem, FeedbackStatusCountsResponse } from '../../../src/shared/api';
import type { FeedbackStatus } from '../../../src/shared/feedback-status';
import { dialectOf } from '../../db/dialect';
import { localDayOf } from '../../db/local-day';
import { toCount } from '../../db/locks';
import type { Database, FeedbackRow } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { ZoneDays } from '../../lib/zone-days';
import { parseSearch } from './feedback-search';
import { createFeedbackSearch } from './feedback-search.repo';
import { cappedAnswer, countEach, perStatus, upToCap } from './feedback-tab-counts.repo';
import type { Visibility } from '../plans/plans.service';
import { hiddenBy, shownBy } from './feedback-visibility';

export interface FeedbackPosition {
  createdAt: string;
  id: string;
}

type ListedRow = FeedbackRow & { widget_name: string | null };

/** Entries of one widget on one calendar day (days since 1970-01-01 in the zone asked for). */
export interface DayCount {
  day: number;
  widgetId: string;
  count: number;
}

export function toFeedbackItem(row: ListedRow): FeedbackItem {
  return {
    _id: row.id,
    widgetId: row.widget_id,
    widgetName: row.widget_name,
    message: row.message,
    pageUrl: row.page_url,
    userAgent: row.user_agent,
    authorName: row.author_name,
    authorEmail: row.author_email,
    status: row.status,
    assigneeId: row.assignee_id,
    createdAt: row.created_at,
  };
}

/** Which entries a query reads. */
export interface FeedbackFilter {
  widgetId?: string;
  /** One status, every status (`any`), or by default all but spam. */
  status?: FeedbackStatus | 'any';
  /** Words each entry must hold (feedback-search.ts); read by `list` and `countByStatus`. */
  q?: string;
  /** Received at or after this instant (ISO 8601). */
  from?: string;
  /** Received before this instant. */
  to?: string;
  /** The member the entries are assigned to; null: assigned to nobody. */
  assigneeId?: string | null;
}

/**
 * Every column of a feedback row, and nothing else: PostgreSQL's search_vector (migration 007)
 * never leaves the database. `list` returns FeedbackRow, so a column missing here does not compile.
 */
const ROW_COLUMNS = [
  'feedback.id',
  'feedback.widget_id',
  'feedback.workspace_id',
  'feedback.message',
  'feedback.page_url',
  'feedback.user_agent',
  'feedback.author_name',
  'feedback.author_email',
  'feedback.created_at',
  'feedback.account_seq',
  'feedback.widget_seq',
  'feedback.status',
  'feedback.assignee_id',
] as const;

const onFeedback = expressionBuilder<Database, 'feedback'>();

/**
 * The entries of `workspaceId` that the visibility and the filter (but for its words) show, as one
 * condition any query over `feedback` can take; strictly older than `after` when given.
 */
function shownTo(
  workspaceId: string,
  visibility: Visibility | null,
  filter: FeedbackFilter,
  after?: FeedbackPosition,
): Expression<SqlBool> {
  const eb = onFeedback;
  const { widgetId, status, from, to, assigneeId } = filter;
  const conditions: Expression<SqlBool>[] = [eb('feedback.workspace_id', '=', workspaceId)];
  if (widgetId !== undefined) conditions.push(eb('feedback.widget_id', '=', widgetId));
  if (assigneeId === null) conditions.push(eb('feedback.assignee_id', 'is', null));
  else if (assigneeId !== undefined) conditions.push(eb('feedback.assignee_id', '=', assigneeId));
  if (status === undefined) conditions.push(eb('feedback.status', '<>', 'spam'));
  else if (status !== 'any') conditions.push(eb('feedback.status', '=', status));
  if (from !== undefined) conditions.push(eb('feedback.created_at', '>=', from));
  if (to !== undefined) conditions.push(eb('feedback.created_at', '<', to));
  const shown = shownBy(visibility);
  if (shown !== null) conditions.push(shown);
  // A row-value comparison, not `created_at < x OR (created_at = x AND id < y)`: both engines
  // turn it into one range of the (…, created_at, id) index and start reading right at the
  // cursor, where the OR form read (and threw away) every newer row first: a page 90 % deep
  // into a million rows took 50-150 ms instead of about one.
  if (after !== undefined) {
    conditions.push(eb(eb.refTuple('feedback.created_at', 'feedback.id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  return eb.and(conditions);
}

/** Queries over `feedback` and its monthly counters. */
export function createFeedbackRepo(db: Kysely<Database>) {
  const dialect = dialectOf(db);
  const search = createFeedbackSearch(db);

  /** The entries the filter shows; its words (`q`) are `list`'s and `countByStatus`'s to apply. */
  function visibleTo(
    workspaceId: string,
    visibility: Visibility | null,
    filter: FeedbackFilter = {},
    reader: Kysely<Database> | Tx = db,
  ) {
    return reader.selectFrom('feedback').where(shownTo(workspaceId, visibility, filter));
  }

  /** The rows of `ids`, with their widget's name, newest first. */
  function readListed(ids: string[]): Promise<ListedRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('feedback')
      .leftJoin('widgets', 'widgets.id', 'feedback.widget_id')
      .select([...ROW_COLUMNS, 'widgets.name as widget_name'])
      .where('feedback.id', 'in', ids)
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc')
      .execute();
  }

  return {
    /** Newest first, strictly older than `after` when given; returns up to `limit` rows. */
    async list(
      workspaceId: string,
      options: { visibility: Visibility | null; filter?: FeedbackFilter; after?: FeedbackPosition; limit: number },
    ): Promise<ListedRow[]> {
      const { visibility, filter = {}, after, limit } = options;
      if (filter.q !== undefined) {
        const shown = (before?: FeedbackPosition) => shownTo(workspaceId, visibility, filter, before);
        return readListed(await search.pageIds(workspaceId, parseSearch(filter.q), shown, after, limit));
      }
      return db
        .selectFrom('feedback')
        .where(shownTo(workspaceId, visibility, filter, after))
        .leftJoin('widgets', 'widgets.id', 'feedback.widget_id')
        .select([...ROW_COLUMNS, 'widgets.name as widget_name'])
        .orderBy('feedback.created_at', 'desc')
        .orderBy('feedback.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One entry by id, whatever its status, only when it is `workspaceId`'s and the visibility shows it. */
    findVisible(workspaceId: string, id: string, visibility: Visibility | null): Promise<ListedRow | undefined> {
      return visibleTo(workspaceId, visibility, { status: 'any' })
        .where('feedback.id', '=', id)
        .leftJoin('widgets', 'widgets.id', 'feedback.widget_id')
        .select([...ROW_COLUMNS, 'widgets.name as widget_name'])
        .executeTakeFirst();
    },

    async countVisible(workspaceId: string, visibility: Visibility | null): Promise<number> {
      const row = await visibleTo(workspaceId, visibility)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },

    /**
     * Visible entries per calendar day of a zone and widget, over the days' window only: one range
     * of the (workspace_id, created_at, id) index, however deep the owner's history goes.
     */
    async countByDay(
      workspaceId: string,
      visibility: Visibility | null,
      days: Pick<ZoneDays, 'from' | 'to' | 'offsets'>,
    ): Promise<DayCount[]> {
      const rows = await visibleTo(workspaceId, visibility)
        .where('feedback.created_at', '>=', days.from)
        .where('feedback.created_at', '<', days.to)
        .select((eb) => [
          localDayOf(dialect, 'feedback.created_at', days.offsets).as('local_day'),
          'feedback.widget_id',
          eb.fn.countAll().as('count'),
        ])
        // By the output's name: PostgreSQL would not match the day's expression repeated with
        // parameters of other numbers.
        .groupBy([sql.ref('local_day'), 'feedback.widget_id'])
        .execute();
      return rows.map((row) => ({
        day: Number(row.local_day),
        widgetId: row.widget_id,
        count: toCount(row.count as number | undefined),
      }));
    },

    /**
     * Visible entries per status, for the inbox tabs: every status, whatever `filter.status` says,
     * each counted up to the cap (feedback-tab-counts.repo.ts).
     */
    async countByStatus(
      workspaceId: string,
      visibility: Visibility | null,
      filter: FeedbackFilter = {},
    ): Promise<FeedbackStatusCountsResponse> {
      const shownIn = (status: FeedbackStatus | 'any') => shownTo(workspaceId, visibility, { ...filter, status });
      const entries = await countEach(
        db,
        perStatus((status) => upToCap(db.selectFrom('feedback').where(shownIn(status)))),
      );
      if (filter.q === undefined) return cappedAnswer(entries);
      return cappedAnswer(await search.countByStatus(workspaceId, parseSearch(filter.q), shownIn, entries));
    },

    /** Assigns a visible entry (or unassigns it, with null); false when there is no such entry. */
    async assign(
      trx: Tx,
      workspaceId: string,
      feedbackId: string,
      assigneeId: string | null,
      visibility: Visibility | null,
    ) {
      const result = await trx
        .updateTable('feedback')
        .set({ assignee_id: assigneeId })
        .where('feedback.id', '=', feedbackId)
        .where(shownTo(workspaceId, visibility, { status: 'any' }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The entries among `ids` that are `workspaceId`'s and visible (any status), as a status change needs them. */
    readStatusTargets(trx: Tx, workspaceId: string, ids: readonly string[], visibility: Visibility | null) {
      return visibleTo(workspaceId, visibility, { status: 'any' }, trx)
        .select(['feedback.id', 'feedback.status'])
        .where('feedback.id', 'in', [...ids])
        .execute();
    },

    async countHidden(workspaceId: string, visibility: Visibility | null): Promise<number> {
      const hidden = hiddenBy(visibility);
      if (hidden === null) return 0;
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('workspace_id', '=', workspaceId)
        .where(hidden)
        .executeTakeFirst();
      return toCount(row?.count as number | undefined);
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
