import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NEWS_MESSAGES } from '../../server/modules/news/news.service';
import { WIDGET_MESSAGES } from '../../server/modules/widgets/widgets.service';
import type { ApiErrorBody, NewsPost, PostListResponse, PublicWidgetConfig } from '../../src/shared/api';
import { NEWS_ICONS } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { NEWS_LINK_MESSAGE } from '../../src/shared/rules/messages';
import { createOwner, createWidget, storeLegacyLink, validPost, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Premium owners have no post limit; the limits themselves are covered in plan-limits. */
async function ownerWithWidget(): Promise<{ owner: TestOwner; widgetId: string; key: string }> {
  const owner = await createOwner(server, api, { plan: 'premium' });
  const widget = await createWidget(api, owner);
  return { owner, widgetId: widget._id, key: widget.key };
}

async function createPost(owner: TestOwner, body: Record<string, unknown>): Promise<NewsPost> {
  const response = await api.post<{ post: NewsPost }>('/api/post', body, { token: owner.token });
  expect(response.status).toBe(201);
  return response.body.post;
}

async function listPosts(owner: TestOwner, query = ''): Promise<NewsPost[]> {
  const response = await api.get<PostListResponse>(`/api/post${query}`, { token: owner.token });
  expect(response.status).toBe(200);
  expect(response.body.success).toBe(true);
  return response.body.posts;
}

async function publicPosts(key: string) {
  const response = await api.get<PublicWidgetConfig>(`/api/public/widget/${key}`);
  expect(response.status).toBe(200);
  return response.body.posts;
}

describe('POST /api/post', () => {
  test('creates a post and answers 201 with its wire shape', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const response = await api.post<{ post: NewsPost }>('/api/post', validPost(widgetId), { token: owner.token });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['post']);
    expect(response.body.post).toEqual({
      _id: expect.any(String),
      widgetId,
      title: 'We shipped dark mode',
      content: 'Dark mode is here for everyone. Try it from the settings.',
      icon: '🚀',
      link: 'https://example.com/changelog',
      active: true,
      status: 'published',
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    expect(await listPosts(owner)).toEqual([response.body.post]);
  });

  test('status defaults to published when omitted, and active mirrors it', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const { status: _status, ...withoutStatus } = validPost(widgetId);
    const published = await createPost(owner, withoutStatus);
    expect(published.status).toBe('published');
    expect(published.active).toBe(true);
    const draft = await createPost(owner, { ...withoutStatus, status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(draft.active).toBe(false);
  });

  test('title and content are stored trimmed', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const post = await createPost(owner, { ...validPost(widgetId), title: '  Hello  ', content: '   Ten chars!   ' });
    expect(post.title).toBe('Hello');
    expect(post.content).toBe('Ten chars!');
  });

  test('every one of the 12 icons of the form is accepted', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    expect(NEWS_ICONS).toHaveLength(12);
    for (const icon of NEWS_ICONS) {
      const post = await createPost(owner, { ...validPost(widgetId), icon });
      expect(post.icon).toBe(icon);
    }
  });

  describe('link', () => {
    let owner: TestOwner;
    let widgetId: string;
    beforeAll(async () => {
      ({ owner, widgetId } = await ownerWithWidget());
    });

    test('is optional: omitted or null is stored as null', async () => {
      const { link: _link, ...withoutLink } = validPost(widgetId);
      expect((await createPost(owner, withoutLink)).link).toBeNull();
      expect((await createPost(owner, { ...withoutLink, link: null })).link).toBeNull();
    });

    test('an empty string is stored as null', async () => {
      expect((await createPost(owner, { ...validPost(widgetId), link: '' })).link).toBeNull();
      expect((await createPost(owner, { ...validPost(widgetId), link: '   ' })).link).toBeNull();
    });

    test('anything but an http(s) URL is refused with 400 and the message on the link, when creating and editing', async () => {
      for (const link of ['see the changelog', 'javascript:alert(1)', 'example.com/page', 'ftp://files.example']) {
        const created = await api.post<ApiErrorBody>(
          '/api/post',
          { ...validPost(widgetId), link },
          { token: owner.token },
        );
        expect(created.status).toBe(400);
        expect(created.body.issues).toEqual([{ path: 'link', message: NEWS_LINK_MESSAGE }]);
      }
      const post = await createPost(owner, validPost(widgetId));
      const edited = await api.put<ApiErrorBody>(
        `/api/post/${post._id}`,
        { ...validPost(widgetId), link: 'javascript:alert(1)' },
        { token: owner.token },
      );
      expect(edited.status).toBe(400);
      expect(edited.body.issues).toEqual([{ path: 'link', message: NEWS_LINK_MESSAGE }]);
      expect((await listPosts(owner)).find((p) => p._id === post._id)?.link).toBe('https://example.com/changelog');
    });

    test('http and https links are stored as typed, trimmed', async () => {
      expect((await createPost(owner, { ...validPost(widgetId), link: ' http://example.com/a?b=1 ' })).link).toBe(
        'http://example.com/a?b=1',
      );
    });

    test('a link stored before the rule is kept, and the public answer carries it for the widget to show as text', async () => {
      const { owner: legacyOwner, widgetId: legacyWidget, key } = await ownerWithWidget();
      const post = await createPost(legacyOwner, validPost(legacyWidget));
      await storeLegacyLink(server, post._id, 'javascript:alert(1)');
      expect((await listPosts(legacyOwner))[0]?.link).toBe('javascript:alert(1)');
      expect((await publicPosts(key))[0]?.link).toBe('javascript:alert(1)');
    });
  });

  describe('validation (docs/product.md §5 news post form)', () => {
    let owner: TestOwner;
    let widgetId: string;
    beforeAll(async () => {
      ({ owner, widgetId } = await ownerWithWidget());
    });

    async function expectRejected(body: Record<string, unknown>, path: string, message: string) {
      const response = await api.post<ApiErrorBody>('/api/post', body, { token: owner.token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.issues).toContainEqual({ path, message });
    }

    test('a missing or empty widgetId is refused with "Please select a widget"', async () => {
      const { widgetId: _widgetId, ...withoutWidget } = validPost(widgetId);
      await expectRejected(withoutWidget, 'widgetId', 'Please select a widget');
      await expectRejected({ ...withoutWidget, widgetId: '' }, 'widgetId', 'Please select a widget');
      await expectRejected({ ...withoutWidget, widgetId: '   ' }, 'widgetId', 'Please select a widget');
    });

    test("a widgetId that is not one of the owner's widgets is 404", async () => {
      const response = await api.post('/api/post', validPost(MISSING_ID), { token: owner.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: WIDGET_MESSAGES.notFound });
    });

    test('a title shorter than 2 characters is refused with the documented message', async () => {
      await expectRejected({ ...validPost(widgetId), title: 'A' }, 'title', 'Title must be at least 2 characters');
      await expectRejected({ ...validPost(widgetId), title: '  A ' }, 'title', 'Title must be at least 2 characters');
    });

    test('content shorter than 10 characters is refused with the documented message', async () => {
      await expectRejected(
        { ...validPost(widgetId), content: 'Too short' },
        'content',
        'Content must be at least 10 characters',
      );
    });

    test('a missing icon or one not in the list is refused with "Please select an icon"', async () => {
      const { icon: _icon, ...withoutIcon } = validPost(widgetId);
      await expectRejected(withoutIcon, 'icon', 'Please select an icon');
      await expectRejected({ ...withoutIcon, icon: '😀' }, 'icon', 'Please select an icon');
      await expectRejected({ ...withoutIcon, icon: '' }, 'icon', 'Please select an icon');
    });

    test('a status other than draft or published is refused naming the allowed values', async () => {
      await expectRejected(
        { ...validPost(widgetId), status: 'archived' },
        'status',
        "Invalid enum value. Expected 'draft' | 'published', received 'archived'",
      );
    });

    test('nothing is stored by a refused request', async () => {
      expect(await listPosts(owner)).toEqual([]);
    });
  });
});

describe('GET /api/post', () => {
  let owner: TestOwner;
  let first: { widgetId: string; key: string };
  let second: { widgetId: string; key: string };
  const created: NewsPost[] = [];

  beforeAll(async () => {
    owner = await createOwner(server, api, { plan: 'premium' });
    const a = await createWidget(api, owner, { name: 'Widget A' });
    const b = await createWidget(api, owner, { name: 'Widget B' });
    first = { widgetId: a._id, key: a.key };
    second = { widgetId: b._id, key: b.key };
    for (const [index, widgetId] of [first.widgetId, second.widgetId, first.widgetId, second.widgetId].entries()) {
      server.clock.advance(1000);
      created.push(await createPost(owner, { ...validPost(widgetId), title: `Post ${index + 1}` }));
    }
  });

  test("lists all the owner's posts, newest first", async () => {
    const posts = await listPosts(owner);
    expect(posts.map((post) => post.title)).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1']);
    expect(posts).toEqual([...created].reverse());
  });

  test("?widgetId= keeps only that widget's posts, newest first", async () => {
    expect((await listPosts(owner, `?widgetId=${first.widgetId}`)).map((post) => post.title)).toEqual([
      'Post 3',
      'Post 1',
    ]);
    expect((await listPosts(owner, `?widgetId=${second.widgetId}`)).map((post) => post.title)).toEqual([
      'Post 4',
      'Post 2',
    ]);
  });

  test('widgetId=all and an empty widgetId mean no filter', async () => {
    expect(await listPosts(owner, '?widgetId=all')).toHaveLength(4);
    expect(await listPosts(owner, '?widgetId=')).toHaveLength(4);
  });

  test('an unknown widgetId filter is 404', async () => {
    const response = await api.get(`/api/post?widgetId=${MISSING_ID}`, { token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: WIDGET_MESSAGES.notFound });
  });

  test('drafts are listed for the owner', async () => {
    const fresh = await ownerWithWidget();
    const draft = await createPost(fresh.owner, { ...validPost(fresh.widgetId), status: 'draft' });
    expect(await listPosts(fresh.owner)).toEqual([draft]);
  });
});

describe('PUT /api/post/:id', () => {
  test('updates every field, keeps id and creation time, and moves updatedAt', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const post = await createPost(owner, validPost(widgetId));
    server.clock.advance(60_000);
    const response = await api.put<{ post: NewsPost }>(
      `/api/post/${post._id}`,
      {
        widgetId,
        title: 'Edited title',
        content: 'Edited content, long enough.',
        icon: '🐛',
        link: '',
        status: 'draft',
      },
      { token: owner.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.post).toEqual({
      ...post,
      title: 'Edited title',
      content: 'Edited content, long enough.',
      icon: '🐛',
      link: null,
      status: 'draft',
      active: false,
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    expect(Date.parse(response.body.post.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
    expect(await listPosts(owner)).toEqual([response.body.post]);
  });

  test('an edit that leaves out the status keeps a draft a draft', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const draft = await createPost(owner, { ...validPost(widget._id), status: 'draft' });
    const { status: _status, ...withoutStatus } = validPost(widget._id);
    const response = await api.put<{ post: NewsPost }>(
      `/api/post/${draft._id}`,
      { ...withoutStatus, title: 'Still a draft' },
      { token: owner.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.post).toMatchObject({ title: 'Still a draft', status: 'draft', active: false });
  });

  test("can move a post to another of the owner's widgets", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const a = await createWidget(api, owner);
    const b = await createWidget(api, owner);
    const post = await createPost(owner, validPost(a._id));
    const response = await api.put<{ post: NewsPost }>(`/api/post/${post._id}`, validPost(b._id), {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.post.widgetId).toBe(b._id);
    expect(await listPosts(owner, `?widgetId=${a._id}`)).toEqual([]);
    expect((await listPosts(owner, `?widgetId=${b._id}`)).map((listed) => listed._id)).toEqual([post._id]);
  });

  test('the same validation rules apply as on create, and a refused edit changes nothing', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const post = await createPost(owner, validPost(widgetId));
    const response = await api.put<ApiErrorBody>(
      `/api/post/${post._id}`,
      { ...validPost(widgetId), content: 'short' },
      { token: owner.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Content must be at least 10 characters');
    expect(await listPosts(owner)).toEqual([post]);
  });

  test('an unknown post id is 404', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const response = await api.put(`/api/post/${MISSING_ID}`, validPost(widgetId), { token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: NEWS_MESSAGES.notFound });
  });
});

describe('DELETE /api/post/:id', () => {
  test('deletes the post, then answers 404 for it', async () => {
    const { owner, widgetId } = await ownerWithWidget();
    const keep = await createPost(owner, { ...validPost(widgetId), title: 'Keep' });
    const post = await createPost(owner, { ...validPost(widgetId), title: 'Delete' });
    const first = await api.delete(`/api/post/${post._id}`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: NEWS_MESSAGES.deleted });
    expect(await listPosts(owner)).toEqual([keep]);

    const again = await api.delete(`/api/post/${post._id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: NEWS_MESSAGES.notFound });
  });
});

describe('posts in the public widget config', () => {
  test('shows published posts newest first and never drafts', async () => {
    const { owner, widgetId, key } = await ownerWithWidget();
    server.clock.advance(1000);
    const older = await createPost(owner, { ...validPost(widgetId), title: 'Older' });
    server.clock.advance(1000);
    await createPost(owner, { ...validPost(widgetId), title: 'Draft', status: 'draft' });
    server.clock.advance(1000);
    const newer = await createPost(owner, { ...validPost(widgetId), title: 'Newer', link: null });
    const posts = await publicPosts(key);
    expect(posts).toEqual([
      {
        title: 'Newer',
        content: newer.content,
        icon: newer.icon,
        link: null,
        createdAt: newer.createdAt,
      },
      {
        title: 'Older',
        content: older.content,
        icon: older.icon,
        link: older.link,
        createdAt: older.createdAt,
      },
    ]);
  });

  test('only shows the posts of that widget', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const a = await createWidget(api, owner);
    const b = await createWidget(api, owner);
    await createPost(owner, { ...validPost(a._id), title: 'For A' });
    expect((await publicPosts(a.key)).map((post) => post.title)).toEqual(['For A']);
    expect(await publicPosts(b.key)).toEqual([]);
  });

  test('a new post, an edit, unpublishing and deleting show up at once', async () => {
    const { owner, widgetId, key } = await ownerWithWidget();
    // Served (and cached) before any change.
    expect(await publicPosts(key)).toEqual([]);

    const post = await createPost(owner, { ...validPost(widgetId), title: 'First version' });
    expect((await publicPosts(key)).map((listed) => listed.title)).toEqual(['First version']);

    const edited = await api.put(
      `/api/post/${post._id}`,
      { ...validPost(widgetId), title: 'Second version' },
      { token: owner.token },
    );
    expect(edited.status).toBe(200);
    expect((await publicPosts(key)).map((listed) => listed.title)).toEqual(['Second version']);

    const unpublished = await api.put(
      `/api/post/${post._id}`,
      { ...validPost(widgetId), status: 'draft' },
      { token: owner.token },
    );
    expect(unpublished.status).toBe(200);
    expect(await publicPosts(key)).toEqual([]);

    const republished = await api.put(
      `/api/post/${post._id}`,
      { ...validPost(widgetId), title: 'Back' },
      { token: owner.token },
    );
    expect(republished.status).toBe(200);
    expect((await publicPosts(key)).map((listed) => listed.title)).toEqual(['Back']);

    expect((await api.delete(`/api/post/${post._id}`, { token: owner.token })).status).toBe(200);
    expect(await publicPosts(key)).toEqual([]);
  });

  test('moving a post to another widget moves it between their public configs at once', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const a = await createWidget(api, owner);
    const b = await createWidget(api, owner);
    const post = await createPost(owner, validPost(a._id));
    expect(await publicPosts(a.key)).toHaveLength(1);
    expect(await publicPosts(b.key)).toEqual([]);
    expect((await api.put(`/api/post/${post._id}`, validPost(b._id), { token: owner.token })).status).toBe(200);
    expect(await publicPosts(a.key)).toEqual([]);
    expect((await publicPosts(b.key)).map((listed) => listed.title)).toEqual([post.title]);
  });

  test('a widget with News turned off serves no posts', async () => {
    const { owner, widgetId, key } = await ownerWithWidget();
    await createPost(owner, validPost(widgetId));
    expect(await publicPosts(key)).toHaveLength(1);
    const put = await api.put(
      `/api/widget/${widgetId}`,
      { name: 'Main site', position: 'bottom-right', primaryColor: '#3B82F6', enableFeedback: true, enableNews: false },
      { token: owner.token },
    );
    expect(put.status).toBe(200);
    expect(await publicPosts(key)).toEqual([]);
  });
});
