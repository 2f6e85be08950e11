/**
 * One owner's search never pays for another owner's rows: beside the inbox bench's million rows
 * (another owner's), a small inbox of SMALL_ROWS entries searching words that fill the big inbox
 * answers about as fast as the same search for a word the big inbox never holds, within
 * MAX_RATIO of it.
 *
 * A ratio of two searches measured in the same run, round robin on the same server and database,
 * not a time: they differ only in one word, `checkout` (in 64 % of the big inbox's rows,
 * seed-feedback.ts) or `harbor` (in none), and both find every entry of the small inbox. Each
 * holds `is` too, in four of ten of the big inbox's rows: a search with one rare word costs little
 * anyway, as the full-text index reads the rare word's few rows and skips through the others.
 * Without the owner in SQLite's full-text query (feedback-search.ts, ftsOwnerQueryOf), the tab
 * counts read through every one of the big inbox's matches. `is` is too short to be the start of
 * longer words (MIN_PREFIX_LENGTH): a last word's longer words are looked up among every owner's
 * words (feedback-search.repo.ts), a cost this line does not hold to the ratio yet.
 *
 * A sample is what the inbox asks for a search: its first page and its tab counts, one after the
 * other, timed as the pages are (timed-get.ts). Each answer is checked: every entry of the small
 * inbox, newest first, and all of them counted as new.
 */
import http from 'node:http';
import type { FeedbackListResponse, FeedbackStatusCountsResponse } from '../../src/shared/api';
import { STATUS_COUNT_CAP } from '../../src/shared/limits';
import { withDatabase, type BenchDatabase } from './bench-database';
import type { ChildServer } from './child-servers';
import { timedGet } from './timed-get';
import { createWidget, expectStatus, registerPremiumOwner, SITE_ORIGIN } from './tellbox-server';
import type { BudgetCheck } from './widget-bench';

const SMALL_ROWS = 30;
const SAMPLES = 15;
const PAGE_SIZE = 50;
/** Generous: the same work measures within a few tens of per cent; the flaw measured ten times. */
const MAX_RATIO = 3;
const COMMON_THERE = 'checkout is';
const ABSENT_THERE = 'harbor is';
const SMALL_MESSAGE = 'The checkout is slow at the harbor';
const SMALL_OWNER = { name: 'Small Owner', email: 'small-owner@example.com', password: 'a quiet inbox passphrase' };

/** The small inbox's ids, newest first, as the list orders them. */
async function smallIdsOf(database: BenchDatabase, widgetId: string): Promise<string[]> {
  return withDatabase(database, async ({ db }) => {
    const rows = await db
      .selectFrom('feedback')
      .select('id')
      .where('widget_id', '=', widgetId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  });
}

/** One search as the inbox runs it, its page and tab counts; the ms both took, and what they answered. */
async function search(server: ChildServer, agent: http.Agent, q: string, auth: Record<string, string>) {
  const query = `q=${encodeURIComponent(q)}`;
  const page = await timedGet(server, agent, `/api/feedback?${query}&limit=${PAGE_SIZE}`, auth);
  const counts = await timedGet(server, agent, `/api/feedback/status-counts?${query}`, auth);
  for (const answer of [page, counts]) {
    if (answer.status !== 200) throw new Error(`search "${q}": ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  return {
    ms: page.ms + counts.ms,
    ids: (JSON.parse(page.body) as FeedbackListResponse).feedbacks.map((item) => item._id),
    counted: (JSON.parse(counts.body) as FeedbackStatusCountsResponse).counts.new,
    capped: (JSON.parse(counts.body) as FeedbackStatusCountsResponse).capped.new,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Registers a second premium owner on `server`, sends SMALL_ROWS feedback to its widget through
 * the public API, checks that the big inbox's owner (`bigAuth`, `bigRows` rows) finds the common
 * words in many of its rows and the absent one in none, then measures the small owner's searches.
 */
export async function benchInboxSearchTenants(options: {
  server: ChildServer;
  database: BenchDatabase;
  bigRows: number;
  bigAuth: Record<string, string>;
}): Promise<BudgetCheck> {
  const { server, database, bigRows, bigAuth } = options;
  const auth = await registerPremiumOwner(server, database, SMALL_OWNER);
  const widget = await createWidget(server, auth, 'Small shop');
  const feedbackPath = `/api/public/widget/${encodeURIComponent(widget.key)}/feedback`;
  for (let sent = 0; sent < SMALL_ROWS; sent += 1) {
    const body = { message: SMALL_MESSAGE, pageUrl: `${SITE_ORIGIN}/harbor`, authorName: 'Small Visitor' };
    await expectStatus(server, 201, 'POST', feedbackPath, body, { Origin: SITE_ORIGIN });
  }
  const smallIds = await smallIdsOf(database, widget._id);
  if (smallIds.length !== SMALL_ROWS) throw new Error(`the small inbox holds ${smallIds.length} entries`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const common = await search(server, agent, COMMON_THERE, bigAuth);
    const absent = await search(server, agent, ABSENT_THERE, bigAuth);
    // The tab counts stop at STATUS_COUNT_CAP: far fewer than the big inbox's matches.
    if (common.counted < Math.min(bigRows / 10, STATUS_COUNT_CAP) || absent.counted !== 0) {
      throw new Error(
        `the big inbox counts ${common.counted} "${COMMON_THERE}" and ${absent.counted} "${ABSENT_THERE}"`,
      );
    }
    const times = new Map<string, number[]>([
      [COMMON_THERE, []],
      [ABSENT_THERE, []],
    ]);
    // One warm-up each, then round robin, so both see the same caches and the same moments of the machine.
    for (let sample = -1; sample < SAMPLES; sample += 1) {
      for (const [q, ms] of times) {
        const answer = await search(server, agent, q, auth);
        if (answer.ids.join() !== smallIds.join() || answer.counted !== SMALL_ROWS) {
          throw new Error(`the small owner's "${q}" found ${answer.ids.length} entries and counted ${answer.counted}`);
        }
        if (sample >= 0) ms.push(answer.ms);
      }
    }
    const commonMs = median(times.get(COMMON_THERE) ?? []);
    const absentMs = median(times.get(ABSENT_THERE) ?? []);
    const ratio = commonMs / absentMs;
    const share = common.capped
      ? `over ${STATUS_COUNT_CAP} entries`
      : `${((common.counted / bigRows) * 100).toFixed(0)} %`;
    return {
      ok: ratio <= MAX_RATIO,
      text:
        `inbox search beside a bigger inbox (${database.label}, ${SMALL_ROWS} feedback): "${COMMON_THERE}" ` +
        `(in ${share} of the big inbox) ${commonMs.toFixed(1)} ms, "${ABSENT_THERE}" (in none) ` +
        `${absentMs.toFixed(1)} ms (medians of ${SAMPLES}, page and tab counts, round robin): ` +
        `${ratio.toFixed(2)} ×, budget ≤ ${MAX_RATIO} ×`,
    };
  } finally {
    agent.destroy();
  }
}
