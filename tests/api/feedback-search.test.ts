/**
 * Searching the inbox (`q`) and its date range (`from`, `to`): words in the message, the author's
 * name and e-mail and the page URL, every word required, with the other filters, the free plan's
 * cap and spam, on the list, its pages, the export and the tab counts. What a search over more
 * than its first window of entries does is feedback-search-depth.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import type {
  ApiErrorBody,
  FeedbackItem,
  FeedbackListResponse,
  FeedbackStatusCountsResponse,
} from '../../src/shared/api';
import { MAX_FEEDBACK_SEARCH_LENGTH } from '../../src/shared/limits';
import { FEEDBACK_DATE_ORDER_MESSAGE, feedbackListQuerySchema } from '../../src/shared/schemas/feedback';
import { createApiClient, type ApiClient } from '../helpers/api-client';
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

/** Sends one feedback a second after the last. */
async function send(key: string, fields: Record<string, unknown>) {
  server.clock.advance(1000);
  const response = await api.post(`/api/public/widget/${key}/feedback`, validFeedback(fields));
  expect(response.status, response.text).toBe(201);
}

const sendAll = async (key: string, messages: string[]) => {
  for (const message of messages) await send(key, { message });
};

async function list(owner: TestOwner, query: string) {
  const response = await api.get<FeedbackListResponse>(`/api/feedback?${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The messages a search finds, newest first. */
const found = async (owner: TestOwner, q: string, more = '') =>
  (await list(owner, `limit=100&q=${encodeURIComponent(q)}${more}`)).feedbacks.map((item) => item.message);

async function counts(owner: TestOwner, query: string) {
  const response = await api.get<FeedbackStatusCountsResponse>(`/api/feedback/status-counts?${query}`, {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.counts;
}

async function exportedJson(owner: TestOwner, query: string) {
  const response = await api.get<FeedbackItem[]>(`/api/feedback/export?format=json&${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('what a search finds', () => {
  let owner: TestOwner;
  beforeAll(async () => {
    owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await send(widget.key, { message: 'The checkout button is broken', pageUrl: 'https://shop.example.com/cart' });
    await send(widget.key, {
      message: 'Love it',
      authorName: 'Zoë Müller',
      authorEmail: 'zoe.mueller@mail.example.org',
      pageUrl: 'https://shop.example.com/checkout/step-2?coupon=SPRING',
    });
    await send(widget.key, { message: 'Slow page, café menu', pageUrl: 'https://blog.example.net/posts/hello' });
  });

  test('words of the message, the name, the e-mail and the page URL, in any case', async () => {
    expect(await found(owner, 'broken')).toEqual(['The checkout button is broken']);
    expect(await found(owner, 'MÜLLER')).toEqual(['Love it']);
    expect(await found(owner, 'zoe.mueller@mail.example.org')).toEqual(['Love it']);
    expect(await found(owner, 'mail.example')).toEqual(['Love it']);
    expect(await found(owner, 'spring')).toEqual(['Love it']);
    expect(await found(owner, 'blog')).toEqual(['Slow page, café menu']);
    // In the message of one and the URL of the other.
    expect(await found(owner, 'checkout')).toEqual(['Love it', 'The checkout button is broken']);
    expect(await found(owner, 'example.com')).toEqual(['Love it', 'The checkout button is broken']);
  });

  test('every word must match; the last also finds longer words from its third letter', async () => {
    expect(await found(owner, 'checkout broken')).toEqual(['The checkout button is broken']);
    expect(await found(owner, 'broken checkout')).toEqual(['The checkout button is broken']);
    expect(await found(owner, 'checkout love')).toEqual(['Love it']);
    expect(await found(owner, 'checkout slow')).toEqual([]);
    expect(await found(owner, 'butt')).toEqual(['The checkout button is broken']);
    expect(await found(owner, 'che')).toEqual(['Love it', 'The checkout button is broken']);
    expect(await found(owner, 'ch')).toEqual([]);
    expect(await found(owner, 'butt broken')).toEqual([]);
    // Words typed together must stand together: `mail.example` is there, `example.mail` is not.
    expect(await found(owner, 'example.mail')).toEqual([]);
    // Accents count, as on both databases.
    expect(await found(owner, 'café')).toEqual(['Slow page, café menu']);
    expect(await found(owner, 'cafe')).toEqual([]);
  });

  test('hostile input is read as words, never as query syntax, and never fails', async () => {
    const expectations: [string, string[]][] = [
      ['"checkout"', ['Love it', 'The checkout button is broken']],
      ['checkout*', ['Love it', 'The checkout button is broken']],
      ['-broken', ['The checkout button is broken']],
      ['NOT broken', []],
      ['broken OR love', []],
      ['NEAR(checkout broken)', []],
      ['message:broken', []],
      ["'broken'", ['The checkout button is broken']],
      ['broken & !love', []],
      ['(broken', ['The checkout button is broken']],
      ['broken:*', ['The checkout button is broken']],
      ['zoë', ['Love it']],
      ['👍 broken 🎉', ['The checkout button is broken']],
    ];
    for (const [q, messages] of expectations) expect(await found(owner, q), q).toEqual(messages);
    const nothingToFind = ['"', "'", '*', 'NEAR(', ':', '-', '&|!<->', '^$', '\\', '%_', '👍🎉', '\u200b', '—'];
    for (const q of nothingToFind) expect(await found(owner, q), q).toEqual([]);
    const oddOnes = [
      'OR',
      'AND NOT',
      '"unclosed',
      'a:b:c',
      "'); drop table feedback; --",
      '日本語のフィードバック',
      'שלום עולם',
      'x'.repeat(MAX_FEEDBACK_SEARCH_LENGTH),
      'a '.repeat(MAX_FEEDBACK_SEARCH_LENGTH / 2),
      'e\u0301cole',
    ];
    for (const q of [...nothingToFind, ...oddOnes]) {
      const query = `q=${encodeURIComponent(q)}`;
      expect((await list(owner, query)).feedbacks, q).toEqual([]);
      expect(await counts(owner, query), q).toEqual({ new: 0, in_progress: 0, resolved: 0, spam: 0 });
      expect(await exportedJson(owner, query), q).toEqual([]);
    }
    // The inbox is all there still.
    expect((await list(owner, 'limit=100')).feedbacks).toHaveLength(3);
  });
});

describe('a search with the other filters', () => {
  test('widget, status, from (inclusive) and to (exclusive); spam only in its own tab', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    await sendAll(shop.key, ['Refund please', 'Refund took weeks', 'Love the shop']);
    const secondDay = new Date(server.clock.now().getTime() + 24 * 3600 * 1000);
    server.clock.set(secondDay);
    await sendAll(blog.key, ['Refund for the course', 'Nice post']);
    await sendAll(shop.key, ['Refund arrived, spam link here']);

    const all = (await list(owner, 'q=refund')).feedbacks;
    expect(all.map((item) => item.message)).toEqual([
      'Refund arrived, spam link here',
      'Refund for the course',
      'Refund took weeks',
      'Refund please',
    ]);
    const byMessage = new Map(all.map((item) => [item.message, item]));
    const markedSpam = await api.patch(
      `/api/feedback/${byMessage.get('Refund arrived, spam link here')?._id}`,
      { status: 'spam' },
      { token: owner.token },
    );
    expect(markedSpam.status, markedSpam.text).toBe(200);
    const resolved = await api.patch(
      `/api/feedback/${byMessage.get('Refund took weeks')?._id}`,
      { status: 'resolved' },
      { token: owner.token },
    );
    expect(resolved.status, resolved.text).toBe(200);

    expect(await found(owner, 'refund')).toEqual(['Refund for the course', 'Refund took weeks', 'Refund please']);
    expect(await found(owner, 'refund', '&status=spam')).toEqual(['Refund arrived, spam link here']);
    expect(await found(owner, 'refund', '&status=resolved')).toEqual(['Refund took weeks']);
    expect(await found(owner, 'refund', `&widgetId=${shop._id}`)).toEqual(['Refund took weeks', 'Refund please']);
    expect(await counts(owner, `q=refund&widgetId=${shop._id}`)).toEqual({
      new: 1,
      in_progress: 0,
      resolved: 1,
      spam: 1,
    });

    // The second day's entries: from its first instant, to (not including) the next day's.
    const dayStart = `${secondDay.toISOString().slice(0, 10)}T00:00:00.000Z`;
    const nextDay = new Date(Date.parse(dayStart) + 24 * 3600 * 1000).toISOString();
    const secondDayOnly = `&from=${dayStart}&to=${nextDay}`;
    expect(await found(owner, 'refund', secondDayOnly)).toEqual(['Refund for the course']);
    expect(await counts(owner, `q=refund${secondDayOnly}`)).toEqual({ new: 1, in_progress: 0, resolved: 0, spam: 1 });
    // A bare date is that whole day (UTC) for `to` too.
    const bareDay = secondDay.toISOString().slice(0, 10);
    expect(await found(owner, 'refund', `&from=${bareDay}&to=${bareDay}`)).toEqual(['Refund for the course']);
    expect(await found(owner, 'refund', `&to=${dayStart}`)).toEqual(['Refund took weeks', 'Refund please']);
    // `from` is inclusive and `to` exclusive, to the millisecond.
    const course = byMessage.get('Refund for the course')?.createdAt ?? '';
    expect(await found(owner, 'course', `&from=${course}`)).toEqual(['Refund for the course']);
    expect(await found(owner, 'course', `&to=${course}`)).toEqual([]);
    // Without words, the range alone.
    const inRange = (await list(owner, `limit=100${secondDayOnly}`)).feedbacks.map((item) => item.message);
    expect(inRange).toEqual(['Nice post', 'Refund for the course']);
    // Bounds past the years a database stores mean "from the start" and "to the end" (PostgreSQL
    // once answered them 500): year 0, the last day of 9999, and offsets that cross either edge.
    for (const range of [
      'from=0000-01-01&to=9999-12-31',
      'from=0000-01-01T00:00:00Z&to=9999-12-31T23:59:59-14:00',
      'from=0001-01-01T00:00:00%2B14:00',
    ]) {
      expect(await found(owner, 'refund', `&${range}`), range).toEqual([
        'Refund for the course',
        'Refund took weeks',
        'Refund please',
      ]);
      expect(await counts(owner, `q=refund&${range}`), range).toEqual({ new: 2, in_progress: 0, resolved: 1, spam: 1 });
      const csv = await api.get(`/api/feedback/export?format=csv&q=refund&${range}`, { token: owner.token });
      expect(csv.status, `${range}: ${csv.text}`).toBe(200);
      expect(csv.text).toContain('Refund please');
    }
  });

  test('pages of a search follow the cursor; the export and the counts hold the same entries', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 10; index += 1) {
      await send(widget.key, { message: index % 3 === 2 ? `Other ${index}` : `Shipping delay ${index}` });
    }
    const expected = [9, 7, 6, 4, 3, 1, 0].map((index) => `Shipping delay ${index}`);
    const pages: string[][] = [];
    let cursor: string | null = '';
    while (cursor !== null && pages.length < 5) {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: FeedbackListResponse = await list(owner, `q=shipping&limit=4${after}`);
      pages.push(page.feedbacks.map((item) => item.message));
      cursor = page.nextCursor;
    }
    expect(pages).toEqual([expected.slice(0, 4), expected.slice(4)]);
    expect((await exportedJson(owner, 'q=shipping')).map((item) => item.message)).toEqual(expected);
    const csv = await api.get(`/api/feedback/export?format=csv&q=delay`, { token: owner.token });
    expect(csv.status).toBe(200);
    expect(expected.every((message) => csv.text.includes(message))).toBe(true);
    expect(csv.text).not.toContain('Other');
    expect(await counts(owner, 'q=shipping')).toEqual({ new: 7, in_progress: 0, resolved: 0, spam: 0 });
  });
});

describe("the free plan's cap and other owners", () => {
  test('feedback the monthly cap hides is not found until the plan shows it', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendAll(widget.key, [
      ...Array.from({ length: 50 }, (_, index) => `Visible note ${index}`),
      'Hidden note about invoices',
      'Hidden note about invoices again',
    ]);
    await setPlan(server, owner.email, 'free');
    expect(await found(owner, 'invoices')).toEqual([]);
    expect(await found(owner, 'note')).toHaveLength(50);
    expect(await counts(owner, 'q=invoices')).toEqual({ new: 0, in_progress: 0, resolved: 0, spam: 0 });
    expect(await exportedJson(owner, 'q=invoices')).toEqual([]);
    await setPlan(server, owner.email, 'pro');
    expect(await found(owner, 'invoices')).toEqual(['Hidden note about invoices again', 'Hidden note about invoices']);
  });

  test("another owner's matching feedback is never found", async () => {
    const alice = await createOwner(server, api);
    const bob = await createOwner(server, api);
    const aliceWidget = await createWidget(api, alice);
    const bobWidget = await createWidget(api, bob);
    await sendAll(aliceWidget.key, ['Pineapple pizza for Alice']);
    await sendAll(bobWidget.key, ['Pineapple pizza for Bob', 'More pineapple for Bob']);
    expect(await found(alice, 'pineapple')).toEqual(['Pineapple pizza for Alice']);
    expect(await found(bob, 'pineapple')).toEqual(['More pineapple for Bob', 'Pineapple pizza for Bob']);
    expect(await counts(alice, 'q=pineapple')).toEqual({ new: 1, in_progress: 0, resolved: 0, spam: 0 });
    expect((await exportedJson(alice, 'q=pizza')).map((item) => item.message)).toEqual(['Pineapple pizza for Alice']);
    for (const path of ['/api/feedback', '/api/feedback/status-counts', '/api/feedback/export?format=csv']) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await api.get(`${path}${separator}q=pineapple&widgetId=${bobWidget._id}`, {
        token: alice.token,
      });
      expect(response.status, path).toBe(404);
    }
  });

  test("a deleted widget's feedback leaves the index with it", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const kept = await createWidget(api, owner, { name: 'Kept' });
    const deleted = await createWidget(api, owner, { name: 'Deleted' });
    await sendAll(kept.key, ['Ordinary words']);
    // The newest rows of the table: new rows may take their places (SQLite reuses the highest rowid).
    await sendAll(deleted.key, ['Zebra crossing', 'Zebra stripes']);
    expect(await found(owner, 'zebra')).toHaveLength(2);
    expect((await api.delete(`/api/widget/${deleted._id}`, { token: owner.token })).status).toBe(200);
    await sendAll(kept.key, ['Later words', 'Latest words']);
    expect(await found(owner, 'zebra')).toEqual([]);
    expect(await found(owner, 'words')).toEqual(['Latest words', 'Later words', 'Ordinary words']);
  });
});

describe('bad input', () => {
  /** The message the shared schema gives `query`: the one the API must answer with. */
  function schemaMessage(query: Record<string, string>): string {
    const parsed = feedbackListQuerySchema.safeParse(query);
    return parsed.success ? '' : ((parsed.error as z.ZodError).issues[0]?.message ?? '');
  }

  test('a search too long, a date that is not one, or a range that ends before it starts: 400 with the reason', async () => {
    const owner = await createOwner(server, api);
    const inOrder = { from: '2030-05-10', to: '2030-05-09' };
    const empty = { from: '2030-05-10T10:00:00Z', to: '2030-05-10T10:00:00Z' };
    expect([schemaMessage(inOrder), schemaMessage(empty)]).toEqual([
      FEEDBACK_DATE_ORDER_MESSAGE,
      FEEDBACK_DATE_ORDER_MESSAGE,
    ]);
    const cases: Record<string, string>[] = [
      { q: 'x'.repeat(MAX_FEEDBACK_SEARCH_LENGTH + 1) },
      { from: 'yesterday' },
      { to: '2030-02-30' },
      { from: '2030-05-10T25:00:00Z' },
      inOrder,
      empty,
    ];
    for (const query of cases) {
      const message = schemaMessage(query);
      expect(message, JSON.stringify(query)).not.toBe('');
      const search = new URLSearchParams(query).toString();
      for (const path of ['/api/feedback?', '/api/feedback/export?format=csv&', '/api/feedback/status-counts?']) {
        const response = await api.get<ApiErrorBody>(`${path}${search}`, { token: owner.token });
        expect(response.status, `${path}${search}`).toBe(400);
        expect(response.body.message, `${path}${search}`).toBe(message);
      }
    }
  });
});
