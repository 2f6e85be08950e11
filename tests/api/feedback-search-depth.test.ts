/**
 * A search over an inbox deeper than the windows a search reads first (up to SEARCH_WINDOW_ROWS of
 * the newest entries, feedback-search.repo.ts): a word in every other entry fills its pages from
 * the first window, a word missing from the newest entries but common below them from the wider
 * one, and a word mostly in older entries is found past both, in time order and page after page,
 * on both databases, with rows stored out of time order (as an import or a copy may store them).
 * The rows are written straight into the database: ten thousand through the API would take longer
 * than the rest of the suite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedbackItem, FeedbackListResponse, FeedbackStatusCountsResponse } from '../../src/shared/api';
import { STATUS_COUNT_CAP } from '../../src/shared/limits';
import { encodeKeysetCursor } from '../../server/lib/keyset-cursor';
import { FEW_MATCHES, SEARCH_WINDOW_ROWS } from '../../server/modules/feedback/feedback-search.repo';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;

const OLDER_ROWS = 500;
const ROWS = SEARCH_WINDOW_ROWS + OLDER_ROWS;
/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters a statement. */
const BATCH = 1000;

interface Seeded {
  id: string;
  createdAt: string;
  message: string;
}
let rows: Seeded[];

/** The newest rows that never hold `lagoon`: more than the first window a page of 50 reads. */
const WITHOUT_LAGOON = 1100;

/**
 * Row `index` (0 the oldest): `harbor` in every other one; `zephyr` in every tenth of the oldest and
 * a few newer; `lagoon` in every fourth but the newest WITHOUT_LAGOON (more than FEW_MATCHES in
 * all); one of 150 ticket numbers (`ticket` starts 150 indexed words, `ticket14` eleven).
 */
function messageOf(index: number): string {
  const words = ['Seeded feedback', `ticket${index % 150}`];
  if (index % 2 === 0) words.push('near the harbor');
  if (index % 4 === 1 && index < ROWS - WITHOUT_LAGOON) words.push('by the lagoon');
  if ((index < OLDER_ROWS && index % 10 === 0) || index % 1000 === 7) words.push('zephyr wind');
  return words.join(' ');
}

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-05-10T09:00:00.000Z') });
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  const widget = await createWidget(api, owner);
  const start = Date.parse('2030-05-01T00:00:00.000Z');
  rows = Array.from({ length: ROWS }, (_, index) => ({
    id: randomUUID(),
    // Two rows a second, so time ties are broken by id as the inbox breaks them.
    createdAt: new Date(start + Math.floor(index / 2) * 1000).toISOString(),
    message: messageOf(index),
  }));
  // Stored in a scrambled order: a row's place in the table says nothing about its time.
  const stored = rows.map((_, index) => rows[(index * 7919) % ROWS] as Seeded);
  for (let first = 0; first < stored.length; first += BATCH) {
    await server.db
      .insertInto('feedback')
      .values(
        stored.slice(first, first + BATCH).map((row, offset) => ({
          id: row.id,
          widget_id: widget._id,
          workspace_id: owner.id,
          message: row.message,
          page_url: 'https://shop.example.com/',
          user_agent: null,
          author_name: null,
          author_email: null,
          created_at: row.createdAt,
          account_seq: first + offset + 1,
          widget_seq: first + offset + 1,
        })),
      )
      .execute();
  }
}, 120_000);
afterAll(() => server.close());

/** The seeded rows holding `word`, newest first, as the inbox orders them. */
function newestWith(word: string): string[] {
  return rows
    .filter((row) => row.message.includes(word))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
}

async function page(query: string) {
  const response = await api.get<FeedbackListResponse>(`/api/feedback?${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return { ids: response.body.feedbacks.map((item) => item._id), nextCursor: response.body.nextCursor };
}

/** Every page of a search, `limit` at a time. */
async function allPages(q: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = '';
  while (cursor !== null && pages.length < 20) {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const { ids, nextCursor } = await page(`q=${q}&limit=${limit}${after}`);
    pages.push(ids);
    cursor = nextCursor;
  }
  return pages;
}

describe('a search deeper than its first window', () => {
  test('a word in every other entry: the newest page, and a page from deep down', async () => {
    const expected = newestWith('harbor');
    expect(expected.length).toBeGreaterThan(SEARCH_WINDOW_ROWS / 2);
    expect((await page('q=harbor&limit=50')).ids).toEqual(expected.slice(0, 50));
    // The cursor of the 5 000th match: the next page starts right after it.
    const deep = rows.find((row) => row.id === expected[4999]) as Seeded;
    const cursor = encodeURIComponent(encodeKeysetCursor(deep.createdAt, deep.id));
    expect((await page(`q=harbor&limit=50&cursor=${cursor}`)).ids).toEqual(expected.slice(5000, 5050));
  });

  test('a word mostly older than the window: every match, in order, page after page', async () => {
    const expected = newestWith('zephyr');
    // Fewer than a page among the newest entries, so the search reads past them.
    const inWindow = rows.slice(-SEARCH_WINDOW_ROWS).filter((row) => row.message.includes('zephyr'));
    expect(inWindow.length).toBeGreaterThan(0);
    expect(inWindow.length).toBeLessThan(50);
    expect(expected.length).toBeGreaterThan(50);
    const pages = await allPages('zephyr', 50);
    expect(pages.flat()).toEqual(expected);
    expect(pages.map((ids) => ids.length)).toEqual([50, expected.length - 50]);
    // Two words, both required: only rows holding both.
    const both = newestWith('zephyr').filter((id) => newestWith('harbor').includes(id));
    expect((await allPages('harbor%20zephyr', 100)).flat()).toEqual(both);
  });

  test('a word missing from the newest entries but common below them: the wider window, then deeper', async () => {
    const expected = newestWith('lagoon');
    expect(expected.length).toBeGreaterThan(FEW_MATCHES);
    expect((await page('q=lagoon&limit=50')).ids).toEqual(expected.slice(0, 50));
    const deep = rows.find((row) => row.id === expected[1999]) as Seeded;
    const cursor = encodeURIComponent(encodeKeysetCursor(deep.createdAt, deep.id));
    expect((await page(`q=lagoon&limit=50&cursor=${cursor}`)).ids).toEqual(expected.slice(2000, 2050));
    const exported = await api.get<FeedbackItem[]>('/api/feedback/export?format=json&q=lagoon', {
      token: owner.token,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.map((item) => item._id)).toEqual(expected);
  });

  test('the last word finds the words it starts, however many; the counts stop at their cap', async () => {
    for (const start of ['ticket14', 'ticket']) {
      const expected = newestWith(start);
      expect((await page(`q=${start}&limit=100`)).ids, start).toEqual(expected.slice(0, 100));
      const counts = await api.get<FeedbackStatusCountsResponse>(`/api/feedback/status-counts?q=${start}`, {
        token: owner.token,
      });
      expect(counts.body.counts.new, start).toBe(Math.min(expected.length, STATUS_COUNT_CAP));
      expect(counts.body.capped.new, start).toBe(expected.length > STATUS_COUNT_CAP);
    }
    expect(newestWith('ticket')).toHaveLength(ROWS);
    expect(ROWS).toBeGreaterThan(STATUS_COUNT_CAP);
  });

  test('the export and the tab counts of a search hold every match', async () => {
    const expected = newestWith('zephyr');
    const exported = await api.get<FeedbackItem[]>('/api/feedback/export?format=json&q=zephyr', {
      token: owner.token,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.map((item) => item._id)).toEqual(expected);
    const counts = await api.get<FeedbackStatusCountsResponse>('/api/feedback/status-counts?q=harbor', {
      token: owner.token,
    });
    expect(counts.body.counts).toEqual({ new: newestWith('harbor').length, in_progress: 0, resolved: 0, spam: 0 });
  });
});
