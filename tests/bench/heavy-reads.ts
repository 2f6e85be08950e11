/**
 * One owner's heavy reads never stall the server (issue 30, item 3): while the inbox bench's big
 * owner (its hundreds of thousands of rows, seed-feedback.ts) runs SEARCHERS searches at once, over
 * and over, another owner's widget config (`GET /api/public/widget/:key`, what every visitor of
 * every site loads) keeps its p99 within MAX_RATIO × its p99 with nothing else running.
 *
 * Before the fix every search ran on the event loop (SQLite answers synchronously), and the tab
 * counts of a common word counted every match: 8 parallel searches held the config for seconds.
 *
 * The config is loaded as the rest of the bench loads the public API (wrk -c50, wrk.ts), idle and
 * under the searches in turn, ROUNDS times; the best p99 of each kind counts (run.ts, summarise:
 * other jobs on a shared machine only ever add time). Each searcher asks what the inbox asks for a
 * search, its page and its tab counts, for words in 20-64 % of the big inbox's rows, and waits as
 * `Retry-After` says when the server answers 429 (the per-account limit on heavy reads): a client
 * hammering on regardless costs the server a refusal each time, which the line would count too.
 */
import http from 'node:http';
import type { BenchDatabase } from './bench-database';
import type { ChildServer } from './child-servers';
import { timedGet } from './timed-get';
import { createWidget, expectStatus, registerPremiumOwner, SITE_ORIGIN } from './tellbox-server';
import type { BudgetCheck } from './widget-bench';
import { runWrk, type WrkResult } from './wrk';

export const HEAVY_READS_BUDGET_COUNT = 1;
/** The budget: the other owner's config p99 under the searches, against its idle p99. */
const MAX_RATIO = 3;
const SEARCHERS = 8;
/**
 * Idle and loaded alternate this many times, each wrk run half the profile's BENCH_SECONDS (1 s in
 * CI): more, shorter rounds than the other lines, so each kind has several chances at a quiet
 * moment of a shared machine, a PostgreSQL on it included.
 */
const ROUNDS = 5;
const WARM_UP_SECONDS = 1;
/**
 * A run that answered fewer requests than this has no p99 to speak of: wrk reports only the
 * answers that came within its run, so a server the searches stall answers a handful, or none,
 * and their p99 would look fine. Such a run counts as never answering.
 */
const MIN_ANSWERS = 100;
/** Words in 64 %, 30 % and 20 % of the big inbox's rows (seed-feedback.ts, MESSAGE_PARTS). */
const COMMON_WORDS = ['checkout', 'slow mobile', 'safari'];
const OTHER_OWNER = { name: 'Widget Owner', email: 'widget-owner@example.com', password: 'a widget owner passphrase' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SearchTally {
  answered: number;
  refused: number;
}

interface Searchers {
  /** Settles once every searcher has had an answer: the server is searching in its steady state. */
  busy: Promise<void>;
  /** Stops the loops; how many searches were answered and how many refused (429) meanwhile. */
  stop(): Promise<SearchTally>;
}

/**
 * SEARCHERS loops of the big owner's searches, each the inbox's page and tab counts, until stopped.
 *
 * The config's run starts once they are `busy`, not with them: a run of a second whose first tenth
 * held the searchers' new connections and first turns measured that start-up, not the searches (a
 * p99 is its slowest hundredth), and made the line pass or fail with how the start happened to fall.
 */
function startSearchers(server: ChildServer, auth: Record<string, string>): Searchers {
  const tally: SearchTally = { answered: 0, refused: 0 };
  let done = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: SEARCHERS });
  let waitingForFirst = SEARCHERS;
  let markBusy = () => {};
  const busy = new Promise<void>((resolve) => {
    markBusy = resolve;
  });
  const searcher = async (index: number) => {
    let first = true;
    for (let turn = index; !done; turn += 1) {
      const q = encodeURIComponent(COMMON_WORDS[turn % COMMON_WORDS.length] ?? '');
      for (const path of [`/api/feedback?q=${q}&limit=50`, `/api/feedback/status-counts?q=${q}`]) {
        const answer = await timedGet(server, agent, path, auth);
        if (answer.status === 429) {
          tally.refused += 1;
          // What a client told Retry-After does, not a wait for a result: the loop goes on searching.
          await sleep(Number(answer.headers['retry-after'] ?? 1) * 1000);
        } else if (answer.status === 200) tally.answered += 1;
        else throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
        if (first) {
          first = false;
          if (--waitingForFirst === 0) markBusy();
        }
      }
    }
  };
  const loops = Promise.all(Array.from({ length: SEARCHERS }, (_, index) => searcher(index)));
  // A searcher that failed fails the line at once, rather than leaving `busy` unsettled.
  const failed = loops.then(() => new Promise<never>(() => {}));
  return {
    busy: Promise.race([busy, failed]),
    async stop() {
      done = true;
      try {
        await loops;
        return tally;
      } finally {
        agent.destroy();
      }
    },
  };
}

const msOf = (p99: number) =>
  Number.isFinite(p99) ? `${p99.toFixed(1)} ms` : `none (under ${MIN_ANSWERS} answers a run)`;
/** A run's p99, or Infinity when it answered too few requests to have one (MIN_ANSWERS). */
const p99Of = (run: WrkResult) => (run.requests >= MIN_ANSWERS ? run.p99Ms : Infinity);
const best = (runs: WrkResult[]) => Math.min(...runs.map(p99Of));
const badOf = (runs: WrkResult[]) => runs.reduce((sum, run) => sum + run.non2xx + run.socketErrors, 0);

/**
 * Registers another premium owner with a widget on `server` (its config then answers 200 to the
 * site), and measures that config idle and under the big owner's (`bigAuth`) searches.
 */
export async function benchHeavyReads(options: {
  server: ChildServer;
  database: BenchDatabase;
  bigAuth: Record<string, string>;
  seconds: number;
}): Promise<BudgetCheck> {
  const { server, database, bigAuth } = options;
  const seconds = Math.max(1, Math.round(options.seconds / 2));
  const auth = await registerPremiumOwner(server, database, OTHER_OWNER);
  const widget = await createWidget(server, auth, 'Quiet shop');
  const configPath = `/api/public/widget/${encodeURIComponent(widget.key)}`;
  await expectStatus(server, 200, 'GET', configPath, undefined, { Origin: SITE_ORIGIN });
  const load = (s: number) =>
    runWrk({ url: `${server.url}${configPath}`, seconds: s, headers: { Origin: SITE_ORIGIN } });

  const started = performance.now();
  await load(WARM_UP_SECONDS);
  const idle: WrkResult[] = [];
  const loaded: WrkResult[] = [];
  const tally: SearchTally = { answered: 0, refused: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    idle.push(await load(seconds));
    const searchers = startSearchers(server, bigAuth);
    let run: WrkResult;
    try {
      await searchers.busy;
      run = await load(seconds);
    } catch (error) {
      // Stopped, so a failed round leaves no loop searching behind the next line.
      await searchers.stop().catch(() => undefined);
      throw error;
    }
    const searched = await searchers.stop();
    loaded.push(run);
    tally.answered += searched.answered;
    tally.refused += searched.refused;
  }
  const idleP99 = best(idle);
  const loadedP99 = best(loaded);
  const ratio = loadedP99 / idleP99;
  const bad = badOf(idle) + badOf(loaded);
  const p99s = (runs: WrkResult[]) =>
    runs.map((run) => (Number.isFinite(p99Of(run)) ? run.p99Ms.toFixed(1) : `- (${run.requests} answers)`)).join(', ');
  console.log(
    `heavy reads (${database.label}): config p99 idle ${p99s(idle)} ms, under ${SEARCHERS} searches ` +
      `${p99s(loaded)} ms; ${tally.answered} search requests answered, ${tally.refused} refused (429); ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    ok: ratio <= MAX_RATIO && bad === 0 && tally.answered > 0,
    text:
      `another owner's widget config under ${SEARCHERS} parallel searches by one owner (${database.label}): ` +
      `p99 ${msOf(loadedP99)} against ${msOf(idleP99)} idle (best of ${ROUNDS} × ${seconds} s, ` +
      `wrk -c50), ${ratio.toFixed(2)} ×, budget ≤ ${MAX_RATIO} ×; ${tally.answered} search requests answered, ` +
      `${tally.refused} refused` +
      (bad ? ` (but ${bad} non-2xx answers or socket errors on the config)` : ''),
  };
}
