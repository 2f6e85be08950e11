/**
 * The public widget API (docs/product.md, "The widget and its public API"; docs/security-model.md
 * W-04, W-05, W-07, W-08, W-12, W-13, A-30): what every visitor of every customer site calls,
 * cross-origin, cached, and abuse-resistant.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody, NewsPost, PublicWidgetConfig, Widget } from '../../src/shared/api';
import { FEEDBACK_HONEYPOT_FIELD, MAX_FEEDBACK_MESSAGE_LENGTH } from '../../src/shared/limits';
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
let owner: TestOwner;
let widget: Widget;

const RECEIVED = { message: 'Thank you! Your feedback was sent.' };
const ORIGIN = { Origin: 'https://shop.example.com' };

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  widget = await createWidget(api, owner);
});
afterAll(() => server.close());

const configPath = (key: string) => `/api/public/widget/${encodeURIComponent(key)}`;
const feedbackPath = (key: string) => `${configPath(key)}/feedback`;

async function feedbackRows(widgetId: string) {
  return server.db
    .selectFrom('feedback')
    .selectAll()
    .where('widget_id', '=', widgetId)
    .orderBy('created_at')
    .orderBy('account_seq')
    .execute();
}

function expectNoCredentialsOrCookies(response: ApiResponse<unknown>) {
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('CORS on the public API, and none on the owner API', () => {
  test('GET and POST answer any origin with Access-Control-Allow-Origin: * and no credentials or cookies', async () => {
    const config = await api.get(configPath(widget.key), { headers: ORIGIN });
    expect(config.status).toBe(200);
    expect(config.headers.get('access-control-allow-origin')).toBe('*');
    expectNoCredentialsOrCookies(config);

    const sent = await api.post(feedbackPath(widget.key), validFeedback(), { headers: ORIGIN });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('access-control-allow-origin')).toBe('*');
    expectNoCredentialsOrCookies(sent);
  });

  test('a preflight is a 204 allowing GET and POST with a Content-Type header, without credentials', async () => {
    for (const path of [configPath(widget.key), feedbackPath(widget.key)]) {
      const preflight = await api.request('OPTIONS', path, undefined, {
        headers: {
          ...ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.text).toBe('');
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const methods = (preflight.headers.get('access-control-allow-methods') ?? '').split(/\s*,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expectNoCredentialsOrCookies(preflight);
    }
  });

  test('errors of the public API carry CORS too, so the widget can read them', async () => {
    const missing = await api.get(configPath('no-such-key'), { headers: ORIGIN });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expectNoCredentialsOrCookies(missing);
  });

  test('owner routes never send CORS headers, whatever the Origin (an evil site, null)', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://shop.example.com']) {
      const headers = {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      };
      const responses = [
        await api.request('OPTIONS', '/api/widget', undefined, { headers }),
        await api.get('/api/widget', { token: owner.token, headers: { Origin: origin } }),
        await api.request('OPTIONS', '/api/auth/login', undefined, { headers }),
        await api.post(
          '/api/auth/login',
          { email: owner.email, password: owner.password },
          { headers: { Origin: origin } },
        ),
        await api.get('/api/health', { headers: { Origin: origin } }),
      ];
      for (const response of responses) {
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expectNoCredentialsOrCookies(response);
      }
    }
  });
});

describe('the public config', () => {
  test('has exactly the public shape and nothing about the owner', async () => {
    const post = await api.post<{ post: NewsPost }>('/api/post', validPost(widget._id), { token: owner.token });
    expect(post.status).toBe(201);
    const response = await api.get<PublicWidgetConfig>(configPath(widget.key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['lang', 'posts', 'strings', 'widget']);
    expect(response.body.widget).toEqual({
      key: widget.key,
      position: VALID_WIDGET.position,
      color: VALID_WIDGET.primaryColor,
      enabledTabs: ['feedback', 'news'],
      hideLauncher: false,
      offsetX: 20,
      offsetY: 20,
      changelogUrl: widget.changelogUrl,
    });
    expect(response.body.lang).toBe('en');
    expect(response.body.strings.title).toBe('Support Widget');
    expect(response.body.posts.length).toBeGreaterThan(0);
    for (const item of response.body.posts) {
      expect(Object.keys(item).sort()).toEqual(['content', 'createdAt', 'icon', 'link', 'title']);
    }
    expect(response.body.posts[0]?.title).toBe(post.body.post.title);
    for (const secret of [owner.email, owner.id, widget._id, 'premium']) {
      expect(response.text).not.toContain(secret);
    }
    // The widget's own words speak of e-mail (the visitor's); the rest says nothing of the owner.
    const { widget: shown, posts } = response.body;
    for (const word of ['plan', 'owner', 'email']) expect(JSON.stringify({ shown, posts })).not.toContain(word);
    expectNoCredentialsOrCookies(response);
  });

  test('is cacheable: ETag and Cache-Control public, max-age=60; If-None-Match gives 304 with an empty body', async () => {
    const first = await api.get(configPath(widget.key));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await api.get(configPath(widget.key));
    expect(again.headers.get('etag')).toBe(etag);

    // A browser revalidating its cached copy sends `max-age=0`; without an explicit Cache-Control,
    // fetch() adds `no-cache` to any request with If-None-Match, which rightly forbids a 304.
    const revalidated = await api.get(configPath(widget.key), {
      headers: { 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);

    const stale = await api.get(configPath(widget.key), {
      headers: { 'If-None-Match': '"not-the-etag"', 'Cache-Control': 'max-age=0' },
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  test('gets a new ETag when the owner edits the widget or publishes a post, but not for a draft', async () => {
    const own = await createWidget(api, owner, { name: 'Etag widget' });
    const etagOf = async () => (await api.get(configPath(own.key))).headers.get('etag');
    const initial = await etagOf();

    const edited = await api.put(
      `/api/widget/${own._id}`,
      { ...VALID_WIDGET, name: 'Etag widget v2', primaryColor: '#10B981' },
      { token: owner.token },
    );
    expect(edited.status).toBe(200);
    const afterEdit = await etagOf();
    expect(afterEdit).not.toBe(initial);
    const old = await api.get(configPath(own.key), {
      headers: { 'If-None-Match': initial ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(old.status).toBe(200);
    expect((old.body as unknown as PublicWidgetConfig).widget.color).toBe('#10B981');

    const draft = await api.post('/api/post', { ...validPost(own._id), status: 'draft' }, { token: owner.token });
    expect(draft.status).toBe(201);
    expect(await etagOf()).toBe(afterEdit);
    const withDraft = await api.get<PublicWidgetConfig>(configPath(own.key));
    expect(withDraft.body.posts).toEqual([]);

    const published = await api.post<{ post: NewsPost }>('/api/post', validPost(own._id), { token: owner.token });
    expect(published.status).toBe(201);
    const afterPublish = await etagOf();
    expect(afterPublish).not.toBe(afterEdit);
    const withPost = await api.get<PublicWidgetConfig>(configPath(own.key));
    expect(withPost.body.posts.map((item) => item.title)).toEqual([published.body.post.title]);
  });

  test('an unknown key, an inactive widget and a deleted widget all get the identical 404', async () => {
    const inactive = await createWidget(api, owner, { name: 'Switched off' });
    const off = await api.put(
      `/api/widget/${inactive._id}`,
      { ...VALID_WIDGET, active: false },
      { token: owner.token },
    );
    expect(off.status).toBe(200);
    const deleted = await createWidget(api, owner, { name: 'Deleted' });
    expect((await api.delete(`/api/widget/${deleted._id}`, { token: owner.token })).status).toBe(200);

    const unknown = await api.get(configPath('AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Widget not found.' });
    for (const key of [inactive.key, deleted.key]) {
      const config = await api.get(configPath(key));
      expect(config.status).toBe(404);
      expect(config.text).toBe(unknown.text);
      const sent = await api.post(feedbackPath(key), validFeedback());
      expect(sent.status).toBe(404);
      expect(sent.text).toBe(unknown.text);
    }
    expect(await feedbackRows(inactive._id)).toHaveLength(0);
  });

  test('a widget switched off while cached stops answering at once', async () => {
    const own = await createWidget(api, owner, { name: 'Cached then off' });
    expect((await api.get(configPath(own.key))).status).toBe(200);
    await api.put(`/api/widget/${own._id}`, { ...VALID_WIDGET, active: false }, { token: owner.token });
    expect((await api.get(configPath(own.key))).status).toBe(404);
  });

  test('a widget with the news tab off serves no posts', async () => {
    const own = await createWidget(api, owner, { name: 'Feedback only', enableNews: false });
    await api.post('/api/post', validPost(own._id), { token: owner.token });
    const config = await api.get<PublicWidgetConfig>(configPath(own.key));
    expect(config.body.widget.enabledTabs).toEqual(['feedback']);
    expect(config.body.posts).toEqual([]);
  });
});

describe('posting feedback', () => {
  test('stores the message, page, author and User-Agent on the widget of the key', async () => {
    const own = await createWidget(api, owner, { name: 'Store check' });
    const response = await api.post(
      feedbackPath(own.key),
      validFeedback({
        message: '  Checkout button is hidden on mobile  ',
        authorName: 'Ada',
        authorEmail: 'ADA@Example.com',
      }),
      { headers: { 'User-Agent': 'Mozilla/5.0 (TellboxTest)' } },
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual(RECEIVED);
    const rows = await feedbackRows(own._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      workspace_id: owner.id,
      message: 'Checkout button is hidden on mobile',
      page_url: 'https://shop.example.com/pricing',
      author_name: 'Ada',
      author_email: 'ada@example.com',
      user_agent: 'Mozilla/5.0 (TellboxTest)',
    });
  });

  test('a widget with feedback disabled answers 403 and stores nothing', async () => {
    const own = await createWidget(api, owner, { name: 'News only', enableFeedback: false });
    const response = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback());
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'This widget does not accept feedback.' });
    expect(await feedbackRows(own._id)).toHaveLength(0);
  });

  test('a JSON body sent as text/plain (no preflight) is accepted', async () => {
    const own = await createWidget(api, owner, { name: 'Text plain' });
    const response = await api.post(feedbackPath(own.key), undefined, {
      rawBody: JSON.stringify(validFeedback({ message: 'sent as text/plain' })),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(RECEIVED);
    expect((await feedbackRows(own._id)).map((row) => row.message)).toEqual(['sent as text/plain']);
  });

  test('a filled honeypot gets the same 201 body as a real submission and stores nothing', async () => {
    const own = await createWidget(api, owner, { name: 'Honeypot' });
    const real = await api.post(feedbackPath(own.key), validFeedback({ message: 'a real visitor' }));
    const bot = await api.post(
      feedbackPath(own.key),
      validFeedback({ message: 'buy cheap pills', [FEEDBACK_HONEYPOT_FIELD]: 'https://spam.example' }),
    );
    expect(bot.status).toBe(201);
    expect(bot.status).toBe(real.status);
    expect(bot.text).toBe(real.text);
    expect((await feedbackRows(own._id)).map((row) => row.message)).toEqual(['a real visitor']);
  });

  test('a message of exactly 5000 characters after trimming is accepted, 5001 is a 400', async () => {
    const own = await createWidget(api, owner, { name: 'Lengths' });
    const exact = 'x'.repeat(MAX_FEEDBACK_MESSAGE_LENGTH);
    expect((await api.post(feedbackPath(own.key), validFeedback({ message: `  \n${exact}\t  ` }))).status).toBe(201);
    const tooLong = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback({ message: `${exact}y` }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues?.map((issue) => issue.path)).toEqual(['message']);
    const rows = await feedbackRows(own._id);
    expect(rows.map((row) => row.message.length)).toEqual([MAX_FEEDBACK_MESSAGE_LENGTH]);
  });

  test("a whitespace-only message is a 400 'Please enter your feedback'", async () => {
    const own = await createWidget(api, owner, { name: 'Blank' });
    for (const message of ['', '   ', '\n\t \r\n']) {
      const response = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback({ message }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please enter your feedback');
    }
    expect(await feedbackRows(own._id)).toHaveLength(0);
  });

  test('pageUrl must be an http(s) URL', async () => {
    const own = await createWidget(api, owner, { name: 'Urls' });
    for (const pageUrl of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/x',
      'not a url',
      '',
    ]) {
      const response = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback({ pageUrl }));
      expect(response.status, pageUrl).toBe(400);
      expect(response.body.issues?.map((issue) => issue.path)).toContain('pageUrl');
    }
    expect(
      (await api.post(feedbackPath(own.key), validFeedback({ pageUrl: 'http://localhost:8080/a?b=c#d' }))).status,
    ).toBe(201);
    expect(await feedbackRows(own._id)).toHaveLength(1);
  });

  test('an invalid author e-mail is a 400; an empty one is stored as none', async () => {
    const own = await createWidget(api, owner, { name: 'Author email' });
    const bad = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback({ authorEmail: 'not-an-email' }));
    expect(bad.status).toBe(400);
    const empty = await api.post(feedbackPath(own.key), validFeedback({ authorEmail: '', authorName: '' }));
    expect(empty.status).toBe(201);
    const rows = await feedbackRows(own._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.author_email).toBeNull();
    expect(rows[0]?.author_name).toBeNull();
  });

  test('a 70 KB body is a 413 with the one error body', async () => {
    const own = await createWidget(api, owner, { name: 'Big body' });
    const response = await api.post<ApiErrorBody>(
      feedbackPath(own.key),
      validFeedback({ message: 'x'.repeat(70 * 1024) }),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await feedbackRows(own._id)).toHaveLength(0);
  });

  test('JSON nested 10 000 deep is a quick 400', async () => {
    const own = await createWidget(api, owner, { name: 'Deep' });
    const depth = 10_000;
    const message = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const rawBody = `{"message":${message},"pageUrl":"https://shop.example.com/"}`;
    const started = performance.now();
    const response = await api.post<ApiErrorBody>(feedbackPath(own.key), undefined, {
      rawBody,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await api.get('/api/health')).status).toBe(200);
  });

  test('an object with 5 000 extra keys is a 400; with 10 000 it no longer fits the 64 kB cap (413)', async () => {
    const own = await createWidget(api, owner, { name: 'Wide' });
    const wide = (keys: number) => {
      const body: Record<string, unknown> = validFeedback();
      for (let i = 0; i < keys; i += 1) body[i.toString(36)] = 0;
      return body;
    };
    const fits = await api.post<ApiErrorBody>(feedbackPath(own.key), wide(5000));
    expect(fits.status).toBe(400);
    // The message names the first few keys, not all 5 000 (a stopwatch here failed on a busy machine).
    expect(fits.body.message).toMatch(/^Unrecognized key\(s\) in object: '0', '1', '2', '3', '4', …/);
    expect(fits.text.length).toBeLessThan(1000);
    const tooBig = await api.post<ApiErrorBody>(feedbackPath(own.key), wide(10_000));
    expect(tooBig.status).toBe(413);
    expect(await feedbackRows(own._id)).toHaveLength(0);
  });

  test("a tampered widgetId or workspaceId in the body is a 400; feedback always lands on the key's widget", async () => {
    const victimOwner = await createOwner(server, api, { plan: 'premium' });
    const victim = await createWidget(api, victimOwner, { name: 'Victim' });
    const own = await createWidget(api, owner, { name: 'Tamper source' });
    for (const extra of [{ widgetId: victim._id }, { workspaceId: victimOwner.id }, { widget_id: victim._id }]) {
      const response = await api.post<ApiErrorBody>(feedbackPath(own.key), validFeedback(extra));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Unrecognized key/);
    }
    expect(await feedbackRows(victim._id)).toHaveLength(0);
    expect(await feedbackRows(own._id)).toHaveLength(0);
    expect((await api.post(feedbackPath(own.key), validFeedback())).status).toBe(201);
    const rows = await feedbackRows(own._id);
    expect(rows.map((row) => [row.widget_id, row.workspace_id])).toEqual([[own._id, owner.id]]);
  });
});

describe('the installation rule on a free widget', () => {
  let free: TestOwner;
  let freeWidget: Widget;

  beforeAll(async () => {
    free = await createOwner(server, api);
    freeWidget = await createWidget(api, free);
  });

  test('requests without an Origin, or from the product itself, register nothing', async () => {
    expect((await api.get(configPath(freeWidget.key))).status).toBe(200);
    expect((await api.get(configPath(freeWidget.key), { headers: { Origin: server.publicUrl } })).status).toBe(200);
    expect((await api.get(configPath(freeWidget.key), { headers: { Origin: 'null' } })).status).toBe(200);
    const rows = await server.db
      .selectFrom('installations')
      .selectAll()
      .where('widget_id', '=', freeWidget._id)
      .execute();
    expect(rows).toEqual([]);
  });

  test('the first site registers, a second site gets 403 for config and feedback; a Referer alone registers nothing', async () => {
    expect((await api.get(configPath(freeWidget.key), { headers: { Origin: 'https://first.example' } })).status).toBe(
      200,
    );
    const second = await api.get<ApiErrorBody>(configPath(freeWidget.key), {
      headers: { Origin: 'https://second.example' },
    });
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: 'This widget is not enabled for this website.' });
    expect(second.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await api.post(feedbackPath(freeWidget.key), validFeedback(), {
      headers: { Origin: 'https://second.example' },
    });
    expect(refused.status).toBe(403);
    // Without an Origin the request is not the widget in a browser: served, but a forged Referer
    // neither registers its host nor decides anything.
    const viaReferer = await api.post(feedbackPath(freeWidget.key), validFeedback({ message: 'no Origin' }), {
      headers: { Referer: 'https://third.example/page' },
    });
    expect(viaReferer.status).toBe(201);
    const fromFirst = await api.post(feedbackPath(freeWidget.key), validFeedback(), {
      headers: { Origin: 'https://FIRST.example' },
    });
    expect(fromFirst.status).toBe(201);
    expect((await feedbackRows(freeWidget._id)).map((row) => row.message)).toEqual([
      'no Origin',
      'Love the new pricing page!',
    ]);
    const hosts = await server.db
      .selectFrom('installations')
      .select('host')
      .where('widget_id', '=', freeWidget._id)
      .execute();
    expect(hosts).toEqual([{ host: 'first.example' }]);
  });

  test('removing the installation frees the place for another site', async () => {
    const removed = await api.delete(`/api/widget/${freeWidget._id}/installations/first.example`, {
      token: free.token,
    });
    expect(removed.status).toBe(200);
    expect((await api.get(configPath(freeWidget.key), { headers: { Origin: 'https://second.example' } })).status).toBe(
      200,
    );
    expect((await api.get(configPath(freeWidget.key), { headers: { Origin: 'https://first.example' } })).status).toBe(
      403,
    );
  });
});

describe('pages whose origin is hidden or unreadable', () => {
  let installed: Widget;

  beforeAll(async () => {
    installed = await createWidget(api, owner, { name: 'Installed on the shop' });
    expect((await api.get(configPath(installed.key), { headers: ORIGIN })).status).toBe(200);
  });

  const installationHosts = async () =>
    (await server.db.selectFrom('installations').select('host').where('widget_id', '=', installed._id).execute()).map(
      (row) => row.host,
    );

  // `null`: a sandboxed iframe or a data: page; the others name no host at all.
  for (const origin of ['null', 'garbage', 'https://', 'file://']) {
    test(`Origin ${JSON.stringify(origin)} gets 403 for config and feedback on a widget with an installation`, async () => {
      const config = await api.get<ApiErrorBody>(configPath(installed.key), { headers: { Origin: origin } });
      expect(config.status).toBe(403);
      expect(config.body).toEqual({ message: 'This widget is not enabled for this website.' });
      expect(config.headers.get('access-control-allow-origin')).toBe('*');
      const sent = await api.post<ApiErrorBody>(feedbackPath(installed.key), validFeedback(), {
        headers: { Origin: origin },
      });
      expect(sent.status).toBe(403);
      expect(sent.body).toEqual({ message: 'This widget is not enabled for this website.' });
      expect(await feedbackRows(installed._id)).toHaveLength(0);
      expect(await installationHosts()).toEqual(['shop.example.com']);
    });
  }

  test('a request without any Origin (not a browser) is served, sends feedback and registers nothing', async () => {
    expect((await api.get(configPath(installed.key))).status).toBe(200);
    const sent = await api.post(feedbackPath(installed.key), validFeedback({ message: 'from a script' }), {
      headers: { Referer: 'https://forged.example/page' },
    });
    expect(sent.status).toBe(201);
    expect((await feedbackRows(installed._id)).map((row) => row.message)).toEqual(['from a script']);
    expect(await installationHosts()).toEqual(['shop.example.com']);
    // The installed site itself keeps working.
    expect((await api.post(feedbackPath(installed.key), validFeedback(), { headers: ORIGIN })).status).toBe(201);
  });
});
