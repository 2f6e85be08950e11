/**
 * Triage: each feedback's status, changed one at a time or in bulk, the inbox's status tabs and
 * their counts, and spam keeping its place under the free plan's monthly cap (marking never brings
 * a hidden entry into view).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ApiErrorBody,
  DashboardOverview,
  FeedbackListResponse,
  FeedbackStatusCountsResponse,
  FeedbackStatusResponse,
  FeedbackSummary,
} from '../../src/shared/api';
import type { FeedbackStatus } from '../../src/shared/feedback-status';
import { MAX_FEEDBACK_PAGE_SIZE } from '../../src/shared/limits';
import * as spamKeepsItsPlace from '../../server/db/migrations/009-spam-keeps-its-place';
import { FEEDBACK_NOT_FOUND } from '../../server/modules/feedback/feedback.service';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { withColumnsBeforeWorkspaces } from '../helpers/columns-before-workspaces';
import { createOwner, createWidget, setPlan, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  // Mid-month, so a test's feedback never straddles a month boundary.
  server = await startTestServer({ clockStart: new Date('2030-05-10T09:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Sends `count` feedbacks a second apart, numbered from 0 in the message. */
async function sendFeedback(key: string, count: number, prefix = 'Feedback') {
  for (let index = 0; index < count; index += 1) {
    server.clock.advance(1000);
    const response = await api.post(
      `/api/public/widget/${key}/feedback`,
      validFeedback({ message: `${prefix} ${index}` }),
    );
    expect(response.status, response.text).toBe(201);
  }
}

async function inbox(owner: TestOwner, query = '') {
  const response = await api.get<FeedbackListResponse>(`/api/feedback?limit=100${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body.feedbacks;
}

const messagesOf = (items: { message: string }[]) => items.map((item) => item.message);

async function counts(owner: TestOwner, query = '') {
  const response = await api.get<FeedbackStatusCountsResponse>(`/api/feedback/status-counts${query}`, {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.counts;
}

async function mark(owner: TestOwner, ids: string[], status: FeedbackStatus) {
  const response = await api.post<FeedbackStatusResponse>(
    '/api/feedback/bulk',
    { ids, status },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.updated;
}

async function hiddenCount(owner: TestOwner) {
  const response = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body.hiddenFeedbackCount;
}

/** The places a month's entries hold, whatever their status: each of account and widget must be 1…n, once each. */
async function placesOf(workspaceId: string) {
  const rows = await server.db
    .selectFrom('feedback')
    .select(['widget_id', 'account_seq', 'widget_seq'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const byWidget = new Map<string, number[]>();
  for (const row of rows) byWidget.set(row.widget_id, [...(byWidget.get(row.widget_id) ?? []), row.widget_seq]);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return { account: sorted(rows.map((row) => row.account_seq)), widgets: [...byWidget.values()].map(sorted) };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

async function accountCounter(workspaceId: string) {
  const row = await server.db
    .selectFrom('feedback_counters')
    .select('count')
    .where('workspace_id', '=', workspaceId)
    .where('scope', '=', 'account')
    .executeTakeFirstOrThrow();
  return row.count;
}

describe('feedback status', () => {
  test('new feedback is new; a change moves it between the tabs and their counts follow', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 4);
    const items = await inbox(owner);
    expect(items.map((item) => item.status)).toEqual(['new', 'new', 'new', 'new']);
    expect(await counts(owner)).toEqual({ new: 4, in_progress: 0, resolved: 0, spam: 0 });

    const [newest, second, third] = items;
    const patched = await api.patch<FeedbackStatusResponse>(
      `/api/feedback/${newest?._id}`,
      { status: 'resolved' },
      { token: owner.token },
    );
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toEqual({ success: true, updated: 1 });
    expect(await mark(owner, [second?._id ?? ''], 'in_progress')).toBe(1);
    expect(await mark(owner, [third?._id ?? ''], 'spam')).toBe(1);

    expect(await counts(owner)).toEqual({ new: 1, in_progress: 1, resolved: 1, spam: 1 });
    expect(messagesOf(await inbox(owner, '&status=new'))).toEqual(['Feedback 0']);
    expect(messagesOf(await inbox(owner, '&status=in_progress'))).toEqual(['Feedback 2']);
    expect(messagesOf(await inbox(owner, '&status=resolved'))).toEqual(['Feedback 3']);
    expect(messagesOf(await inbox(owner, '&status=spam'))).toEqual(['Feedback 1']);
    // The whole inbox (no status, or `all`) is everything but spam.
    expect(messagesOf(await inbox(owner))).toEqual(['Feedback 3', 'Feedback 2', 'Feedback 0']);
    expect(messagesOf(await inbox(owner, '&status=all'))).toEqual(['Feedback 3', 'Feedback 2', 'Feedback 0']);
  });

  test('setting the status an entry already has changes nothing', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 2);
    const ids = (await inbox(owner)).map((item) => item._id);
    expect(await mark(owner, ids, 'resolved')).toBe(2);
    expect(await mark(owner, ids, 'resolved')).toBe(0);
    expect(await counts(owner)).toEqual({ new: 0, in_progress: 0, resolved: 2, spam: 0 });
  });

  test('the counts and a status tab follow the widget filter', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    await sendFeedback(shop.key, 3, 'Shop');
    await sendFeedback(blog.key, 2, 'Blog');
    const blogIds = (await inbox(owner, `&widgetId=${blog._id}`)).map((item) => item._id);
    await mark(owner, blogIds, 'resolved');
    expect(await counts(owner, `?widgetId=${shop._id}`)).toEqual({ new: 3, in_progress: 0, resolved: 0, spam: 0 });
    expect(await counts(owner, `?widgetId=${blog._id}`)).toEqual({ new: 0, in_progress: 0, resolved: 2, spam: 0 });
    expect(messagesOf(await inbox(owner, `&widgetId=${blog._id}&status=resolved`))).toEqual(['Blog 1', 'Blog 0']);
    expect(await inbox(owner, `&widgetId=${shop._id}&status=resolved`)).toEqual([]);
  });

  test('spam leaves the dashboard total', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 3);
    const [newest] = await inbox(owner);
    await mark(owner, [newest?._id ?? ''], 'spam');
    const overview = await api.get<DashboardOverview>('/api/dashboard/overview', { token: owner.token });
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body.totalFeedback).toBe(2);
    expect(messagesOf(overview.body.recentFeedback)).toEqual(['Feedback 1', 'Feedback 0']);
  });
});

describe('spam and the monthly cap', () => {
  test('free, 60 this month: marking what is visible spam, round after round, never shows a hidden one', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 60);
    await setPlan(server, owner.email, 'free');
    const visible = await inbox(owner);
    expect(visible).toHaveLength(50);
    expect(visible.at(0)?.message).toBe('Feedback 49');
    expect(await hiddenCount(owner)).toBe(10);

    const firstFifty = Array.from({ length: 50 }, (_, index) => `Feedback ${index}`).sort();
    for (let round = 0; round < 3; round += 1) {
      const seen = await inbox(owner, '&status=all');
      if (seen.length > 0)
        expect(
          await mark(
            owner,
            seen.map((item) => item._id),
            'spam',
          ),
        ).toBe(seen.length);
      // The spam tab holds what was marked, and nothing else comes into view.
      expect(messagesOf(await inbox(owner, '&status=spam')).sort()).toEqual(firstFifty);
      expect(await inbox(owner)).toEqual([]);
      expect(await hiddenCount(owner)).toBe(10);
      expect(await counts(owner)).toEqual({ new: 0, in_progress: 0, resolved: 0, spam: 50 });
    }

    // Out of spam, an entry is back in the inbox, and still nothing hidden shows.
    const [back] = await inbox(owner, '&status=spam');
    expect(await mark(owner, [back?._id ?? ''], 'new')).toBe(1);
    expect(messagesOf(await inbox(owner))).toEqual([back?.message]);
    expect(await hiddenCount(owner)).toBe(10);
    // Nothing is deleted, and every entry kept the place it was given when it arrived.
    expect(await placesOf(owner.id)).toEqual({ account: oneToN(60), widgets: [oneToN(60)] });
  });

  test('the next feedback after spam takes the place after the last one', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 50);
    await setPlan(server, owner.email, 'free');
    const [newest] = await inbox(owner);
    await mark(owner, [newest?._id ?? ''], 'spam');
    expect(await accountCounter(owner.id)).toBe(50);

    await sendFeedback(widget.key, 2, 'Later');
    // The spam kept the 50th place: both new ones are over the cap.
    expect(messagesOf(await inbox(owner)).slice(0, 1)).toEqual(['Feedback 48']);
    expect(await hiddenCount(owner)).toBe(2);
    expect(await placesOf(owner.id)).toEqual({ account: oneToN(52), widgets: [oneToN(52)] });
  });

  test('feedback arriving while entries are marked spam never shares a place', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    await sendFeedback(shop.key, 20, 'Shop');
    const ids = (await inbox(owner)).map((item) => item._id);
    const arriving = Array.from({ length: 40 }, (_, index) =>
      api.post(`/api/public/widget/${index % 2 ? shop.key : blog.key}/feedback`, validFeedback()),
    );
    const marking = ids.slice(0, 10).map((id, index) => mark(owner, [id], index % 3 ? 'spam' : 'resolved'));
    const [answers] = await Promise.all([Promise.all(arriving), Promise.all(marking)]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));

    const places = await placesOf(owner.id);
    expect(places.account).toEqual(oneToN(60));
    for (const widgetPlaces of places.widgets) expect(widgetPlaces).toEqual(oneToN(widgetPlaces.length));
    expect(await accountCounter(owner.id)).toBe(60);
  });

  test('an installation upgraded from spam that gave its place up: the spam moves behind the month', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 60);
    await setPlan(server, owner.email, 'free');
    // As the version before left it: 10 entries marked spam numbered 0, the other 50 numbered
    // again 1…50 in time order, and the month's counters at 50.
    const rows = await server.db
      .selectFrom('feedback')
      .select(['id', 'message'])
      .where('workspace_id', '=', owner.id)
      .orderBy('created_at')
      .execute();
    const spamIds = rows.slice(10, 20).map((row) => row.id);
    await server.db
      .updateTable('feedback')
      .set({ status: 'spam', account_seq: 0, widget_seq: 0 })
      .where('id', 'in', spamIds)
      .execute();
    const kept = rows.filter((row) => !spamIds.includes(row.id));
    for (const [index, row] of kept.entries()) {
      await server.db
        .updateTable('feedback')
        .set({ account_seq: index + 1, widget_seq: index + 1 })
        .where('id', '=', row.id)
        .execute();
    }
    await server.db.updateTable('feedback_counters').set({ count: 50 }).where('workspace_id', '=', owner.id).execute();
    const shownBefore = messagesOf(await inbox(owner)).sort();
    expect(shownBefore).toEqual(messagesOf(kept).sort());

    // Migration 009 as an upgrade runs it (called directly: later migrations may follow it), on
    // the column it knew as owner_id.
    await spamKeepsItsPlace.up(withColumnsBeforeWorkspaces(server.db));

    // The owner sees what they saw; the spam took places 51…60 in time order, so it is hidden.
    expect(messagesOf(await inbox(owner)).sort()).toEqual(shownBefore);
    expect(await inbox(owner, '&status=spam')).toEqual([]);
    expect(await hiddenCount(owner)).toBe(10);
    const spamPlaces = await server.db
      .selectFrom('feedback')
      .select(['account_seq', 'widget_seq'])
      .where('id', 'in', spamIds)
      .orderBy('created_at')
      .execute();
    expect(spamPlaces).toEqual(oneToN(10).map((n) => ({ account_seq: 50 + n, widget_seq: 50 + n })));
    expect(await accountCounter(owner.id)).toBe(60);
    // The next entry takes the place after them.
    await sendFeedback(widget.key, 1, 'Next');
    expect(await placesOf(owner.id)).toEqual({ account: oneToN(61), widgets: [oneToN(61)] });
  });
});

describe('tenant isolation and bad input', () => {
  test("an owner can't read or change another owner's feedback", async () => {
    const alice = await createOwner(server, api);
    const bob = await createOwner(server, api);
    const aliceWidget = await createWidget(api, alice);
    const bobWidget = await createWidget(api, bob);
    await sendFeedback(aliceWidget.key, 1, 'Alice');
    await sendFeedback(bobWidget.key, 1, 'Bob');
    const [aliceItem] = await inbox(alice);
    const [bobItem] = await inbox(bob);

    const patched = await api.patch<ApiErrorBody>(
      `/api/feedback/${bobItem?._id}`,
      { status: 'spam' },
      { token: alice.token },
    );
    expect(patched.status).toBe(404);
    expect(patched.body).toEqual({ message: FEEDBACK_NOT_FOUND });
    // Bulk changes only the caller's own.
    expect(await mark(alice, [aliceItem?._id ?? '', bobItem?._id ?? ''], 'resolved')).toBe(1);
    expect((await inbox(bob)).map((item) => item.status)).toEqual(['new']);
    expect(await counts(bob)).toEqual({ new: 1, in_progress: 0, resolved: 0, spam: 0 });

    const othersCounts = await api.get(`/api/feedback/status-counts?widgetId=${bobWidget._id}`, {
      token: alice.token,
    });
    expect(othersCounts.status).toBe(404);
    const othersTab = await api.get(`/api/feedback?widgetId=${bobWidget._id}&status=new`, { token: alice.token });
    expect(othersTab.status).toBe(404);
  });

  test('the new routes need a login', async () => {
    expect((await api.get('/api/feedback/status-counts')).status).toBe(401);
    expect((await api.post('/api/feedback/bulk', { ids: ['x'], status: 'spam' })).status).toBe(401);
    expect((await api.patch('/api/feedback/x', { status: 'spam' })).status).toBe(401);
  });

  test('bad input gets a clear message', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 1);
    const [item] = await inbox(owner);
    const cases: [string, () => Promise<{ status: number; body: unknown }>, RegExp][] = [
      [
        'an unknown status',
        () => api.patch(`/api/feedback/${item?._id}`, { status: 'done' }, { token: owner.token }),
        /status/i,
      ],
      [
        'no ids',
        () => api.post('/api/feedback/bulk', { ids: [], status: 'spam' }, { token: owner.token }),
        /at least one/i,
      ],
      [
        'too many ids',
        () =>
          api.post(
            '/api/feedback/bulk',
            { ids: Array.from({ length: MAX_FEEDBACK_PAGE_SIZE + 1 }, (_, index) => `id-${index}`), status: 'spam' },
            { token: owner.token },
          ),
        new RegExp(`at most ${MAX_FEEDBACK_PAGE_SIZE}`, 'i'),
      ],
      [
        'a status tab that does not exist',
        () => api.get('/api/feedback?status=archived', { token: owner.token }),
        /status/i,
      ],
    ];
    for (const [name, send, message] of cases) {
      const response = await send();
      expect(response.status, name).toBe(400);
      expect((response.body as ApiErrorBody).message, name).toMatch(message);
    }
    expect((await inbox(owner)).map((entry) => entry.status)).toEqual(['new']);
  });
});
