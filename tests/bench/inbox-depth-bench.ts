/**
 * The inbox at depth: one widget of a premium owner holds a million feedback rows (seeded in bulk,
 * seed-feedback.ts), and `GET /api/feedback?widgetId=…&limit=50&cursor=…` must answer each page
 * within 20 ms of server time however deep it is: the first page, 10 %, 50 %, 90 % and the last.
 * An absolute budget, because the issue states it in milliseconds (as the search's over the same
 * rows, inbox-search.ts, is); it is far above what a page should cost (about a millisecond) so
 * the noise of a shared machine stays below it, and far below what reading every newer row costs
 * (50-150 ms at 90 %).
 *
 * Server time is measured from outside as the round trip on loopback, from sending the request to
 * the last byte of the answer, on a kept-alive connection: an upper bound of the server's time,
 * the median of SAMPLES requests per depth after one warm-up request each. The cursors are the
 * positions of the rows before each page, encoded as the server encodes them
 * (lib/keyset-cursor.ts), and each answer is checked: 50 entries starting at the expected row.
 */
import http from 'node:http';
import { encodeKeysetCursor } from '../../server/lib/keyset-cursor';
import { withDatabase, type BenchDatabase } from './bench-database';
import type { ChildServer } from './child-servers';
import { benchSize } from './bench-profile';
import { benchHeavyReads } from './heavy-reads';
import { benchInboxExport } from './inbox-export';
import { benchInboxSearch } from './inbox-search';
import { benchInboxSearchTenants } from './inbox-search-tenants';
import { seedFeedback } from './seed-feedback';
import { timedGet } from './timed-get';
import { createWidget, registerPremiumOwner, startTellbox, type TellboxOptions } from './tellbox-server';
import type { BudgetCheck } from './widget-bench';

/**
 * Budget lines per database measured: the pages, a search (inbox-search.ts), a small inbox's search
 * beside them (inbox-search-tenants.ts), another owner's widget under the big inbox's searches
 * (heavy-reads.ts), and the export of them all.
 */
export const INBOX_DEPTH_BUDGET_COUNT = 5;
const BUDGET_MS = 20;
const PAGE_SIZE = 50;
const SAMPLES = 15;
/** Seeded feedback, one every STEP_SECONDS: a million span about eleven months. */
const STEP_SECONDS = 30;
const OWNER = { name: 'Inbox Owner', email: 'inbox-owner@example.com', password: 'a busy inbox passphrase' };

interface Depth {
  label: string;
  /** Index (newest first) of the page's first row. */
  offset: number;
}

function depthsOf(rows: number): Depth[] {
  return [
    { label: 'first page', offset: 0 },
    { label: '10 %', offset: Math.floor(rows * 0.1) },
    { label: '50 %', offset: Math.floor(rows * 0.5) },
    { label: '90 %', offset: Math.floor(rows * 0.9) },
    { label: 'last page', offset: rows - PAGE_SIZE },
  ];
}

interface Page {
  depth: Depth;
  path: string;
  /** The id the page must start with. */
  firstId: string;
  /** The last page has no next cursor; every other one has. */
  last: boolean;
}

/** The request of each page, with the rows it must answer, read from the database. */
async function pagesOf(database: BenchDatabase, widgetId: string, rows: number): Promise<Page[]> {
  return withDatabase(database, async ({ db }) => {
    const pages: Page[] = [];
    for (const depth of depthsOf(rows)) {
      const [before, first] = await db
        .selectFrom('feedback')
        .select(['created_at', 'id'])
        .where('widget_id', '=', widgetId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(Math.max(0, depth.offset - 1))
        .limit(2)
        .execute();
      const start = depth.offset === 0 ? before : first;
      if (!before || !start) throw new Error(`no feedback row at ${depth.offset}`);
      const query = new URLSearchParams({ widgetId, limit: String(PAGE_SIZE) });
      if (depth.offset > 0) query.set('cursor', encodeKeysetCursor(before.created_at, before.id));
      pages.push({
        depth,
        path: `/api/feedback?${query.toString()}`,
        firstId: start.id,
        last: depth.offset + PAGE_SIZE >= rows,
      });
    }
    return pages;
  });
}

/** Throws unless the answer is the page expected: PAGE_SIZE entries from `firstId`, a cursor unless last. */
function checkPage(page: Page, answer: { status: number; body: string }) {
  if (answer.status !== 200) throw new Error(`${page.depth.label}: ${answer.status} ${answer.body.slice(0, 200)}`);
  const body = JSON.parse(answer.body) as { feedbacks: { _id: string }[]; nextCursor: string | null };
  const problems = [
    body.feedbacks.length !== PAGE_SIZE && `${body.feedbacks.length} entries`,
    body.feedbacks[0]?._id !== page.firstId && `starts at ${body.feedbacks[0]?._id ?? 'nothing'}, not ${page.firstId}`,
    (body.nextCursor === null) !== page.last && `nextCursor ${body.nextCursor === null ? 'missing' : 'present'}`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`${page.depth.label} page is wrong: ${problems.join(', ')}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const grouped = (value: number) => value.toLocaleString('en-US').replace(/,/g, ' ');

async function measure(server: ChildServer, pages: Page[], auth: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const samples = new Map<Page, number[]>(pages.map((page) => [page, []]));
    for (const page of pages) checkPage(page, await timedGet(server, agent, page.path, auth));
    // Round robin over the depths, so a noisy moment on the machine hits them alike.
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      for (const page of pages) {
        const answer = await timedGet(server, agent, page.path, auth);
        checkPage(page, answer);
        samples.get(page)?.push(answer.ms);
      }
    }
    return pages.map((page) => ({
      page,
      ms: median(samples.get(page) ?? []),
      max: Math.max(...(samples.get(page) ?? [])),
    }));
  } finally {
    agent.destroy();
  }
}

export type InboxOptions = TellboxOptions & { rows: number };

/** One database's inbox bench under way: its server, the premium owner and the widget that gets the rows. */
export interface Inbox {
  options: InboxOptions;
  server: ChildServer;
  auth: Record<string, string>;
  widget: { _id: string; key: string };
  started: number;
  seedSeconds: number;
}

/**
 * Starts a server on `options.database` (after the load runs, which used the same database: the
 * table also holds their rows) and registers a premium owner with one widget.
 */
export async function openInbox(options: InboxOptions): Promise<Inbox> {
  if (options.rows < 10 * PAGE_SIZE) throw new Error(`the inbox needs at least ${10 * PAGE_SIZE} rows for its depths`);
  const started = performance.now();
  const server = await startTellbox({
    ...options,
    name: `Tellbox server (${options.database.label}, inbox)`,
    rateLimits: 'off',
  });
  try {
    const auth = await registerPremiumOwner(server, options.database, OWNER);
    const widget = await createWidget(server, auth, 'Busy shop');
    return { options, server, auth, widget, started, seedSeconds: 0 };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Seeds the inbox's rows; `onSent` as seedFeedback's. */
export async function seedInbox(inbox: Inbox, onSent?: () => void) {
  const { database, rows } = inbox.options;
  const seedStarted = performance.now();
  // Whole seconds, a minute back: every seeded row is older than anything the owner sends next.
  const endAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  await withDatabase(database, async ({ db }) => {
    const { workspace_id: workspaceId } = await db
      .selectFrom('widgets')
      .select('workspace_id')
      .where('id', '=', inbox.widget._id)
      .executeTakeFirstOrThrow();
    await seedFeedback(
      db,
      { workspaceId, widgetId: inbox.widget._id, count: rows, endAt, stepSeconds: STEP_SECONDS },
      onSent,
    );
  });
  inbox.seedSeconds = (performance.now() - seedStarted) / 1000;
}

/**
 * The inbox's CSV export. A memory budget, yet it runs alone too: streamed while PostgreSQL seeded
 * beside it, the server starved for CPU and its garbage outran the collector (SQLite grew 192 and
 * 199 MB in two CI runs on a slow day, 37 and 9 MB alone on the same machine).
 */
const exportOf = (inbox: Inbox) =>
  benchInboxExport({
    server: inbox.server,
    database: inbox.options.database,
    widgetId: inbox.widget._id,
    rows: inbox.options.rows,
    auth: inbox.auth,
  });

/** Measures the pages, the searches and the export: nothing else may run meanwhile. */
async function measureInbox(inbox: Inbox): Promise<BudgetCheck[]> {
  const { server, auth, widget } = inbox;
  const { database, rows } = inbox.options;
  const pages = await pagesOf(database, widget._id, rows);
  const results = await measure(server, pages, auth);
  const ok = results.every((result) => result.ms <= BUDGET_MS);
  console.log(
    `inbox at depth (${database.label}): ${grouped(rows)} feedback seeded (and indexed for search) in ${inbox.seedSeconds.toFixed(1)} s; ` +
      `${SAMPLES} requests per page (median, max): ` +
      results
        .map((result) => `${result.page.depth.label} ${result.ms.toFixed(1)}, ${result.max.toFixed(1)} ms`)
        .join('; ') +
      `; ${((performance.now() - inbox.started) / 1000).toFixed(1)} s in all`,
  );
  const search = await benchInboxSearch({ server, database, widgetId: widget._id, rows, auth });
  const tenants = await benchInboxSearchTenants({ server, database, bigRows: rows, bigAuth: auth });
  const heavyReads = await benchHeavyReads({ server, database, bigAuth: auth, seconds: benchSize('BENCH_SECONDS') });
  return [
    {
      ok,
      text:
        `inbox page at depth (${database.label}, ${grouped(rows)} feedback, limit ${PAGE_SIZE}): ` +
        results.map((result) => `${result.page.depth.label} ${result.ms.toFixed(1)} ms`).join(', ') +
        ` (median round trip on loopback), budget ≤ ${BUDGET_MS} ms each`,
    },
    search,
    tenants,
    heavyReads,
    await exportOf(inbox),
  ];
}

/** A failure of one database's inbox, with its server's last output. */
function withOutput(error: unknown, inbox?: Inbox): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const output = inbox ? `\nthe server's last output:\n${inbox.server.output()}` : '';
  return new Error(`${reason}${output}`, { cause: error });
}

/**
 * The inbox at depth on each database given (a database that could not be set up comes with its
 * `failure`): a premium owner's widget with `rows` seeded feedback, its pages, its searches, a
 * small inbox's searches beside it and its export. Only the seeding runs side by side, as each
 * database works in a process of its own: PostgreSQL seeds in its server while SQLite seeds in this
 * process; what is timed or counts memory runs alone.
 */
export async function benchInboxDepths(
  databases: { label: string; options?: InboxOptions; failure?: unknown }[],
): Promise<BudgetCheck[]> {
  const checks = new Map<string, BudgetCheck[]>();
  const failed = (label: string, error: unknown, inbox?: Inbox) => {
    const described = withOutput(error, inbox);
    console.log(`inbox depth bench (${label}) failed: ${described.stack ?? described.message}`);
    checks.set(label, failedInboxDepthChecks(label, error));
  };
  const inboxes: Inbox[] = [];
  for (const { label, options, failure } of databases) {
    if (!options) {
      failed(label, failure ?? 'no database');
      continue;
    }
    try {
      inboxes.push(await openInbox(options));
    } catch (error) {
      failed(label, error);
    }
  }
  try {
    // PostgreSQL's insert first: SQLite's holds this process until it is done.
    const byEngine = [...inboxes].sort(
      (a, b) =>
        Number(a.options.database.config.kind === 'sqlite') - Number(b.options.database.config.kind === 'sqlite'),
    );
    const alive = new Set(byEngine);
    let previousSent: Promise<void> = Promise.resolve();
    await Promise.all(
      byEngine.map(async (inbox) => {
        const label = inbox.options.database.label;
        const ready = previousSent;
        let sent = () => {};
        previousSent = new Promise<void>((resolve) => (sent = resolve));
        try {
          await ready;
          await seedInbox(inbox, sent);
        } catch (error) {
          sent();
          alive.delete(inbox);
          failed(label, error, inbox);
        }
      }),
    );
    for (const inbox of inboxes.filter((candidate) => alive.has(candidate))) {
      const label = inbox.options.database.label;
      try {
        checks.set(label, await measureInbox(inbox));
      } catch (error) {
        failed(label, error, inbox);
      }
      await inbox.server.stop();
    }
  } finally {
    for (const inbox of inboxes) await inbox.server.stop();
  }
  return databases.flatMap(({ label }) => checks.get(label) ?? failedInboxDepthChecks(label, 'not measured'));
}

/** The budget lines when the inbox could not be measured: failed, with the reason. */
export function failedInboxDepthChecks(label: string, error: unknown): BudgetCheck[] {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return [
    { ok: false, text: `inbox page at depth (${label}): not measured (${reason})` },
    { ok: false, text: `inbox search (${label}): not measured (${reason})` },
    { ok: false, text: `inbox search beside a bigger inbox (${label}): not measured (${reason})` },
    { ok: false, text: `another owner's widget config under parallel searches (${label}): not measured (${reason})` },
    { ok: false, text: `CSV export (${label}): not measured (${reason})` },
  ];
}
