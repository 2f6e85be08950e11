import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, limitReachedMessage } from '../../src/shared/plans';
import {
  NEW_HOSTS_PER_WIDGET_PER_HOUR,
  PUBLIC_WIDGET_MESSAGES,
} from '../../server/modules/public-widget/public-widget.service';
import type {
  FeedbackListResponse,
  FeedbackSummary,
  LimitsSummary,
  SubscriptionInfo,
  Widget,
  WidgetListResponse,
} from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  setPlan,
  validFeedback,
  validPost,
  type TestOwner,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-01-10T12:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Moves the server clock to the 10th of the next calendar month, so a test owns a whole month. */
function moveToFreshMonth(): Date {
  const now = server.clock.now();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 12));
  server.clock.set(date);
  return date;
}

/** The first seconds of the calendar month after the clock's. */
function startOfNextMonth(): Date {
  const now = server.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 5));
}

async function limitsSummary(owner: TestOwner): Promise<LimitsSummary> {
  const response = await api.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function feedbackSummary(owner: TestOwner): Promise<FeedbackSummary> {
  const response = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function visibleFeedback(owner: TestOwner) {
  const response = await api.get<FeedbackListResponse>('/api/feedback?limit=100', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function storedFeedbackCount(workspaceId: string): Promise<number> {
  const rows = await server.db.selectFrom('feedback').select('id').where('workspace_id', '=', workspaceId).execute();
  return rows.length;
}

/** Sends `count` feedbacks one after the other, numbered from 0 in the message. */
async function sendFeedback(key: string, count: number, prefix = 'Feedback') {
  for (let index = 0; index < count; index += 1) {
    const response = await api.post(
      `/api/public/widget/${key}/feedback`,
      validFeedback({ message: `${prefix} ${index}` }),
    );
    expect(response.status, response.text).toBe(201);
  }
}

/** Sends `count` feedbacks in concurrent batches, for tests that only count them. */
async function sendManyFeedback(key: string, count: number) {
  const batch = 25;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const responses = await Promise.all(
      Array.from({ length: size }, (_, offset) =>
        api.post(`/api/public/widget/${key}/feedback`, validFeedback({ message: `Bulk ${start + offset}` })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: size }, () => 201));
  }
}

function postAs(owner: TestOwner, widgetId: string, title = 'A news post') {
  return api.post('/api/post', { ...validPost(widgetId), title }, { token: owner.token });
}

function configFrom(key: string, origin: string) {
  return api.get(`/api/public/widget/${key}`, { headers: { Origin: origin } });
}

function feedbackFrom(key: string, origin: string) {
  return api.post(`/api/public/widget/${key}/feedback`, validFeedback({ pageUrl: `${origin}/page` }), {
    headers: { Origin: origin },
  });
}

async function installedHosts(owner: TestOwner, widgetId: string): Promise<string[]> {
  const response = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
  const widget = response.body.widgets.find((candidate) => candidate._id === widgetId);
  return (widget?.installations ?? []).map((installation) => installation.host).sort();
}

describe('widgets per plan', () => {
  test('free: a second widget is refused with 403 and the limit message of docs/product.md §8', async () => {
    const owner = await createOwner(server, api);
    await createWidget(api, owner);
    const response = await api.post('/api/widget', { ...VALID_WIDGET, name: 'Second' }, { token: owner.token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: limitReachedMessage('widgets', 1, DEFAULT_PLANS.free) });
    expect(response.body).toEqual({ message: "You've reached the maximum number of widgets (1) for your Free plan." });
    const list = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(list.body.widgets).toHaveLength(1);
  });

  test('free: deleting the widget frees its place', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await api.delete(`/api/widget/${widget._id}`, { token: owner.token })).status).toBe(200);
    expect((await api.post('/api/widget', VALID_WIDGET, { token: owner.token })).status).toBe(201);
  });

  test('pro: five widgets, then 403', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    for (let index = 0; index < 5; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });
    const response = await api.post('/api/widget', VALID_WIDGET, { token: owner.token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: limitReachedMessage('widgets', 5, DEFAULT_PLANS.pro) });
  });

  test('premium: no widget limit', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    for (let index = 0; index < 8; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });
    const list = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(list.body.widgets).toHaveLength(8);
  });
});

describe('news posts per plan', () => {
  test('free: one post per calendar month; the next month allows another', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await postAs(owner, widget._id, 'January news')).status).toBe(201);

    const second = await postAs(owner, widget._id, 'Second this month');
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: limitReachedMessage('posts', 1, DEFAULT_PLANS.free) });
    // A draft is a post too.
    const draft = await api.post('/api/post', { ...validPost(widget._id), status: 'draft' }, { token: owner.token });
    expect(draft.status).toBe(403);

    server.clock.set(startOfNextMonth());
    expect((await postAs(owner, widget._id, 'Next month news')).status).toBe(201);
    const again = await postAs(owner, widget._id, 'One more');
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: limitReachedMessage('posts', 1, DEFAULT_PLANS.free) });

    const posts = await api.get<{ posts: unknown[] }>('/api/post', { token: owner.token });
    expect(posts.body.posts).toHaveLength(2);
  });

  test('pro: ten posts in total, then 403, also in a later month', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 10; index += 1) {
      expect((await postAs(owner, widget._id, `Post ${index}`)).status).toBe(201);
    }
    const eleventh = await postAs(owner, widget._id, 'Post 10');
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual({ message: limitReachedMessage('posts', 10, DEFAULT_PLANS.pro) });

    server.clock.set(startOfNextMonth());
    const nextMonth = await postAs(owner, widget._id, 'Next month');
    expect(nextMonth.status).toBe(403);
    expect(nextMonth.body).toEqual({ message: limitReachedMessage('posts', 10, DEFAULT_PLANS.pro) });
  });

  test('premium: no post limit', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 12; index += 1) {
      expect((await postAs(owner, widget._id, `Post ${index}`)).status).toBe(201);
    }
  });
});

describe('visible feedback per plan', () => {
  test('free: 55 in one month shows the first 50, hides 5, deletes nothing; pro shows all; expiry hides them again', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 55);

    const onFree = await visibleFeedback(owner);
    expect(onFree.feedbacks).toHaveLength(50);
    expect(onFree.nextCursor).toBeNull();
    // The first 50 of the month are the visible ones.
    const visibleMessages = onFree.feedbacks.map((item) => item.message).sort();
    expect(visibleMessages).toEqual(Array.from({ length: 50 }, (_, index) => `Feedback ${index}`).sort());
    expect(await feedbackSummary(owner)).toEqual({
      plan: 'free',
      maxVisibleFeedbackPerMonth: 50,
      feedbackScope: 'account',
      hiddenFeedbackCount: 5,
      suggestedPlan: 'pro',
    });
    expect(await storedFeedbackCount(owner.id)).toBe(55);

    await setPlan(server, owner.email, 'pro');
    const onPro = await visibleFeedback(owner);
    expect(onPro.feedbacks).toHaveLength(55);
    expect(await feedbackSummary(owner)).toEqual({
      plan: 'pro',
      maxVisibleFeedbackPerMonth: 500,
      feedbackScope: 'widget',
      hiddenFeedbackCount: 0,
      suggestedPlan: 'premium',
    });

    // A pro plan ending tomorrow, then the day after tomorrow: the account is free again.
    const end = new Date(server.clock.now().getTime() + DAY_MS);
    await setPlan(server, owner.email, 'pro', end);
    const before = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
    expect(before.body).toEqual({ plan: 'pro', expiresAt: end.toISOString(), isActive: true, isToDelete: false });

    server.clock.advance(2 * DAY_MS);
    expect((await visibleFeedback(owner)).feedbacks).toHaveLength(50);
    expect(await feedbackSummary(owner)).toMatchObject({ plan: 'free', hiddenFeedbackCount: 5 });
    const after = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ plan: 'free', expiresAt: null, isActive: false, isToDelete: false });
    expect((await limitsSummary(owner)).plan).toBe('free');
    expect(await storedFeedbackCount(owner.id)).toBe(55);
  });

  test("free: the cap is per calendar month, so next month's feedback is visible again", async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 52, 'This month');
    expect((await visibleFeedback(owner)).feedbacks).toHaveLength(50);

    server.clock.set(startOfNextMonth());
    await sendFeedback(widget.key, 3, 'Next month');
    const { feedbacks } = await visibleFeedback(owner);
    expect(feedbacks).toHaveLength(53);
    expect(
      feedbacks
        .slice(0, 3)
        .map((item) => item.message)
        .sort(),
    ).toEqual(['Next month 0', 'Next month 1', 'Next month 2']);
    expect((await feedbackSummary(owner)).hiddenFeedbackCount).toBe(2);
  });

  test('free: the cap counts the whole account, across widgets', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    await sendFeedback(shop.key, 30, 'Shop');
    await sendFeedback(blog.key, 30, 'Blog');
    expect((await visibleFeedback(owner)).feedbacks).toHaveLength(60);

    await setPlan(server, owner.email, 'free');
    expect((await visibleFeedback(owner)).feedbacks).toHaveLength(50);
    expect((await feedbackSummary(owner)).hiddenFeedbackCount).toBe(10);
    expect(await storedFeedbackCount(owner.id)).toBe(60);
  });

  test('pro: 500 visible per widget per month, counted separately for each widget', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api, { plan: 'pro' });
    const busy = await createWidget(api, owner, { name: 'Busy' });
    const quiet = await createWidget(api, owner, { name: 'Quiet' });
    await sendManyFeedback(busy.key, 503);
    await sendFeedback(quiet.key, 4, 'Quiet');

    const summary = await feedbackSummary(owner);
    expect(summary).toEqual({
      plan: 'pro',
      maxVisibleFeedbackPerMonth: 500,
      feedbackScope: 'widget',
      hiddenFeedbackCount: 3,
      suggestedPlan: 'premium',
    });
    const busyList = await api.get<FeedbackListResponse>(`/api/feedback?widgetId=${busy._id}&limit=100`, {
      token: owner.token,
    });
    let busyVisible = busyList.body.feedbacks.length;
    let cursor = busyList.body.nextCursor;
    while (cursor) {
      const page = await api.get<FeedbackListResponse>(
        `/api/feedback?widgetId=${busy._id}&limit=100&cursor=${encodeURIComponent(cursor)}`,
        { token: owner.token },
      );
      busyVisible += page.body.feedbacks.length;
      cursor = page.body.nextCursor;
    }
    expect(busyVisible).toBe(500);
    const quietList = await api.get<FeedbackListResponse>(`/api/feedback?widgetId=${quiet._id}`, {
      token: owner.token,
    });
    expect(quietList.body.feedbacks).toHaveLength(4);
    expect(await storedFeedbackCount(owner.id)).toBe(507);
  });

  test('premium: nothing is hidden and the cap is null on the wire', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, 3);
    expect(await feedbackSummary(owner)).toEqual({
      plan: 'premium',
      maxVisibleFeedbackPerMonth: null,
      feedbackScope: 'widget',
      hiddenFeedbackCount: 0,
      suggestedPlan: null,
    });
  });
});

describe('installations per plan', () => {
  test('free: once a host is registered, a second host gets 403 on config and feedback, and nothing is stored', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await configFrom(widget.key, 'https://a.example')).status).toBe(200);

    const config = await configFrom(widget.key, 'https://b.example');
    expect(config.status).toBe(403);
    expect(config.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.notAnInstallation });
    const feedback = await feedbackFrom(widget.key, 'https://b.example');
    expect(feedback.status).toBe(403);
    expect(feedback.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.notAnInstallation });
    expect(await storedFeedbackCount(owner.id)).toBe(0);
    expect(await installedHosts(owner, widget._id)).toEqual(['a.example']);

    // The registered host keeps working.
    expect((await feedbackFrom(widget.key, 'https://a.example')).status).toBe(201);
    expect(await storedFeedbackCount(owner.id)).toBe(1);
  });

  test('free: feedback from a new site registers it just as loading the config does', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await feedbackFrom(widget.key, 'https://first.example')).status).toBe(201);
    expect(await installedHosts(owner, widget._id)).toEqual(['first.example']);
    expect((await configFrom(widget.key, 'https://second.example')).status).toBe(403);
  });

  test('pro: three hosts, the fourth gets 403', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    for (const host of ['a.example', 'b.example', 'c.example']) {
      expect((await configFrom(widget.key, `https://${host}`)).status).toBe(200);
    }
    expect((await configFrom(widget.key, 'https://d.example')).status).toBe(403);
    expect((await feedbackFrom(widget.key, 'https://d.example')).status).toBe(403);
    expect(await storedFeedbackCount(owner.id)).toBe(0);
    expect(await installedHosts(owner, widget._id)).toEqual(['a.example', 'b.example', 'c.example']);
  });

  test('pro: each widget has its own three places', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const first = await createWidget(api, owner);
    const second = await createWidget(api, owner);
    for (const host of ['a.example', 'b.example', 'c.example']) {
      expect((await configFrom(first.key, `https://${host}`)).status).toBe(200);
    }
    expect((await configFrom(second.key, 'https://d.example')).status).toBe(200);
  });

  test('an upgrade from free to pro lets a second site register at once', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await configFrom(widget.key, 'https://a.example')).status).toBe(200);
    expect((await configFrom(widget.key, 'https://b.example')).status).toBe(403);

    await setPlan(server, owner.email, 'pro');
    expect((await configFrom(widget.key, 'https://b.example')).status).toBe(200);
    expect((await feedbackFrom(widget.key, 'https://c.example')).status).toBe(201);
    expect((await configFrom(widget.key, 'https://d.example')).status).toBe(403);
    expect(await installedHosts(owner, widget._id)).toEqual(['a.example', 'b.example', 'c.example']);
  });

  test('when a pro plan ends, only the oldest site keeps the widget; nothing is deleted', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    for (const host of ['first.example', 'second.example', 'third.example']) {
      server.clock.advance(1000);
      expect((await configFrom(widget.key, `https://${host}`)).status).toBe(200);
    }
    await setPlan(server, owner.email, 'pro', new Date(server.clock.now().getTime() + DAY_MS));
    server.clock.advance(DAY_MS + 1000);

    expect((await configFrom(widget.key, 'https://first.example')).status).toBe(200);
    const second = await configFrom(widget.key, 'https://second.example');
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.notAnInstallation });
    expect((await feedbackFrom(widget.key, 'https://third.example')).status).toBe(403);
    expect((await feedbackFrom(widget.key, 'https://first.example')).status).toBe(201);
    expect(await storedFeedbackCount(owner.id)).toBe(1);
    expect(await installedHosts(owner, widget._id)).toEqual(['first.example', 'second.example', 'third.example']);

    // Renewing brings the other two back.
    await setPlan(server, owner.email, 'pro');
    expect((await configFrom(widget.key, 'https://second.example')).status).toBe(200);
    expect((await configFrom(widget.key, 'https://third.example')).status).toBe(200);
  });

  test('premium: any number of hosts, at most the hourly quota of new ones each hour', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    for (let index = 0; index < NEW_HOSTS_PER_WIDGET_PER_HOUR; index += 1) {
      expect((await configFrom(widget.key, `https://site-${index}.example`)).status).toBe(200);
    }
    server.clock.advance(60 * 60 * 1000);
    expect((await feedbackFrom(widget.key, 'https://site-10.example')).status).toBe(201);
    const listed = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(listed.body.widgets.find((candidate) => candidate._id === widget._id)?.installationCount).toBe(
      NEW_HOSTS_PER_WIDGET_PER_HOUR + 1,
    );
  });
});

describe('GET /api/user/limits/summary', () => {
  test('free: limits, counts, and what is still allowed', async () => {
    moveToFreshMonth();
    const owner = await createOwner(server, api);
    expect(await limitsSummary(owner)).toEqual({
      plan: 'free',
      maxWidgets: 1,
      widgetCount: 0,
      canCreateWidget: true,
      widgetSuggestedPlan: 'pro',
      maxPosts: 1,
      postCount: 0,
      postPeriod: 'month',
      canCreatePost: true,
      postSuggestedPlan: 'pro',
      maxInstallationsPerWidget: 1,
    });

    const widget = await createWidget(api, owner);
    expect((await postAs(owner, widget._id)).status).toBe(201);
    expect(await limitsSummary(owner)).toMatchObject({
      widgetCount: 1,
      canCreateWidget: false,
      postCount: 1,
      canCreatePost: false,
    });

    server.clock.set(startOfNextMonth());
    expect(await limitsSummary(owner)).toMatchObject({
      widgetCount: 1,
      canCreateWidget: false,
      postCount: 0,
      canCreatePost: true,
    });
  });

  test('pro: limits, counts, and premium as the suggestion', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const expected: LimitsSummary = {
      plan: 'pro',
      maxWidgets: 5,
      widgetCount: 0,
      canCreateWidget: true,
      widgetSuggestedPlan: 'premium',
      maxPosts: 10,
      postCount: 0,
      postPeriod: 'total',
      canCreatePost: true,
      postSuggestedPlan: 'premium',
      maxInstallationsPerWidget: 3,
    };
    expect(await limitsSummary(owner)).toEqual(expected);

    const widgets: Widget[] = [];
    for (let index = 0; index < 5; index += 1)
      widgets.push(await createWidget(api, owner, { name: `Widget ${index}` }));
    for (let index = 0; index < 10; index += 1) {
      expect((await postAs(owner, widgets[index % 5]?._id ?? '', `Post ${index}`)).status).toBe(201);
    }
    expect(await limitsSummary(owner)).toEqual({
      ...expected,
      widgetCount: 5,
      canCreateWidget: false,
      postCount: 10,
      canCreatePost: false,
    });
  });

  test('premium: every limit is null on the wire and nothing is suggested', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await createWidget(api, owner);
    expect((await postAs(owner, widget._id)).status).toBe(201);
    const response = await api.get('/api/user/limits/summary', { token: owner.token });
    expect(response.body).toEqual({
      plan: 'premium',
      maxWidgets: null,
      widgetCount: 2,
      canCreateWidget: true,
      widgetSuggestedPlan: null,
      maxPosts: null,
      postCount: 1,
      postPeriod: 'total',
      canCreatePost: true,
      postSuggestedPlan: null,
      maxInstallationsPerWidget: null,
    });
    // null, not a missing key or a number standing in for "unlimited".
    expect(response.text).toContain('"maxWidgets":null');
    expect(response.text).toContain('"maxPosts":null');
    expect(response.text).toContain('"maxInstallationsPerWidget":null');
  });

  test('after a paid plan ends, the free limits apply again and nothing is deleted', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    for (let index = 0; index < 3; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });
    await setPlan(server, owner.email, 'pro', new Date(server.clock.now().getTime() + DAY_MS));
    server.clock.advance(DAY_MS + 1000);
    expect(await limitsSummary(owner)).toMatchObject({
      plan: 'free',
      maxWidgets: 1,
      widgetCount: 3,
      canCreateWidget: false,
      maxInstallationsPerWidget: 1,
    });
    const refused = await api.post('/api/widget', VALID_WIDGET, { token: owner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: limitReachedMessage('widgets', 1, DEFAULT_PLANS.free) });
    const list = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(list.body.widgets).toHaveLength(3);
  });
});
