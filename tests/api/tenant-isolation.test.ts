import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROFILE_MESSAGES } from '../../server/modules/accounts/profile.service';
import { NEWS_MESSAGES } from '../../server/modules/news/news.service';
import { WIDGET_MESSAGES } from '../../server/modules/widgets/widgets.service';
import type {
  ApiErrorBody,
  DashboardOverview,
  FeedbackListResponse,
  LimitsSummary,
  NewsPost,
  PostListResponse,
  PublicWidgetConfig,
  Widget,
  WidgetListResponse,
} from '../../src/shared/api';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  validFeedback,
  validPost,
  type TestOwner,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let ownerA: TestOwner;
let ownerB: TestOwner;
let widgetA: Widget;
let postA: NewsPost;
let widgetB: Widget;
let postB: NewsPost;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);

  ownerA = await createOwner(server, api, { plan: 'premium', name: 'Owner A' });
  ownerB = await createOwner(server, api, { plan: 'premium', name: 'Owner B' });

  widgetA = await createWidget(api, ownerA, { name: 'A site' });
  const installed = await api.get(`/api/public/widget/${widgetA.key}`, { headers: { Origin: 'https://a.example' } });
  expect(installed.status).toBe(200);
  const sent = await api.post(`/api/public/widget/${widgetA.key}/feedback`, validFeedback({ message: 'For A only' }), {
    headers: { Origin: 'https://a.example' },
  });
  expect(sent.status).toBe(201);
  const createdA = await api.post<{ post: NewsPost }>(
    '/api/post',
    { ...validPost(widgetA._id), title: 'A news' },
    { token: ownerA.token },
  );
  expect(createdA.status).toBe(201);
  postA = createdA.body.post;

  widgetB = await createWidget(api, ownerB, { name: 'B site' });
  const createdB = await api.post<{ post: NewsPost }>(
    '/api/post',
    { ...validPost(widgetB._id), title: 'B news' },
    { token: ownerB.token },
  );
  expect(createdB.status).toBe(201);
  postB = createdB.body.post;
});
afterAll(() => server.close());

/** Every row that belongs to an owner, serialised, so any change at all shows up. */
async function snapshotOf(workspaceId: string): Promise<string> {
  const { db } = server;
  const widgets = await db
    .selectFrom('widgets')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  const widgetIds = widgets.map((widget) => widget.id);
  const installations =
    widgetIds.length === 0
      ? []
      : await db.selectFrom('installations').selectAll().where('widget_id', 'in', widgetIds).orderBy('host').execute();
  return JSON.stringify({
    user: await db.selectFrom('users').selectAll().where('id', '=', workspaceId).execute(),
    sessions: await db.selectFrom('sessions').selectAll().where('user_id', '=', workspaceId).orderBy('id').execute(),
    widgets,
    installations,
    posts: await db.selectFrom('posts').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute(),
    feedback: await db
      .selectFrom('feedback')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .execute(),
    counters: await db
      .selectFrom('feedback_counters')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('scope')
      .execute(),
  });
}

/** The one error shape, with exactly the message an unknown id gets. */
function expectNotFound(response: ApiResponse<unknown>, message: string) {
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ message });
}

describe("owner B against owner A's ids", () => {
  const cases: {
    name: string;
    message: string;
    send: (id: string) => Promise<ApiResponse<unknown>>;
    id: () => string;
  }[] = [
    {
      name: 'PUT /api/widget/:id',
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) =>
        api.put(`/api/widget/${id}`, { ...VALID_WIDGET, name: 'Hijacked', active: false }, { token: ownerB.token }),
    },
    {
      name: 'DELETE /api/widget/:id',
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.delete(`/api/widget/${id}`, { token: ownerB.token }),
    },
    {
      name: 'DELETE /api/widget/:id/installations/:host',
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.delete(`/api/widget/${id}/installations/a.example`, { token: ownerB.token }),
    },
    {
      name: 'PUT /api/post/:id',
      message: NEWS_MESSAGES.notFound,
      id: () => postA._id,
      send: (id) =>
        api.put(`/api/post/${id}`, { ...validPost(widgetB._id), title: 'Hijacked' }, { token: ownerB.token }),
    },
    {
      name: 'DELETE /api/post/:id',
      message: NEWS_MESSAGES.notFound,
      id: () => postA._id,
      send: (id) => api.delete(`/api/post/${id}`, { token: ownerB.token }),
    },
    {
      name: 'GET /api/feedback?widgetId=',
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.get(`/api/feedback?widgetId=${id}`, { token: ownerB.token }),
    },
    {
      name: 'GET /api/post?widgetId=',
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.get(`/api/post?widgetId=${id}`, { token: ownerB.token }),
    },
    {
      name: "POST /api/post with A's widgetId",
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.post('/api/post', { ...validPost(id), title: 'Planted' }, { token: ownerB.token }),
    },
    {
      name: "PUT of B's own post moving it to A's widget",
      message: WIDGET_MESSAGES.notFound,
      id: () => widgetA._id,
      send: (id) => api.put(`/api/post/${postB._id}`, { ...validPost(id), title: 'Moved' }, { token: ownerB.token }),
    },
    {
      name: 'DELETE /api/user/:id',
      message: PROFILE_MESSAGES.accountNotFound,
      id: () => ownerA.id,
      send: (id) => api.delete(`/api/user/${id}`, { token: ownerB.token }),
    },
  ];

  for (const { name, message, id, send } of cases) {
    test(`${name} is 404 exactly as for an unknown id, and A's rows are untouched`, async () => {
      const beforeA = await snapshotOf(ownerA.id);
      const beforeB = await snapshotOf(ownerB.id);

      const response = await send(id());
      expectNotFound(response, message);
      const unknown = await send(MISSING_ID);
      expectNotFound(unknown, message);
      expect(response.text).toBe(unknown.text);

      expect(await snapshotOf(ownerA.id)).toBe(beforeA);
      expect(await snapshotOf(ownerB.id)).toBe(beforeB);
    });
  }

  test('A can still use everything B tried to touch', async () => {
    const widgets = await api.get<WidgetListResponse>('/api/widget', { token: ownerA.token });
    expect(widgets.body.widgets).toEqual([
      { ...widgetA, installations: [{ host: 'a.example', createdAt: expect.any(String) }], installationCount: 1 },
    ]);
    const posts = await api.get<PostListResponse>('/api/post', { token: ownerA.token });
    expect(posts.body.posts).toEqual([postA]);
    const config = await api.get<PublicWidgetConfig>(`/api/public/widget/${widgetA.key}`, {
      headers: { Origin: 'https://a.example' },
    });
    expect(config.status).toBe(200);
    expect(config.body.widget).toMatchObject({ key: widgetA.key, color: widgetA.branding.color });
    const postsOfB = await api.get<PostListResponse>('/api/post', { token: ownerB.token });
    expect(postsOfB.body.posts).toEqual([postB]);
  });
});

describe('what B sees', () => {
  test("B's lists never contain A's widgets, posts or feedback", async () => {
    const widgets = await api.get<WidgetListResponse>('/api/widget', { token: ownerB.token });
    expect(widgets.body.widgets.map((widget) => widget._id)).toEqual([widgetB._id]);
    const posts = await api.get<PostListResponse>('/api/post', { token: ownerB.token });
    expect(posts.body.posts.map((post) => post._id)).toEqual([postB._id]);
    const allPosts = await api.get<PostListResponse>('/api/post?widgetId=all', { token: ownerB.token });
    expect(allPosts.body.posts.map((post) => post._id)).toEqual([postB._id]);
    const feedback = await api.get<FeedbackListResponse>('/api/feedback', { token: ownerB.token });
    expect(feedback.body.feedbacks).toEqual([]);
    const overview = await api.get<DashboardOverview>('/api/dashboard/overview', { token: ownerB.token });
    expect(overview.body).toEqual({ totalFeedback: 0, activeWidgets: 1, recentFeedback: [], recentNews: [postB] });
    const limits = await api.get<LimitsSummary>('/api/user/limits/summary', { token: ownerB.token });
    expect(limits.body).toMatchObject({ widgetCount: 1, postCount: 1 });
  });

  test("feedback sent with A's site key lands only in A's inbox", async () => {
    const message = 'Only A may read this';
    const sent = await api.post(`/api/public/widget/${widgetA.key}/feedback`, validFeedback({ message }), {
      headers: { Origin: 'https://a.example' },
    });
    expect(sent.status).toBe(201);
    const inboxA = await api.get<FeedbackListResponse>('/api/feedback', { token: ownerA.token });
    expect(inboxA.body.feedbacks.map((item) => item.message)).toContain(message);
    const inboxB = await api.get<FeedbackListResponse>('/api/feedback', { token: ownerB.token });
    expect(inboxB.body.feedbacks).toEqual([]);
    const summaryB = await api.get<{ hiddenFeedbackCount: number }>('/api/feedback/summary', { token: ownerB.token });
    expect(summaryB.body.hiddenFeedbackCount).toBe(0);
  });
});

describe('mass assignment', () => {
  test('POST /api/widget with an workspaceId is refused as an unknown key and creates nothing', async () => {
    const beforeA = await snapshotOf(ownerA.id);
    const beforeB = await snapshotOf(ownerB.id);
    const response = await api.post<ApiErrorBody>(
      '/api/widget',
      { ...VALID_WIDGET, workspaceId: ownerA.id },
      { token: ownerB.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Unrecognized key(s) in object: 'workspaceId'");
    expect(await snapshotOf(ownerA.id)).toBe(beforeA);
    expect(await snapshotOf(ownerB.id)).toBe(beforeB);
  });

  test('PUT /api/widget/:id with an workspaceId or a site key is refused and changes nothing', async () => {
    const before = await snapshotOf(ownerB.id);
    for (const extra of [{ workspaceId: ownerA.id }, { key: widgetA.key }, { _id: widgetA._id }]) {
      const response = await api.put<ApiErrorBody>(
        `/api/widget/${widgetB._id}`,
        { ...VALID_WIDGET, ...extra },
        { token: ownerB.token },
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Unrecognized key\(s\) in object: /);
    }
    expect(await snapshotOf(ownerB.id)).toBe(before);
  });

  test('POST /api/post with an workspaceId is refused as an unknown key', async () => {
    const before = await snapshotOf(ownerA.id);
    const response = await api.post<ApiErrorBody>(
      '/api/post',
      { ...validPost(widgetB._id), workspaceId: ownerA.id },
      { token: ownerB.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Unrecognized key(s) in object: 'workspaceId'");
    expect(await snapshotOf(ownerA.id)).toBe(before);
  });

  test('PUT /api/user cannot set the plan', async () => {
    const owner = await createOwner(server, api);
    const response = await api.put<ApiErrorBody>(
      '/api/user',
      { username: 'Free Rider', email: owner.email, plan: 'premium' },
      { token: owner.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Unrecognized key(s) in object: 'plan'");
    const row = await server.db
      .selectFrom('workspaces')
      .select(['plan', 'plan_expires_at', 'name'])
      .where('id', '=', owner.id)
      .executeTakeFirst();
    expect(row).toEqual({ plan: 'free', plan_expires_at: null, name: 'Test Owner' });
    const limits = await api.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
    expect(limits.body.plan).toBe('free');
  });
});
