/**
 * The public changelog (docs/product.md, "Public changelog"): a widget's published posts as a page
 * without script, a permalink per post and an Atom feed that a feed parser reads; drafts and other
 * widgets' posts never; one 404 for every reason; the visitor's language; cached and revalidated.
 */
import { createHash } from 'node:crypto';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NewsPost, Widget } from '../../src/shared/api';
import { WIDGET_STRINGS } from '../../src/shared/widget-language';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, storeLegacyLink, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;
let widget: Widget;
let otherWidget: Widget;
/** The widget's published posts, newest first, as the owner API answered them. */
let published: NewsPost[];
let draft: NewsPost;
let otherPost: NewsPost;

const HOSTILE_TITLE = `<script>alert("x")</script> & 'quotes'`;
const HOSTILE_NAME = `Acme <b>"&"</b>`;
const DAY = 24 * 60 * 60 * 1000;
const LEGACY_LINK = 'javascript:alert(1)';

async function post(target: Widget, fields: Partial<Record<string, unknown>>): Promise<NewsPost> {
  const body = {
    widgetId: target._id,
    icon: '🚀',
    content: 'Something new for everyone.',
    status: 'published',
    ...fields,
  };
  const response = await api.post<{ post: NewsPost }>('/api/post', body, { token: owner.token });
  if (response.status !== 201) throw new Error(`post failed: ${response.status} ${response.text}`);
  server.clock.advance(DAY);
  return response.body.post;
}

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2026-03-05T09:00:00.000Z') });
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  widget = await createWidget(api, owner, { name: HOSTILE_NAME, primaryColor: '#1E3A8A' });
  otherWidget = await createWidget(api, owner, { name: 'Other site' });
  const first = await post(widget, {
    title: 'Faster checkout',
    content: 'Checkout takes one step now.\nTry it today.',
  });
  draft = await post(widget, { title: 'Unannounced plan', status: 'draft' });
  otherPost = await post(otherWidget, { title: "Another widget's news" });
  const hostile = await post(widget, {
    title: HOSTILE_TITLE,
    content: 'Tags <img src=x onerror=alert(1)> & "quotes" stay text.',
  });
  // A link saved before links had to be http(s); the API refuses one now.
  await storeLegacyLink(server, hostile._id, LEGACY_LINK);
  hostile.link = LEGACY_LINK;
  const newest = await post(widget, { title: 'Dark mode', icon: '✨', link: 'https://example.com/dark?a=1&b=2' });
  published = [newest, hostile, first];
});
afterAll(() => server.close());

const pagePath = (key = widget.key) => `/changelog/${encodeURIComponent(key)}`;

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The posts' titles as the page shows them, in order. */
const titlesOf = (html: string) =>
  [...html.matchAll(/<h[12] class="title"[^>]*>(.*?)<\/h[12]>/g)].map(([, title]) => decode(title ?? ''));

/** Every link target of the page, decoded. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => decode(href ?? ''));

const permalink = (postId: string, query = '') => `${server.publicUrl}${pagePath()}/${postId}${query}`;

describe('the page', () => {
  test('lists the published posts newest first, each with its date, text, link and permalink; no drafts, no other widget', async () => {
    const response = await api.get(pagePath());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(titlesOf(response.text)).toEqual(published.map((p) => p.title));
    expect(response.text).not.toContain(draft.title);
    expect(response.text).not.toContain(otherPost.title);

    const hrefs = hrefsOf(response.text);
    for (const { _id } of published) expect(hrefs).toContain(permalink(_id));
    expect(hrefs).toContain('https://example.com/dark?a=1&b=2');
    expect(hrefs.some((href) => href.startsWith('javascript:'))).toBe(false);
    // A stored link that is not http(s) reads as text, never as a link.
    expect(response.text).toContain('<span class="text-link" dir="auto">javascript:alert(1)</span>');
    expect(response.text).toContain(`<time datetime="${published[2]?.createdAt}">March 5, 2026</time>`);
    expect(response.text).toContain('Checkout takes one step now.\nTry it today.');
    expect(response.text).toContain(`${WIDGET_STRINGS.en.feed}</a>`);
    expect(response.text).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="[^"]+\/feed\.xml">/,
    );
    expect(response.text).toContain(`<link rel="canonical" href="${server.publicUrl}${pagePath()}">`);
    expect(response.text).toMatch(/<meta name="description" content="[^"]+">/);
  });

  test('escapes every value from the database and runs no script: the CSP allows none and names the one style', async () => {
    const response = await api.get(pagePath());
    expect(response.text).not.toMatch(/<script|<img|<b>|<[^>]*onerror/i);
    expect(response.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(response.text).toContain('Acme &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;');

    const csp = response.headers.get('content-security-policy') ?? '';
    const style = /<style>(.*?)<\/style>/s.exec(response.text)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `style-src 'sha256-${hash}'`,
      'img-src data:',
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(csp).not.toMatch(/script-src|unsafe/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test("is in the owner's colour, with text on it that reads (white on dark blue)", async () => {
    const { text } = await api.get(pagePath());
    expect(text).toContain('--band:#1e3a8a;--on-band:#ffffff');
    expect(text).toContain('<meta name="theme-color" content="#1e3a8a">');
  });
});

describe('the permalink', () => {
  test('shows one published post, and links back to all of them', async () => {
    const [, hostile] = published as [NewsPost, NewsPost];
    const response = await api.get(`${pagePath()}/${hostile._id}`);
    expect(response.status).toBe(200);
    expect(titlesOf(response.text)).toEqual([HOSTILE_TITLE]);
    expect(hrefsOf(response.text)).toContain(`${server.publicUrl}${pagePath()}`);
    expect(response.text).toContain(`<link rel="canonical" href="${permalink(hostile._id)}">`);
  });

  test("is the 404 page for a draft, another widget's post and an unknown id", async () => {
    for (const id of [draft._id, otherPost._id, '00000000-0000-4000-8000-000000000000', 'x'.repeat(300)]) {
      const response = await api.get(`${pagePath()}/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain(WIDGET_STRINGS.en.notFoundTitle);
    }
  });
});

describe('the feed', () => {
  test('a feed parser reads it, and its entries are the published posts in order', async () => {
    const response = await api.get(`${pagePath()}/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(response.text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe(`${HOSTILE_NAME} · ${WIDGET_STRINGS.en.changelogTitle}`);
    expect(feed.url).toBe(`${server.publicUrl}${pagePath()}`);
    expect(feed.self).toBe(`${server.publicUrl}${pagePath()}/feed.xml`);
    expect(response.text).toContain(`xml:lang="en"><id>urn:uuid:${widget._id}</id>`);
    expect(feed.updated?.toISOString()).toBe(published[0]?.updatedAt);
    expect(feed.authors.map((author) => author.name)).toEqual([HOSTILE_NAME]);
    expect(
      feed.items.map((item) => ({
        id: item.id,
        title: item.title,
        url: item.url,
        content: item.content,
        published: item.published?.toISOString(),
        updated: item.updated?.toISOString(),
      })),
    ).toEqual(
      published.map((p) => ({
        id: `urn:uuid:${p._id}`,
        title: p.title,
        url: permalink(p._id),
        // The stored link that is not http(s) follows its text, as text.
        content: p.link === LEGACY_LINK ? `${p.content}\n\n${LEGACY_LINK}` : p.content,
        published: p.createdAt,
        updated: p.updatedAt,
      })),
    );
    expect(response.text).not.toContain(draft.title);
    expect(response.text).not.toContain(otherPost.title);
  });

  test("carries a post's safe link as related, drops unsafe ones, and drops characters XML forbids", async () => {
    const [newest] = published as [NewsPost];
    const extra = await post(widget, {
      title: 'Bell\u0007 and \u001b escape',
      content: 'Text with a form feed\f here.',
    });
    try {
      const response = await api.get(`${pagePath()}/feed.xml`);
      expect(response.text).toContain('<link rel="related" href="https://example.com/dark?a=1&amp;b=2"/>');
      expect(response.text.match(/rel="related"/g)).toHaveLength(1);
      // eslint-disable-next-line no-control-regex -- control characters are what this looks for
      expect(response.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      const [first, second] = parseFeed(response.text).items;
      expect(first?.title).toBe('Bell and  escape');
      expect(second?.title).toBe(newest.title);
    } finally {
      await api.delete(`/api/post/${extra._id}`, { token: owner.token });
    }
  });
});

describe('one 404 for every reason, which tells nothing', () => {
  const put = (target: Widget, changes: Record<string, unknown>) =>
    api.put(
      `/api/widget/${target._id}`,
      { ...VALID_WIDGET, name: target.name, primaryColor: target.branding.color, ...changes },
      { token: owner.token },
    );

  test('news off, changelog off, widget inactive, unknown key: the same 404 page on the page, the permalink and the feed', async () => {
    const hidden = await createWidget(api, owner, { name: 'Hidden site', primaryColor: '#FFEB3B' });
    const hiddenPost = await post(hidden, { title: 'Hidden news' });
    const unknown = await api.get(pagePath('no-such-key'));
    expect(unknown.status).toBe(404);
    const paths = [
      pagePath(hidden.key),
      `${pagePath(hidden.key)}/${hiddenPost._id}`,
      `${pagePath(hidden.key)}/feed.xml`,
    ];
    expect((await api.get(paths[0] ?? '')).status).toBe(200);
    for (const changes of [{ enableNews: false }, { publicChangelog: false }, { active: false }]) {
      expect((await put(hidden, changes)).status).toBe(200);
      for (const path of paths) {
        const response = await api.get(path);
        expect(response.status, `${JSON.stringify(changes)} ${path}`).toBe(404);
        expect(response.text).toBe(unknown.text);
        expect(response.headers.get('content-security-policy')).toBe(unknown.headers.get('content-security-policy'));
      }
      expect((await put(hidden, { enableNews: true, publicChangelog: true, active: true })).status).toBe(200);
    }
    expect(unknown.text).toContain('<meta name="robots" content="noindex">');
    expect(unknown.text).not.toContain('#ffeb3b');
  });
});

describe('the language', () => {
  test('?lang= first, then Accept-Language, else English; Italian dates in Italian', async () => {
    const italian = await api.get(`${pagePath()}?lang=it`, { headers: { 'Accept-Language': 'de' } });
    expect(italian.text).toContain('<html lang="it"');
    expect(italian.text).toContain(`${WIDGET_STRINGS.it.feed}</a>`);
    expect(italian.text).toContain('>5 marzo 2026</time>');
    expect(hrefsOf(italian.text)).toContain(permalink(published[0]?._id ?? '', '?lang=it'));
    expect(italian.text).toContain(`<link rel="canonical" href="${server.publicUrl}${pagePath()}?lang=it">`);

    const german = await api.get(pagePath(), { headers: { 'Accept-Language': 'ar, de-AT;q=0.8, en;q=0.5' } });
    expect(german.text).toContain('<html lang="de"');
    expect(german.text).toContain('>5. März 2026</time>');
    expect(german.text).toContain(`<link rel="canonical" href="${server.publicUrl}${pagePath()}">`);
    expect(german.headers.get('vary')).toMatch(/Accept-Language/i);

    const unknownLang = await api.get(`${pagePath()}?lang=zz`, { headers: { 'Accept-Language': 'fr-CA' } });
    expect(unknownLang.text).toContain('<html lang="fr"');
    expect((await api.get(pagePath())).text).toContain('<html lang="en"');

    const spanishFeed = parseFeed(
      (await api.get(`${pagePath()}/feed.xml`, { headers: { 'Accept-Language': 'es' } })).text,
    );
    expect(spanishFeed.title).toBe(`${HOSTILE_NAME} · ${WIDGET_STRINGS.es.changelogTitle}`);
    expect(spanishFeed.self).toBe(`${server.publicUrl}${pagePath()}/feed.xml?lang=es`);

    const notFound = await api.get(`${pagePath('no-such-key')}?lang=es`);
    expect(notFound.text).toContain(WIDGET_STRINGS.es.notFoundTitle);
  });
});

describe('caching', () => {
  test('public for a minute, with an ETag that answers 304 until a post changes; HEAD answers the headers', async () => {
    for (const path of [pagePath(), `${pagePath()}/feed.xml`, `${pagePath()}/${published[0]?._id}`]) {
      const first = await api.get(path);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await api.get(path, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const head = await api.request('HEAD', path);
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers.get('etag')).toBe(etag);
    }
    const before = (await api.get(pagePath())).headers.get('etag') ?? '';
    const added = await post(widget, { title: 'One more thing' });
    const after = await api.get(pagePath(), { headers: { 'If-None-Match': before } });
    expect(after.status).toBe(200);
    expect(titlesOf(after.text)[0]).toBe('One more thing');
    await api.delete(`/api/post/${added._id}`, { token: owner.token });
  });
});

describe('rate limit', () => {
  test('one address gets 429 past its budget, as RATE_LIMIT_CHANGELOG_PER_IP sets it', async () => {
    const limited = await startTestServer({ rateLimits: true, env: { RATE_LIMIT_CHANGELOG_PER_IP: '3' } });
    try {
      const client = createApiClient(limited.url);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await client.get('/changelog/no-such-key/feed.xml')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
