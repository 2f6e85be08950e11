import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_WIDGET_MESSAGES } from '../../server/modules/public-widget/public-widget.service';
import { WIDGET_MESSAGES } from '../../server/modules/widgets/widgets.service';
import type { ApiErrorBody, FeedbackItem, FeedbackListResponse } from '../../src/shared/api';
import { createApiClient, type ApiClient, type RequestOptions } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  // Mid-month, so a suite's worth of feedback never straddles a month boundary.
  server = await startTestServer({ clockStart: new Date('2030-05-10T09:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

async function sendFeedback(
  key: string,
  body: Record<string, unknown> = validFeedback(),
  options: RequestOptions = {},
) {
  const response = await api.post<ApiErrorBody>(`/api/public/widget/${key}/feedback`, body, options);
  expect(response.status, response.text).toBe(201);
  return response;
}

async function inbox(owner: TestOwner, query = ''): Promise<FeedbackListResponse> {
  const response = await api.get<FeedbackListResponse>(`/api/feedback${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function storedFeedbackCount(workspaceId: string): Promise<number> {
  const rows = await server.db.selectFrom('feedback').select('id').where('workspace_id', '=', workspaceId).execute();
  return rows.length;
}

describe('POST /api/public/widget/:key/feedback', () => {
  test("answers 201 and the feedback lands in the owner's inbox with its widget name", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop' });
    const response = await sendFeedback(widget.key, validFeedback(), {
      headers: { 'User-Agent': 'Mozilla/5.0 (TestBrowser)' },
    });
    expect(response.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.received });

    const body = await inbox(owner);
    expect(body).toEqual({
      success: true,
      feedbacks: [
        {
          _id: expect.any(String),
          widgetId: widget._id,
          widgetName: 'Shop',
          message: 'Love the new pricing page!',
          pageUrl: 'https://shop.example.com/pricing',
          userAgent: 'Mozilla/5.0 (TestBrowser)',
          authorName: null,
          authorEmail: null,
          assigneeId: null,
          status: 'new',
          createdAt: expect.stringMatching(ISO_UTC),
        },
      ],
      nextCursor: null,
    });
  });

  test("stores the request's User-Agent as userAgent", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, validFeedback(), { headers: { 'User-Agent': 'Firefox/999.0 (X11; Linux)' } });
    const [item] = (await inbox(owner)).feedbacks;
    expect(item?.userAgent).toBe('Firefox/999.0 (X11; Linux)');
  });

  test('authorName and authorEmail are stored when given', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, validFeedback({ authorName: 'Ada Lovelace', authorEmail: 'ada@example.com' }));
    const [item] = (await inbox(owner)).feedbacks;
    expect(item).toMatchObject({ authorName: 'Ada Lovelace', authorEmail: 'ada@example.com' });
  });

  test('authorName and authorEmail are optional; empty ones are stored as none', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key, validFeedback({ authorName: '', authorEmail: '' }));
    server.clock.advance(10);
    await sendFeedback(widget.key, validFeedback({ authorName: null, authorEmail: null }));
    const { feedbacks } = await inbox(owner);
    expect(feedbacks).toHaveLength(2);
    for (const item of feedbacks) {
      expect(item.authorName).toBeNull();
      expect(item.authorEmail).toBeNull();
    }
  });

  test('a malformed authorEmail is refused with "Invalid email" and nothing is stored', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const response = await api.post<ApiErrorBody>(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({ authorEmail: 'not-an-email' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid email');
    expect(response.body.issues).toContainEqual({ path: 'authorEmail', message: 'Invalid email' });
    expect(await storedFeedbackCount(owner.id)).toBe(0);
  });

  test('an unknown site key is 404', async () => {
    const response = await api.post('/api/public/widget/no-such-key-000000000000/feedback', validFeedback());
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.unknownWidget });
  });
});

describe('GET /api/feedback', () => {
  test('answers 401 without a token', async () => {
    expect((await api.get('/api/feedback')).status).toBe(401);
  });

  test('an empty inbox is an empty list with no next cursor', async () => {
    const owner = await createOwner(server, api);
    expect(await inbox(owner)).toEqual({ success: true, feedbacks: [], nextCursor: null });
  });

  test("lists feedback newest first across the owner's widgets, each with its widget name", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    for (const [index, key] of [shop.key, blog.key, shop.key].entries()) {
      server.clock.advance(1000);
      await sendFeedback(key, validFeedback({ message: `Message ${index + 1}` }));
    }
    const { feedbacks } = await inbox(owner);
    expect(feedbacks.map((item) => [item.message, item.widgetName])).toEqual([
      ['Message 3', 'Shop'],
      ['Message 2', 'Blog'],
      ['Message 1', 'Shop'],
    ]);
    const times = feedbacks.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('widgetName follows a rename of the widget', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Old name' });
    await sendFeedback(widget.key);
    const put = await api.put(
      `/api/widget/${widget._id}`,
      { name: 'New name', position: 'bottom-right', primaryColor: '#3B82F6', enableFeedback: true, enableNews: true },
      { token: owner.token },
    );
    expect(put.status).toBe(200);
    expect((await inbox(owner)).feedbacks[0]?.widgetName).toBe('New name');
  });

  describe('the widgetId filter', () => {
    let owner: TestOwner;
    let shopId: string;
    let blogId: string;

    beforeAll(async () => {
      owner = await createOwner(server, api, { plan: 'premium' });
      const shop = await createWidget(api, owner, { name: 'Shop' });
      const blog = await createWidget(api, owner, { name: 'Blog' });
      shopId = shop._id;
      blogId = blog._id;
      for (let index = 0; index < 3; index += 1) {
        server.clock.advance(100);
        await sendFeedback(shop.key, validFeedback({ message: `Shop ${index}` }));
      }
      server.clock.advance(100);
      await sendFeedback(blog.key, validFeedback({ message: 'Blog 0' }));
    });

    test("keeps only that widget's feedback", async () => {
      expect((await inbox(owner, `?widgetId=${shopId}`)).feedbacks.map((item) => item.message)).toEqual([
        'Shop 2',
        'Shop 1',
        'Shop 0',
      ]);
      const blog = (await inbox(owner, `?widgetId=${blogId}`)).feedbacks;
      expect(blog.map((item) => [item.message, item.widgetId])).toEqual([['Blog 0', blogId]]);
    });

    test('widgetId=all and an empty widgetId mean no filter', async () => {
      expect((await inbox(owner, '?widgetId=all')).feedbacks).toHaveLength(4);
      expect((await inbox(owner, '?widgetId=')).feedbacks).toHaveLength(4);
    });

    test('an unknown widget is 404', async () => {
      const response = await api.get(`/api/feedback?widgetId=${MISSING_ID}`, { token: owner.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: WIDGET_MESSAGES.notFound });
    });

    test("pages through one widget's feedback with the cursor", async () => {
      const first = await inbox(owner, `?widgetId=${shopId}&limit=2`);
      expect(first.feedbacks.map((item) => item.message)).toEqual(['Shop 2', 'Shop 1']);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await inbox(
        owner,
        `?widgetId=${shopId}&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      );
      expect(second.feedbacks.map((item) => item.message)).toEqual(['Shop 0']);
      expect(second.nextCursor).toBeNull();
    });
  });

  describe('pagination', () => {
    let owner: TestOwner;
    const sent: string[] = [];

    beforeAll(async () => {
      // Premium: every one of the 120 is visible.
      owner = await createOwner(server, api, { plan: 'premium' });
      const widget = await createWidget(api, owner);
      for (let index = 0; index < 120; index += 1) {
        server.clock.advance(1000);
        const message = `Feedback number ${index}`;
        sent.push(message);
        await sendFeedback(widget.key, validFeedback({ message }));
      }
    });

    test('limit=50 pages through all 120 newest first, without duplicates or gaps', async () => {
      const pages: FeedbackItem[][] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await inbox(owner, query);
        pages.push(page.feedbacks);
        cursor = page.nextCursor;
        expect(pages.length).toBeLessThanOrEqual(3);
      } while (cursor !== null);

      expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
      const all = pages.flat();
      const ids = all.map((item) => item._id);
      expect(new Set(ids).size).toBe(120);
      expect(all.map((item) => item.message).sort()).toEqual([...sent].sort());
      // Newest first: exactly the reverse of the order they were sent in.
      expect(all.map((item) => item.message)).toEqual([...sent].reverse());
    });

    test('feedback sent in the same millisecond is paged without duplicates or gaps', async () => {
      const tied = await createOwner(server, api, { plan: 'premium' });
      const widget = await createWidget(api, tied);
      for (let index = 0; index < 30; index += 1) {
        await sendFeedback(widget.key, validFeedback({ message: `Burst ${index}` }));
      }
      // A burst arriving within one millisecond: give every row the same creation time.
      await server.db
        .updateTable('feedback')
        .set({ created_at: server.clock.now().toISOString() })
        .where('workspace_id', '=', tied.id)
        .execute();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await inbox(tied, query);
        seen.push(...page.feedbacks.map((item) => item.message));
        cursor = page.nextCursor;
        pages += 1;
        expect(pages).toBeLessThanOrEqual(5);
      } while (cursor !== null);
      expect(pages).toBe(5);
      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
    });

    test('the default page is 50 and says where to go on', async () => {
      const page = await inbox(owner);
      expect(page.feedbacks).toHaveLength(50);
      expect(page.nextCursor).toEqual(expect.any(String));
    });

    test('limit=100 is the largest page', async () => {
      const page = await inbox(owner, '?limit=100');
      expect(page.feedbacks).toHaveLength(100);
      expect(page.nextCursor).toEqual(expect.any(String));
    });

    test('a cursor that is not one the server gave is 400 Invalid cursor', async () => {
      const forged = Buffer.from(JSON.stringify({ createdAt: 'x' })).toString('base64url');
      for (const cursor of ['not-a-cursor', forged, '%%%']) {
        const response = await api.get<ApiErrorBody>(`/api/feedback?cursor=${encodeURIComponent(cursor)}`, {
          token: owner.token,
        });
        expect(response.status, cursor).toBe(400);
        expect(response.body).toEqual({
          message: 'Invalid cursor',
          issues: [{ path: 'cursor', message: 'Invalid cursor' }],
        });
      }
    });

    test('limit 0, 101 or a non-number is 400', async () => {
      const cases: [string, string][] = [
        ['0', 'Number must be greater than or equal to 1'],
        ['101', 'Number must be less than or equal to 100'],
        ['abc', 'Expected number, received nan'],
      ];
      for (const [limit, message] of cases) {
        const response = await api.get<ApiErrorBody>(`/api/feedback?limit=${limit}`, { token: owner.token });
        expect(response.status, limit).toBe(400);
        expect(response.body.message).toBe(message);
        expect(response.body.issues).toContainEqual({ path: 'limit', message });
      }
    });
  });
});
