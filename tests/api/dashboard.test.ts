import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DashboardOverview, NewsPost } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
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

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-03-10T12:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

async function overview(owner: TestOwner): Promise<DashboardOverview> {
  const response = await api.get<DashboardOverview>('/api/dashboard/overview', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function sendFeedback(key: string, message: string) {
  const response = await api.post(`/api/public/widget/${key}/feedback`, validFeedback({ message }));
  expect(response.status, response.text).toBe(201);
}

async function createPost(owner: TestOwner, widgetId: string, title: string, status = 'published'): Promise<NewsPost> {
  const response = await api.post<{ post: NewsPost }>(
    '/api/post',
    { ...validPost(widgetId), title, status },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(201);
  return response.body.post;
}

describe('GET /api/dashboard/overview', () => {
  test('answers 401 without a token', async () => {
    expect((await api.get('/api/dashboard/overview')).status).toBe(401);
  });

  test('an empty account has zeros and empty lists', async () => {
    const owner = await createOwner(server, api);
    const response = await api.get('/api/dashboard/overview', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalFeedback: 0, activeWidgets: 0, recentFeedback: [], recentNews: [] });
  });

  test('counts feedback and active widgets, and lists the 3 newest feedback and news, newest first', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    for (const [index, key] of [shop.key, blog.key, shop.key, blog.key, shop.key].entries()) {
      server.clock.advance(1000);
      await sendFeedback(key, `Feedback ${index + 1}`);
    }
    const posts: NewsPost[] = [];
    for (const [index, status] of ['published', 'draft', 'published', 'published'].entries()) {
      server.clock.advance(1000);
      posts.push(await createPost(owner, index % 2 === 0 ? shop._id : blog._id, `News ${index + 1}`, status));
    }

    const body = await overview(owner);
    expect(body.totalFeedback).toBe(5);
    expect(body.activeWidgets).toBe(2);
    expect(body.recentFeedback.map((item) => [item.message, item.widgetName])).toEqual([
      ['Feedback 5', 'Shop'],
      ['Feedback 4', 'Blog'],
      ['Feedback 3', 'Shop'],
    ]);
    expect(body.recentFeedback[0]).toMatchObject({
      widgetId: shop._id,
      pageUrl: 'https://shop.example.com/pricing',
      userAgent: expect.any(String),
      createdAt: expect.any(String),
    });
    // The owner's own view: drafts count as recent news too.
    expect(body.recentNews).toEqual([posts[3], posts[2], posts[1]]);
  });

  test('inactive widgets are not counted as active', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const on = await createWidget(api, owner, { name: 'On' });
    const off = await createWidget(api, owner, { name: 'Off' });
    await createWidget(api, owner, { name: 'Also on' });
    expect((await overview(owner)).activeWidgets).toBe(3);

    const put = await api.put(
      `/api/widget/${off._id}`,
      { ...VALID_WIDGET, name: 'Off', active: false },
      { token: owner.token },
    );
    expect(put.status).toBe(200);
    expect((await overview(owner)).activeWidgets).toBe(2);

    expect((await api.delete(`/api/widget/${on._id}`, { token: owner.token })).status).toBe(200);
    expect((await overview(owner)).activeWidgets).toBe(1);
  });

  test('follows edits and deletions of posts and widgets', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const keep = await createWidget(api, owner, { name: 'Keep' });
    const drop = await createWidget(api, owner, { name: 'Drop' });
    server.clock.advance(1000);
    await sendFeedback(keep.key, 'Kept feedback');
    server.clock.advance(1000);
    await sendFeedback(drop.key, 'Dropped feedback');
    server.clock.advance(1000);
    const post = await createPost(owner, keep._id, 'Original title');
    expect((await overview(owner)).totalFeedback).toBe(2);

    const edited = await api.put(
      `/api/post/${post._id}`,
      { ...validPost(keep._id), title: 'Edited title' },
      { token: owner.token },
    );
    expect(edited.status).toBe(200);
    expect((await overview(owner)).recentNews.map((item) => item.title)).toEqual(['Edited title']);

    expect((await api.delete(`/api/widget/${drop._id}`, { token: owner.token })).status).toBe(200);
    const after = await overview(owner);
    expect(after.totalFeedback).toBe(1);
    expect(after.recentFeedback.map((item) => item.message)).toEqual(['Kept feedback']);

    expect((await api.delete(`/api/post/${post._id}`, { token: owner.token })).status).toBe(200);
    expect((await overview(owner)).recentNews).toEqual([]);
  });

  test('on the free plan, feedback hidden by the monthly cap is not counted or listed', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 53; index += 1) {
      server.clock.advance(10);
      await sendFeedback(widget.key, `Feedback ${index}`);
    }
    const body = await overview(owner);
    expect(body.totalFeedback).toBe(50);
    // The 3 newest visible ones are the 48th to 50th sent; the 3 sent after the cap stay hidden.
    expect(body.recentFeedback.map((item) => item.message)).toEqual(['Feedback 49', 'Feedback 48', 'Feedback 47']);
  });
});
