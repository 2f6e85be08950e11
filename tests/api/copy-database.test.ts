/**
 * Moving an installation from SQLite to PostgreSQL: `npm run admin -- copy-database --to …`, run
 * as its own process the way an admin runs it. Whichever vitest project runs this file, the source
 * is a SQLite file filled through the real API and the target a throwaway PostgreSQL database; a
 * server started on the copy must show the same owners, with the same tokens, the same things.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COPY_ORDER, copySqliteToPostgres } from '../../server/db/copy-database';
import { MIGRATIONS } from '../../server/db/migrations';
import type { FeedbackListResponse, InstallationListResponse, Widget } from '../../src/shared/api';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  uniqueEmail,
  validFeedback,
  validPost,
  type TestOwner,
} from '../helpers/factories';
import { runNode } from '../helpers/run-node';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { signPayload, startStripeMock, stripeEvent, type StripeMock } from '../helpers/stripe-mock';
import { ADMIN_POSTGRES_URL, adminQuery, type TestDatabase } from '../helpers/test-database';

const CLOCK_START = new Date('2030-05-10T12:00:00.000Z');
const COPY_USAGE = 'Usage: npm run admin -- copy-database --to postgres://user@host:5432/database';
/** Put in the target URLs; trust auth ignores it, and the command must never print it. */
const URL_PASSWORD = 'n0t-To-Be-Printed';
const SHOP = 'https://shop.example';
const BLOG = 'https://blog.example';
const WWW_BLOG = 'https://www.blog.example';
const STRIPE = {
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_test_${randomBytes(16).toString('hex')}`,
  STRIPE_PRICE_PRO: 'price_tellbox_pro_monthly',
  STRIPE_PRICE_PREMIUM: 'price_tellbox_premium_monthly',
};

type Row = Record<string, unknown>;

/** A new empty PostgreSQL database, dropped by `drop`; its URL carries a password to keep secret. */
async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `tellbox_copy_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  if (url.username && !url.password) url.password = URL_PASSWORD;
  return {
    url: url.toString(),
    kind: 'postgres',
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The SQLite file `DATA_DIR/tellbox.sqlite` of a data directory, kept across servers. */
function sqliteIn(dataDir: string): TestDatabase {
  return { url: path.join(dataDir, 'tellbox.sqlite'), kind: 'sqlite', drop: () => Promise.resolve() };
}

/** `npm run admin -- copy-database <args>` with the installation configured by `env`. */
function copyDatabase(args: string[], env: Record<string, string>) {
  return runNode('server/admin.ts', ['copy-database', ...args], env);
}

/** A query on the target with a plain pg client: PostgreSQL's own types, none of Tellbox's parsing. */
async function targetQuery(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  return (await adminQuery(text, url, values)).rows as Row[];
}

async function targetCounts(url: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COPY_ORDER) {
    const [row] = await targetQuery(url, `select count(*)::int as count from ${table}`);
    counts[table] = row?.count as number;
  }
  return counts;
}

/** Every row of `table`, in one order whatever the engine returned them in. */
function sorted(rows: Row[]): Row[] {
  const keyed = rows.map((row) => [JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))), row]);
  return keyed.sort(([a], [b]) => String(a).localeCompare(String(b))).map(([, row]) => row as Row);
}

function sqliteRows(file: string): Record<string, Row[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      COPY_ORDER.map((table) => [table, sorted(sqlite.prepare(`select * from ${table}`).all() as Row[])]),
    );
  } finally {
    sqlite.close();
  }
}

/**
 * Every table read by a Tellbox server on the target (times as ISO strings, flags as 0/1, as the
 * app reads them), but for feedback's search_vector, which PostgreSQL computes from the row.
 */
async function serverRows(server: TestServer): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const table of COPY_ORDER) {
    const rows: Row[] = await server.db.selectFrom(table).selectAll().execute();
    tables[table] = sorted(rows.map(({ search_vector: _computed, ...row }) => row));
  }
  return tables;
}

/**
 * The confirmation token mailed to `to`, read from a server's outbox: a request hands its mail to
 * the mailer before it answers, so once the mailer is idle the mail is a file there.
 */
async function mailedToken(server: TestServer, to: string, page: string): Promise<string> {
  await server.mailIdle();
  const dir = path.join(server.dataDir, 'outbox');
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const mail = await simpleParser(await fs.readFile(path.join(dir, name)));
    const token = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1];
    if (token && JSON.stringify(mail.to).includes(to)) return token;
  }
  throw new Error(`no ${page} mail to ${to}`);
}

interface Scenario {
  alice: TestOwner;
  carol: TestOwner;
  bob: { email: string; password: string; confirmToken: string };
  shop: Widget;
  blog: Widget;
  eventId: string;
}

/** The blog's own words and launcher, none of them the defaults, so the copy must carry each. */
const BLOG_DISPLAY = {
  texts: { it: { title: 'Il nostro blog', thanks: 'Grazie!' } },
  hideLauncher: true,
  offsetX: 0,
  offsetY: 64,
  publicChangelog: false,
};

/** What the owners and the widgets' visitors see; everything but raw tables. */
async function apiViews(api: ApiClient, { alice, carol, bob, shop, blog }: Scenario) {
  const view = async (urlPath: string, token?: string, headers?: Record<string, string>) => {
    const response = await api.get(urlPath, { token, headers });
    return { status: response.status, body: response.body };
  };
  /** Every page of a cursor-paged list, cursors included. */
  const pages = async <T extends { nextCursor: string | null }>(urlPath: string, token: string) => {
    const all: unknown[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 20; page += 1) {
      const response: ApiResponse<T> = await api.get<T>(
        `${urlPath}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token,
        },
      );
      all.push({ status: response.status, body: response.body });
      cursor = response.body.nextCursor;
    }
    return all;
  };
  return {
    aliceProfile: await view('/api/user', alice.token),
    widgets: await view('/api/widget', alice.token),
    feedback: await view('/api/feedback?limit=100', alice.token),
    // The search index is SQLite's own (FTS5): PostgreSQL builds its own from the copied rows.
    feedbackSearch: await view(`/api/feedback?q=${encodeURIComponent('ünïcode visitor')}&limit=100`, alice.token),
    feedbackPages: await pages<FeedbackListResponse>('/api/feedback?limit=20', alice.token),
    shopFeedback: await view(`/api/feedback?widgetId=${shop._id}&limit=100`, alice.token),
    feedbackSummary: await view('/api/feedback/summary', alice.token),
    posts: await view('/api/post', alice.token),
    installations: await pages<InstallationListResponse>(`/api/widget/${blog._id}/installations?limit=1`, carol.token),
    aliceLimits: await view('/api/user/limits/summary', alice.token),
    aliceSubscription: await view('/api/user/subscription', alice.token),
    dashboard: await view('/api/dashboard/overview', alice.token),
    carolProfile: await view('/api/user', carol.token),
    carolSubscription: await view('/api/user/subscription', carol.token),
    carolLimits: await view('/api/user/limits/summary', carol.token),
    carolWidgets: await view('/api/widget', carol.token),
    carolFeedback: await view('/api/feedback?limit=100', carol.token),
    carolSummary: await view('/api/feedback/summary', carol.token),
    carolPosts: await view('/api/post', carol.token),
    shopConfig: await view(`/api/public/widget/${shop.key}`, undefined, { Origin: SHOP }),
    blogConfig: await view(`/api/public/widget/${blog.key}`, undefined, { Origin: BLOG }),
    blogConfigInItalian: await view(`/api/public/widget/${blog.key}?lang=it`, undefined, { Origin: BLOG }),
    // The blog is locked to its sites: another one is refused (and registers nothing).
    blogElsewhere: await view(`/api/public/widget/${blog.key}`, undefined, { Origin: 'https://elsewhere.example' }),
    bobLogin: await (async () => {
      const response = await api.post('/api/auth/login', { email: bob.email, password: bob.password });
      return { status: response.status, body: response.body };
    })(),
  };
}

/** `count` feedbacks through the widget from `origin`, some with an author, the clock moving between some. */
async function sendFeedback(server: TestServer, api: ApiClient, widget: Widget, origin: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    const sent = await api.post(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({
        message: `Feedback ${index}: ünïcode ✓ and "quotes"`,
        pageUrl: `${origin}/page-${index}`,
        ...(index % 5 === 0 && { authorName: `Visitor ${index}`, authorEmail: `visitor-${index}@example.com` }),
      }),
      { headers: { Origin: origin, 'User-Agent': `Agent/${index}` } },
    );
    expect(sent.status, sent.text).toBe(201);
    // Several feedbacks share a time, others do not: the lists order by time, then by id.
    if (index % 10 === 0) server.clock.advance(1000);
  }
}

const CHECKOUT_URL = /\/test-checkout\/(cs_test_[A-Za-z0-9_-]+)$/;

/**
 * Fills a SQLite installation through the API with every kind of row: a free owner past the
 * free plan's visible feedback with a locked widget, its installations and posts; an account not
 * yet confirmed; a pro subscription bought at the test-mode checkout and cancelled at its period's
 * end; an open checkout; a password reset; an early-access sign-up; and a Stripe webhook event,
 * taken by the same installation restarted with Stripe configured.
 */
async function fillSource(database: TestDatabase, stripe: StripeMock): Promise<Scenario> {
  // Webhooks may go to loopback: Carol's endpoint is a closed port, so its deliveries fail and are logged.
  const server = await startTestServer({
    database,
    clockStart: CLOCK_START,
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true' },
    app: { deliveriesEveryMs: 50 },
  });
  const api = createApiClient(server.url);
  let scenario: Scenario;
  try {
    const alice = await createOwner(server, api, { name: 'Alice Free' });
    const shop = await createWidget(api, alice, { name: 'Shop' });
    expect((await api.get(`/api/public/widget/${shop.key}`, { headers: { Origin: SHOP } })).status).toBe(200);
    // The free plan shows an account's first 50 feedbacks of a month: 3 are hidden.
    await sendFeedback(server, api, shop, SHOP, 53);
    expect((await api.post('/api/post', validPost(shop._id), { token: alice.token })).status).toBe(201);
    expect((await api.post('/api/public/request-password-reset', { email: alice.email })).status).toBe(200);

    const bob = { email: uniqueEmail('unconfirmed'), password: 'a password for bob' };
    expect((await api.post('/api/auth/register', { name: 'Bob Later', ...bob })).status).toBe(201);
    const confirmToken = await mailedToken(server, bob.email, '/confirm-email');

    const carol = await createOwner(server, api, { name: 'Carol Pro' });
    const checkout = await api.post<{ url: string }>(
      '/api/subscription/checkout-session',
      { plan: 'pro' },
      { token: carol.token },
    );
    const sessionId = CHECKOUT_URL.exec(checkout.body.url)?.[1] ?? '';
    const completed = await api.post(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
      headers: { Accept: 'application/json' },
    });
    expect(completed.status, completed.text).toBe(200);
    const blog = await createWidget(api, carol, { name: 'Blog', position: 'bottom-left', ...BLOG_DISPLAY });
    for (const origin of [BLOG, WWW_BLOG]) {
      const config = await api.get(`/api/public/widget/${blog.key}`, { headers: { Origin: origin } });
      expect(config.status, config.text).toBe(200);
    }
    const locked = await api.put(
      `/api/widget/${blog._id}`,
      { ...VALID_WIDGET, name: 'Blog', position: 'bottom-left', lockHosts: true },
      { token: carol.token },
    );
    expect(locked.status, locked.text).toBe(200);
    const endpoint = await api.post(
      '/api/webhooks',
      { url: 'http://127.0.0.1:9/hook', kind: 'generic', events: ['feedback.created'], widgetIds: null, active: true },
      { token: carol.token },
    );
    expect(endpoint.status, endpoint.text).toBe(201);
    await sendFeedback(server, api, blog, WWW_BLOG, 8);
    // The deliveries due now are attempted (and refused: nothing listens there), and recorded.
    await server.settleBackground();
    expect(await server.db.selectFrom('webhook_attempts').select('id').execute()).toHaveLength(8);
    // Triage: a reply (to the outbox: this source has no SMTP), a note and a spam entry, which
    // keeps its place under the cap (Carol's counter stays at 8).
    const blogInbox = await api.get<FeedbackListResponse>('/api/feedback', { token: carol.token });
    const withAddress = blogInbox.body.feedbacks.find((item) => item.authorEmail !== null);
    const replied = await api.post(
      `/api/feedback/${withAddress?._id}/replies`,
      { message: 'Thanks!' },
      { token: carol.token },
    );
    expect(replied.status, replied.text).toBe(201);
    const noted = await api.post(
      `/api/feedback/${withAddress?._id}/notes`,
      { text: 'Follow up' },
      { token: carol.token },
    );
    expect(noted.status, noted.text).toBe(201);
    const spam = blogInbox.body.feedbacks.find((item) => item._id !== withAddress?._id);
    const marked = await api.patch(`/api/feedback/${spam?._id}`, { status: 'spam' }, { token: carol.token });
    expect(marked.status, marked.text).toBe(200);
    const alerts = await api.put(
      '/api/notifications',
      { email: { mode: 'daily', hour: 7, timeZone: 'Europe/Rome', widgetIds: [shop._id] } },
      { token: alice.token },
    );
    expect(alerts.status, alerts.text).toBe(200);
    expect((await api.post('/api/post', validPost(blog._id), { token: carol.token })).status).toBe(201);
    const draft = await api.post(
      '/api/post',
      { ...validPost(blog._id), title: 'Coming soon', link: undefined, status: 'draft' },
      { token: carol.token },
    );
    expect(draft.status, draft.text).toBe(201);
    const cancelled = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: carol.token },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    // An open checkout, never confirmed.
    const open = await api.post('/api/subscription/checkout-session', { plan: 'premium' }, { token: alice.token });
    expect(open.status, open.text).toBe(200);

    expect((await api.post('/api/public/rebrand-submit', { email: uniqueEmail('early') })).status).toBe(201);
    // A team: an invitation still open, and the activity log that recorded it.
    const invited = { email: uniqueEmail('invited'), role: 'viewer' };
    expect((await api.post('/api/workspace/invitations', invited, { token: carol.token })).status).toBe(201);
    scenario = {
      alice,
      carol,
      bob: { ...bob, confirmToken },
      shop,
      blog,
      eventId: `evt_${randomBytes(8).toString('hex')}`,
    };
  } finally {
    await server.close();
  }

  // A billing event only arrives from Stripe: the same installation, restarted with Stripe on.
  const withStripe = await startTestServer({
    database,
    clockStart: CLOCK_START,
    env: { ...STRIPE, STRIPE_API_URL: stripe.url },
  });
  try {
    const payload = JSON.stringify(
      stripeEvent('customer.created', { id: 'cus_nobody', object: 'customer' }, scenario.eventId),
    );
    const delivered = await fetch(`${withStripe.url}/api/subscription/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signPayload(payload, STRIPE.STRIPE_WEBHOOK_SECRET),
      },
      body: payload,
    });
    expect(delivered.status, await delivered.text()).toBe(200);
  } finally {
    await withStripe.close();
  }
  return scenario;
}

let workDir: string;
let stripe: StripeMock;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-copy-'));
  stripe = await startStripeMock({ secretKey: STRIPE.STRIPE_SECRET_KEY });
});
/**
 * Every DROP DATABASE forces a checkpoint of the whole cluster (PostgreSQL 15's dropdb), which
 * writes out the other suites' dirty pages first: six drops one after the other once took over 30 s
 * on a busy machine. Dropped together, they wait on the same one or two checkpoints.
 */
const DROP_TIMEOUT_MS = 120_000;

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup().catch(() => {})));
  await stripe?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
}, DROP_TIMEOUT_MS);

/** A throwaway PostgreSQL database, dropped after the file. */
async function targetDatabase(): Promise<TestDatabase> {
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return database;
}

async function dataDir(name: string): Promise<string> {
  const dir = path.join(workDir, name);
  await fs.mkdir(dir);
  return dir;
}

describe('copy-database from SQLite to PostgreSQL', () => {
  let sourceDir: string;
  let source: TestDatabase;
  let target: TestDatabase;
  let scenario: Scenario;
  let sqliteViews: Awaited<ReturnType<typeof apiViews>>;
  let sqliteTables: Record<string, Row[]>;
  let firstCopy: Awaited<ReturnType<typeof copyDatabase>>;

  beforeAll(async () => {
    sourceDir = await dataDir('source');
    source = sqliteIn(sourceDir);
    target = await targetDatabase();
    scenario = await fillSource(source, stripe);

    // The installation keeps running on SQLite while it is copied, as an admin's might.
    const running = await startTestServer({ database: source, clockStart: CLOCK_START });
    try {
      sqliteViews = await apiViews(createApiClient(running.url), scenario);
      firstCopy = await copyDatabase(['--to', target.url], { DATA_DIR: sourceDir });
    } finally {
      await running.close();
    }
    sqliteTables = sqliteRows(source.url);
  }, 120_000);

  test('the copy succeeds, prints every table with equal counts, and says to stop or switch over the SQLite instances', () => {
    expect(firstCopy.stderr).toBe('');
    expect(firstCopy.code).toBe(0);
    for (const table of COPY_ORDER) {
      const count = sqliteTables[table]?.length ?? -1;
      expect(count, `${table} has rows in the source`).toBeGreaterThan(0);
      expect(firstCopy.stdout).toMatch(new RegExp(`^${table}\\s+${count}\\s+${count}$`, 'm'));
    }
    expect(firstCopy.stdout).toMatch(/Stop every instance still running on it, or restart it with DATABASE_URL/);
    expect(firstCopy.stdout).not.toContain(URL_PASSWORD);
  });

  test('every row of every table is on PostgreSQL as it was: ids, times, flags and counters', async () => {
    expect(firstCopy.code).toBe(0);
    const onPostgres = await startTestServer({ database: target, clockStart: CLOCK_START });
    try {
      expect(await serverRows(onPostgres)).toEqual(sqliteTables);
    } finally {
      await onPostgres.close();
    }
    const { alice, carol, blog, eventId } = scenario;
    // Spot checks of what the comparison covers, as PostgreSQL itself stores it.
    const [blogRow] = await targetQuery(
      target.url,
      'select lock_hosts, active, pg_typeof(lock_hosts)::text as type from widgets where id = $1',
      [blog._id],
    );
    expect(blogRow).toEqual({ lock_hosts: true, active: true, type: 'boolean' });
    const [blogDisplay] = await targetQuery(
      target.url,
      'select texts, hide_launcher, offset_x, offset_y, public_changelog from widgets where id = $1',
      [blog._id],
    );
    expect(blogDisplay).toEqual({
      texts: JSON.stringify(BLOG_DISPLAY.texts),
      hide_launcher: true,
      offset_x: 0,
      offset_y: 64,
      public_changelog: false,
    });
    // The copy leaves the planner fresh statistics, so the first requests use the indexes.
    const unanalyzed = await targetQuery(
      target.url,
      "select relname from pg_stat_user_tables where schemaname = current_schema() and last_analyze is null and relname not like 'kysely%'",
      [],
    );
    expect(unanalyzed).toEqual([]);
    const [carolRow] = await targetQuery(
      target.url,
      'select plan, plan_expires_at, cancel_at_period_end, billing_read_seq, billing_applied_seq from workspaces where id = $1',
      [carol.id],
    );
    const carolSource = sqliteTables.workspaces?.find((row) => row.id === carol.id);
    expect(carolSource?.plan_expires_at).toEqual(expect.any(String));
    expect(carolRow).toEqual({
      plan: 'pro',
      plan_expires_at: new Date(carolSource?.plan_expires_at as string),
      cancel_at_period_end: true,
      billing_read_seq: carolSource?.billing_read_seq,
      billing_applied_seq: carolSource?.billing_applied_seq,
    });
    const seqs = await targetQuery(
      target.url,
      'select max(account_seq) as account, count(*)::int as count from feedback where workspace_id = $1',
      [alice.id],
    );
    expect(seqs).toEqual([{ account: 53, count: 53 }]);
    const counters = await targetQuery(
      target.url,
      `select workspace_id, scope, count from feedback_counters where workspace_id in ($1, $2)`,
      [alice.id, carol.id],
    );
    expect(counters).toEqual(expect.arrayContaining([{ workspace_id: alice.id, scope: 'account', count: 53 }]));
    expect(counters).toEqual(expect.arrayContaining([{ workspace_id: carol.id, scope: 'account', count: 8 }]));
    expect(await targetQuery(target.url, 'select type from billing_events where id = $1', [eventId])).toEqual([
      { type: 'customer.created' },
    ]);
    // The target keeps its own migration bookkeeping, complete.
    const migrations = await targetQuery(target.url, 'select name from kysely_migration order by name');
    expect(migrations.map((row) => row.name)).toEqual((await migrationNames(source.url)).sort());
  });

  test('a server on the copy shows the same owners, with the same tokens, the same data', async () => {
    expect(firstCopy.code).toBe(0);
    // What the source showed is what this suite filled in (so the comparison below is not of nothing).
    expect(sqliteViews.feedback.status).toBe(200);
    expect((sqliteViews.feedback.body as unknown as FeedbackListResponse).feedbacks).toHaveLength(50);
    expect(sqliteViews.feedbackSummary.body).toMatchObject({ plan: 'free', hiddenFeedbackCount: 3 });
    // Those with an author (every fifth).
    expect((sqliteViews.feedbackSearch.body as unknown as FeedbackListResponse).feedbacks).toHaveLength(10);
    expect(sqliteViews.widgets.body).toMatchObject({
      widgets: [{ name: 'Shop', lockHosts: false, installations: [{ host: 'shop.example' }] }],
    });
    expect(sqliteViews.carolWidgets.body).toMatchObject({
      widgets: [
        {
          name: 'Blog',
          lockHosts: true,
          installations: [{ host: 'blog.example' }, { host: 'www.blog.example' }],
          ...BLOG_DISPLAY,
        },
      ],
    });
    expect(sqliteViews.blogConfigInItalian.body).toMatchObject({
      lang: 'it',
      strings: { title: 'Il nostro blog', thanks: 'Grazie!' },
      widget: { hideLauncher: true, offsetX: 0, offsetY: 64, changelogUrl: null },
    });
    // One of Carol's 8 is spam, out of the inbox.
    expect((sqliteViews.carolFeedback.body as unknown as FeedbackListResponse).feedbacks).toHaveLength(7);
    expect(
      (sqliteViews.carolPosts.body as { posts: { status: string }[] }).posts.map((post) => post.status).sort(),
    ).toEqual(['draft', 'published']);
    expect(sqliteViews.carolSubscription.body).toMatchObject({ plan: 'pro', isActive: true, isToDelete: true });
    expect(sqliteViews.carolSubscription.body.expiresAt).toEqual(expect.any(String));
    expect(sqliteViews.shopConfig.status).toBe(200);
    expect(sqliteViews.blogElsewhere.status).toBe(403);
    expect(sqliteViews.bobLogin.status).toBe(403);
    expect(sqliteViews.feedbackPages).toHaveLength(3);

    const onPostgres = await startTestServer({ database: target, clockStart: CLOCK_START });
    try {
      const api = createApiClient(onPostgres.url);
      expect(await apiViews(api, scenario)).toEqual(sqliteViews);

      // The e-mailed link and the passwords work as they did: the hashes came along unchanged.
      const { bob, alice } = scenario;
      const confirmed = await api.post(`/api/public/confirm-email?token=${scenario.bob.confirmToken}`);
      expect(confirmed.status, confirmed.text).toBe(200);
      expect((await api.post('/api/auth/login', { email: bob.email, password: bob.password })).status).toBe(200);
      expect((await api.post('/api/auth/login', { email: alice.email, password: alice.password })).status).toBe(200);
    } finally {
      await onPostgres.close();
    }
  });

  test('a second copy into the same, no longer empty, database is refused and changes nothing', async () => {
    expect(firstCopy.code).toBe(0);
    const before = await targetCounts(target.url);
    const migrationsBefore = await targetQuery(
      target.url,
      'select name, timestamp from kysely_migration order by name',
    );
    const again = await copyDatabase(['--to', target.url], { DATA_DIR: sourceDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^The PostgreSQL database already holds Tellbox data \(users, .*nothing was written\.\n$/,
    );
    expect(again.stdout).not.toContain('Copied');
    expect(await targetCounts(target.url)).toEqual(before);
    expect(await targetQuery(target.url, 'select name, timestamp from kysely_migration order by name')).toEqual(
      migrationsBefore,
    );
  });

  test('rows cross batch boundaries whole: a copy of seven rows per INSERT holds every row of the file', async () => {
    expect(firstCopy.code).toBe(0);
    const small = await targetDatabase();
    const lines: string[] = [];
    const counts = await copySqliteToPostgres({
      sqlitePath: source.url,
      targetUrl: small.url,
      batchRows: 7,
      say: (line) => lines.push(line),
    });
    expect(counts.find((count) => count.table === 'feedback')).toEqual({ table: 'feedback', sqlite: 61, postgres: 61 });
    expect(lines).toContain(`PostgreSQL schema created (${Object.keys(MIGRATIONS).length} migrations).`);
    const onPostgres = await startTestServer({ database: small, clockStart: CLOCK_START });
    try {
      expect(await serverRows(onPostgres)).toEqual(sqliteRows(source.url));
    } finally {
      await onPostgres.close();
    }
  });

  test('a copy taken while a server keeps taking feedback is one moment of the file: rows and counters agree', async () => {
    expect(firstCopy.code).toBe(0);
    const during = await targetDatabase();
    const running = await startTestServer({ database: source, clockStart: CLOCK_START });
    let sent = 0;
    let copying = true;
    try {
      const api = createApiClient(running.url);
      const writer = (async () => {
        while (copying) {
          const response = await api.post(
            `/api/public/widget/${scenario.blog.key}/feedback`,
            validFeedback({ message: `During the copy ${sent}` }),
            { headers: { Origin: WWW_BLOG } },
          );
          expect(response.status).toBe(201);
          sent += 1;
        }
      })();
      const copied = await copyDatabase(['--to', during.url], { DATABASE_URL: source.url });
      copying = false;
      await writer;
      expect(copied.code, copied.stderr).toBe(0);
    } finally {
      copying = false;
      await running.close();
    }
    expect(sent).toBeGreaterThan(0);
    const [feedback] = await targetQuery(
      during.url,
      // Every entry holds a place, spam too: the places run 1…n with no gap.
      'select count(*)::int as count, max(account_seq) as seq from feedback where workspace_id = $1',
      [scenario.carol.id],
    );
    const [counter] = await targetQuery(
      during.url,
      `select count from feedback_counters where workspace_id = $1 and scope = 'account'`,
      [scenario.carol.id],
    );
    expect(feedback?.count).toBeGreaterThanOrEqual(7);
    expect({ rows: feedback?.count, lastSeq: feedback?.seq }).toEqual({
      rows: counter?.count,
      lastSeq: counter?.count,
    });
  });
});

async function migrationNames(file: string): Promise<string[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare('select name from kysely_migration').all() as { name: string }[]).map((row) => row.name);
  } finally {
    sqlite.close();
  }
}

describe('copy-database refusals', () => {
  test('bad arguments print the usage and exit 2, touching no database', async () => {
    const target = await targetDatabase();
    const sourceDir = await dataDir('unused');
    const cases = [
      [],
      ['--to'],
      [target.url],
      ['--from', target.url],
      ['--to', path.join(sourceDir, 'other.sqlite')],
      ['--to', 'sqlite://elsewhere.sqlite'],
      ['--to', 'https://example.com/db'],
      ['--to', target.url, 'extra'],
    ];
    // Side by side, the eight starts of the admin command share the machine's cores.
    const results = await Promise.all(cases.map((args) => copyDatabase(args, { DATA_DIR: sourceDir })));
    for (const [index, args] of cases.entries()) {
      const result = results[index] as Awaited<ReturnType<typeof copyDatabase>>;
      expect({ args, code: result.code, stderr: result.stderr, stdout: result.stdout }).toEqual({
        args,
        code: 2,
        stderr: `${COPY_USAGE}\n`,
        stdout: '',
      });
    }
    expect(
      await targetQuery(target.url, `select table_name from information_schema.tables where table_schema = 'public'`),
    ).toEqual([]);
    // Eight admin processes at once, under a second of CPU each: more than the default 30 s on a
    // busy 2-core machine.
  }, 60_000);

  test('a missing SQLite file or a PostgreSQL source is refused, naming the reason', async () => {
    const target = await targetDatabase();
    const empty = await dataDir('empty');
    const missing = await copyDatabase(['--to', target.url], { DATA_DIR: empty });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `There is no SQLite database at ${path.join(empty, 'tellbox.sqlite')}: check DATA_DIR and DATABASE_URL.\n`,
    );
    await expect(fs.readdir(empty)).resolves.toEqual([]);

    const fromPostgres = await copyDatabase(['--to', target.url], { DATA_DIR: empty, DATABASE_URL: target.url });
    expect(fromPostgres.code).toBe(1);
    expect(fromPostgres.stderr).toMatch(
      /^copy-database copies a SQLite installation, and DATABASE_URL already points at PostgreSQL\.\n$/,
    );
  });

  test('a copy that fails part way writes nothing, and an unreachable target is named without its password', async () => {
    const sourceDir = await dataDir('broken');
    const source = sqliteIn(sourceDir);
    const server = await startTestServer({ database: source, clockStart: CLOCK_START });
    try {
      const api = createApiClient(server.url);
      const owner = await createOwner(server, api);
      await createWidget(api, owner);
      // A time no real server writes, in the last table copied: PostgreSQL refuses it after every
      // other table went in.
      await server.db
        .insertInto('checkout_sessions')
        .values({
          id: 'cs_test_broken',
          workspace_id: owner.id,
          plan: 'pro',
          status: 'complete',
          created_at: 'yesterday-ish',
          completed_at: null,
        })
        .execute();
    } finally {
      await server.close();
    }
    const target = await targetDatabase();
    const failed = await copyDatabase(['--to', target.url], { DATABASE_URL: source.url });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^copy-database failed: checkout_sessions, rows 1-1 in rowid order: .*yesterday-ish/);
    expect(failed.stdout).not.toContain('Copied');
    expect(Object.values(await targetCounts(target.url))).toEqual(COPY_ORDER.map(() => 0));

    const unreachable = new URL(target.url);
    unreachable.port = '1';
    const refused = await copyDatabase(['--to', unreachable.toString()], { DATABASE_URL: source.url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^copy-database failed: /);
    expect(`${refused.stdout}${refused.stderr}${failed.stdout}${failed.stderr}`).not.toContain(
      new URL(target.url).password || URL_PASSWORD,
    );
  });
});
