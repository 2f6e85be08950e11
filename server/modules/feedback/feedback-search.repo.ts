/**
 * The SQL of an inbox search (feedback-search.ts says what matches).
 *
 * A page is the newest matches, and a word may be in nearly every entry or in a handful: sorting
 * every match by time costs a million rows for the first kind, and walking the inbox newest first
 * until a page matches costs a million for the second. So a page is read in two steps:
 * 1. The newest entries the filter shows (from the cursor: one range of a (…, created_at, id)
 *    index), kept when they match. When they hold a page of matches, that is the page, since
 *    everything else is older than all of them. Twenty pages' worth first, which a word in one
 *    entry of twenty fills, then SEARCH_WINDOW_ROWS, which a word in one of two hundred fills (a
 *    window costs what its rows cost to read: 10 000 were most of a common word's time). The
 *    wider window is skipped when the first one's matches say it would not fill a page either
 *    and the owner has few matches in all (FEW_MATCHES): step 2 is then cheaper than both.
 * 2. Otherwise every match the full-text index finds, sorted by time: few, for a word that fills
 *    less than a page of the newest window (and when the window held the whole inbox, step 1
 *    already saw every candidate).
 * Each engine is held to that plan, instead of the one its statistics would pick: a query whose
 * words are each common but never together (`slow safari`) looks like the first kind to
 * PostgreSQL's planner, which then walks the whole inbox to find nothing.
 *
 * Every full-text match is the searching owner's (feedback-search.ts, ftsOwnerQueryOf): FTS5 holds
 * every owner's rows in one index, and a word common in another owner's inbox would otherwise be
 * read through on step 1's rowid range, step 2 and the tab counts alike. PostgreSQL leaves the
 * owner to its planner, which reads the owner's rows by their index or pairs that index's bitmap
 * with GIN's.
 *
 * SQLite: FTS5 hands out matches in rowid order and is slow to test one row at a time, so step 1
 * asks it for the matches between the window's lowest and highest rowid (rows arrive in time
 * order, so that range is about the window), and step 2 reads its matches first (CROSS JOIN
 * keeps that order) and looks each row up by rowid. PostgreSQL: step 1 tests each row's
 * search_vector; step 2 is fenced off (OFFSET 0) so it collects the matches from the GIN index
 * before sorting them.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { FEEDBACK_STATUSES, type FeedbackStatus, type FeedbackStatusCounts } from '../../../src/shared/feedback-status';
import { STATUS_COUNT_CAP } from '../../../src/shared/limits';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import {
  ftsAnyOwnerQueryOf,
  ftsOwnerQueryOf,
  ftsQueryOf,
  prefixOf,
  tsQueryOf,
  type SearchQuery,
} from './feedback-search';
import { countEach, perStatus, upToCap } from './feedback-tab-counts.repo';

/** Entries a search tests from the newest end before it asks the full-text index for every match. */
export const SEARCH_WINDOW_ROWS = 10_000;
/** Step 1's first window is this many pages long (1 020 entries for a page of 50, 4 020 for an export's 200). */
const WINDOW_PAGES = 20;
/** Matches step 2 sorts in about the time step 1 reads SEARCH_WINDOW_ROWS entries. */
export const FEW_MATCHES = 2_000;
/** SQLite: a prefix starting more indexed words than this is left to FTS5's own prefix query. */
const MAX_COMPLETIONS = 100;
/** Text FTS5's unicode61 tokenizer and JavaScript lower-case alike. */
const ASCII = /^[\x20-\x7e]*$/;

interface Position {
  createdAt: string;
  id: string;
}

/** The entries the inbox's filter shows (not its words), strictly older than `after` when given. */
export type ShownCondition = (after?: Position) => Expression<SqlBool>;

/** What a query asks each engine: FTS5's MATCH text, or PostgreSQL's condition on a row. */
type Match = { fts: string; anyOwnerFts: string } | { ts: RawBuilder<SqlBool> };

export function createFeedbackSearch(db: Kysely<Database>) {
  const dialect = dialectOf(db);

  /**
   * SQLite's MATCH text for `search`, its last word's prefix turned into the indexed words it starts
   * (feedback_search_terms: a range of the index's terms, each read once to count it), unless there
   * are none (a case FTS5 folds otherwise than JavaScript; its prefix query then costs nothing)
   * or very many. FTS5 reads those words as it goes, in rowid ranges; its prefix query would first
   * merge every occurrence of them all (30-40 ms for a word in most of a million rows).
   * Either way every owner's occurrences are read, not the searching owner's only: 13 ms for a
   * small inbox's `checkout` beside another owner's 640 000 (fts5vocab counts each word's rows to
   * list it, and has no way to list without counting).
   * So the word as typed is not looked up when its lower case is surely the index's (ASCII: FTS5
   * and JavaScript fold it alike): it goes in as one of the completions unseen, free when it is
   * not indexed, and only the longer words are listed (a term holds no control character, so
   * they all sort at or after `prefix` + U+0001). A full word in most rows then costs nothing to
   * complete (18 ms for `checkout` in 640 000 of a million, 0.6 ms without it).
   */
  async function ftsQuery(search: SearchQuery): Promise<string> {
    const prefix = prefixOf(search);
    if (prefix === null) return ftsQueryOf(search);
    const typedIsIndexed = ASCII.test(prefix);
    const from = typedIsIndexed ? `${prefix}\u0001` : prefix;
    const { rows } = await sql<{ term: string }>`select distinct term from feedback_search_terms
      where term >= ${from} and term < ${`${prefix}\u{10FFFF}`} and col <> 'workspace_id'
      limit ${MAX_COMPLETIONS + 1}`.execute(db);
    const completions = rows.map((row) => row.term);
    if (completions.length > MAX_COMPLETIONS) return ftsQueryOf(search);
    return ftsQueryOf(search, typedIsIndexed ? [prefix, ...completions] : completions);
  }

  async function matchOf(workspaceId: string, search: SearchQuery): Promise<Match> {
    if (dialect === 'postgres') {
      return { ts: sql<SqlBool>`feedback.search_vector @@ to_tsquery('simple', ${tsQueryOf(search)})` };
    }
    const words = await ftsQuery(search);
    return { fts: ftsOwnerQueryOf(workspaceId, words), anyOwnerFts: ftsAnyOwnerQueryOf(words) };
  }

  /** The FTS5 table's matches, as a table of rowids to read `feedback` from (CROSS JOIN: first). */
  const ftsMatches = (fts: string) =>
    db
      .selectFrom(
        sql<{ r: number }>`(select rowid as r from feedback_search where feedback_search match ${fts})`.as('matched'),
      )
      .crossJoin('feedback')
      .where(sql<SqlBool>`feedback.rowid = matched.r`);

  /** Step 1: the ids of up to `limit` matches among the newest `window` entries shown, newest first. */
  async function newestMatches(match: Match, shown: Expression<SqlBool>, window: number, limit: number) {
    const newest = db
      .selectFrom('feedback')
      .where(shown)
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc')
      .limit(window);
    if ('ts' in match) {
      const rows = await db
        .selectFrom(newest.select(['feedback.id', 'feedback.created_at', match.ts.as('matches')]).as('newest'))
        .select('newest.id')
        .where('newest.matches', '=', true)
        .orderBy('newest.created_at', 'desc')
        .orderBy('newest.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    }
    const rows = await db
      .with(
        (cte) => cte('newest').materialized(),
        () => newest.select([sql<number>`feedback.rowid`.as('r'), 'feedback.created_at', 'feedback.id']),
      )
      .selectFrom('newest')
      .select('newest.id')
      .where(
        sql<SqlBool>`newest.r in (select rowid from feedback_search where feedback_search match ${match.fts}
          and rowid between (select min(r) from newest) and (select max(r) from newest))`,
      )
      .orderBy('newest.created_at', 'desc')
      .orderBy('newest.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Whether at least `window` entries are shown: else step 1 saw every one of them. */
  async function holdsMoreThan(shown: Expression<SqlBool>, window: number): Promise<boolean> {
    const row = await db
      .selectFrom(
        db
          .selectFrom('feedback')
          .where(shown)
          .select(sql<number>`1`.as('one'))
          .limit(window)
          .as('newest'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0) >= window;
  }

  /**
   * Whether `workspaceId` surely has at most `count` entries that match, whatever the filter shows.
   * SQLite counts every owner's (never fewer): without the owner's rows to step through beside
   * them, a rare word's handful costs next to nothing to count (5 ms with them in a million).
   */
  async function matchesAtMost(workspaceId: string, match: Match, count: number): Promise<boolean> {
    const one = sql<number>`1`.as('one');
    const matching =
      'ts' in match
        ? db
            .selectFrom('feedback')
            .where('feedback.workspace_id', '=', workspaceId)
            .where(match.ts)
            .select(one)
            .limit(count + 1)
        : db
            .selectFrom(sql`feedback_search`.as('feedback_search'))
            .where(sql<SqlBool>`feedback_search match ${match.anyOwnerFts}`)
            .select(one)
            .limit(count + 1);
    const row = await db
      .selectFrom(matching.as('matching'))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0) <= count;
  }

  /** Step 2: the ids of the newest `limit` of every match shown, newest first. */
  async function allMatches(match: Match, shown: Expression<SqlBool>, limit: number) {
    const matching =
      'ts' in match
        ? db
            .selectFrom(
              db
                .selectFrom('feedback')
                .where(shown)
                .where(match.ts)
                .select(['feedback.id', 'feedback.created_at'])
                .offset(0)
                .as('feedback'),
            )
            .select('feedback.id')
        : ftsMatches(match.fts).where(shown).select('feedback.id');
    const rows = await matching
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  return {
    /** The ids of a page of matches, newest first: up to `limit`, strictly older than `after`. */
    async pageIds(
      workspaceId: string,
      search: SearchQuery,
      shown: ShownCondition,
      after: Position | undefined,
      limit: number,
    ) {
      if (search.phrases.length === 0) return [];
      const match = await matchOf(workspaceId, search);
      const first = limit * WINDOW_PAGES;
      const newest = await newestMatches(match, shown(after), first, limit);
      if (newest.length >= limit || !(await holdsMoreThan(shown(after), first))) return newest;
      // The wider window, unless it would not fill a page either at the first one's rate of
      // matches and the owner's matches are few enough to sort them all.
      const wouldFill = (newest.length * SEARCH_WINDOW_ROWS) / first >= limit;
      if (first < SEARCH_WINDOW_ROWS && (wouldFill || !(await matchesAtMost(workspaceId, match, FEW_MATCHES)))) {
        const wider = await newestMatches(match, shown(after), SEARCH_WINDOW_ROWS, limit);
        if (wider.length >= limit || !(await holdsMoreThan(shown(after), SEARCH_WINDOW_ROWS))) return wider;
      }
      return allMatches(match, shown(after), limit);
    },

    /**
     * The matches `shownIn` each status shows, each counted up to the cap (feedback-tab-counts.repo.ts);
     * `entries` are the counts without the words: a status holds at most as many matches.
     *
     * PostgreSQL counts each status on its own, testing each row's search_vector: its planner reads
     * a status's rows by their index, or the GIN index's matches, whichever it finds fewer, and a
     * common word stops at the cap. SQLite's FTS5 costs about 250 µs to test one row, so it reads
     * the matches and looks each row up: when every status that has entries has more than the cap,
     * each status's count stops at the cap (the newest 400 000 entries all `new`: 20 ms for
     * `checkout`, in 64 % of them, where counting every match took 400-600); when a status has
     * fewer, its matches are only known once every match is read, so one pass counts them all, as
     * before the cap.
     */
    async countByStatus(
      workspaceId: string,
      search: SearchQuery,
      shownIn: (status: FeedbackStatus | 'any') => Expression<SqlBool>,
      entries: FeedbackStatusCounts,
    ): Promise<FeedbackStatusCounts> {
      const counts: FeedbackStatusCounts = { new: 0, in_progress: 0, resolved: 0, spam: 0 };
      if (search.phrases.length === 0) return counts;
      const match = await matchOf(workspaceId, search);
      const empty = (status: FeedbackStatus) => entries[status] === 0;
      if ('ts' in match) {
        return countEach(
          db,
          perStatus((status) =>
            empty(status) ? 0 : upToCap(db.selectFrom('feedback').where(shownIn(status)).where(match.ts)),
          ),
        );
      }
      if (FEEDBACK_STATUSES.every((status) => empty(status) || entries[status] > STATUS_COUNT_CAP)) {
        return countEach(
          db,
          perStatus((status) => (empty(status) ? 0 : upToCap(ftsMatches(match.fts).where(shownIn(status))))),
        );
      }
      const rows = await ftsMatches(match.fts)
        .where(shownIn('any'))
        .select((eb) => ['feedback.status', eb.fn.countAll<number | string>().as('count')])
        .groupBy('feedback.status')
        .execute();
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },
  };
}

export type FeedbackSearch = ReturnType<typeof createFeedbackSearch>;
