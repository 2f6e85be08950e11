/**
 * Heavy reads (server/heavy-reads): the inbox's tab counts stop at STATUS_COUNT_CAP and say so,
 * with and without a search; and an account runs at most HEAVY_READS_PER_ACCOUNT searches, counts,
 * exports and dashboard reads at once, HEAVY_READS_WAITING more wait their turn, and the rest are
 * answered 429 with Retry-After, while other accounts' reads go on. That their answers are the
 * same as on the event loop is what the search, export and dashboard suites check.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody, FeedbackStatusCountsResponse } from '../../src/shared/api';
import { STATUS_COUNT_CAP } from '../../src/shared/limits';
import {
  HEAVY_READS_PER_ACCOUNT,
  HEAVY_READS_WAITING,
  TOO_MANY_HEAVY_READS,
} from '../../server/heavy-reads/heavy-read-rules';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import { createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { seedRows, type SeededRow } from '../helpers/seed-rows';
import { startTestServer, type TestServer } from '../helpers/start-server';

const CLOCK_START = new Date('2030-05-10T09:00:00.000Z');

async function countsOf(api: ApiClient, owner: TestOwner, query = '') {
  const response = await api.get<FeedbackStatusCountsResponse>(`/api/feedback/status-counts${query}`, {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('the tab counts of a big inbox', () => {
  let server: TestServer;
  let api: ApiClient;
  let owner: TestOwner;

  beforeAll(async () => {
    server = await startTestServer({ clockStart: CLOCK_START });
    api = createApiClient(server.url);
    owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    // One more `new` entry than the cap, all of them `harbor` but the first; a few in the other tabs.
    const rows: SeededRow[] = [
      { message: 'A quiet lagoon' },
      ...Array.from({ length: STATUS_COUNT_CAP }, () => ({ message: 'Near the harbor' })),
      ...Array.from({ length: 3 }, () => ({ message: 'Near the harbor', status: 'in_progress' as const })),
      { message: 'A quiet lagoon', status: 'spam' },
    ];
    await seedRows(server, { workspaceId: owner.id, widgetId: widget._id, start: new Date('2030-05-01') }, rows);
  }, 120_000);
  afterAll(() => server.close());

  test('stop at the cap and say so; a tab under it is counted exactly', async () => {
    expect(await countsOf(api, owner)).toEqual({
      counts: { new: STATUS_COUNT_CAP, in_progress: 3, resolved: 0, spam: 1 },
      capped: { new: true, in_progress: false, resolved: false, spam: false },
    });
  });

  test('a search stops at the cap too; exactly the cap of matches is not capped', async () => {
    // `near` is in every `new` entry but one: one more than the cap in all, the cap among `new`.
    expect(await countsOf(api, owner, '?q=near')).toEqual({
      counts: { new: STATUS_COUNT_CAP, in_progress: 3, resolved: 0, spam: 0 },
      capped: { new: false, in_progress: false, resolved: false, spam: false },
    });
    expect(await countsOf(api, owner, '?q=quiet')).toEqual({
      counts: { new: 1, in_progress: 0, resolved: 0, spam: 1 },
      capped: { new: false, in_progress: false, resolved: false, spam: false },
    });
  });
});

describe("an account's heavy reads at once", () => {
  let server: TestServer;
  let api: ApiClient;
  let busy: TestOwner;
  let other: TestOwner;
  /** Reads of the busy owner that have their slot and wait at the gate. */
  let held = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    server = await startTestServer({
      clockStart: CLOCK_START,
      app: {
        heavyReads: {
          gate: async (account) => {
            if (account !== busy.id) return;
            held += 1;
            await released;
          },
        },
      },
    });
    api = createApiClient(server.url);
    busy = await createOwner(server, api, { plan: 'premium' });
    other = await createOwner(server, api, { plan: 'premium' });
    for (const owner of [busy, other]) {
      const widget = await createWidget(api, owner);
      await seedRows(server, { workspaceId: owner.id, widgetId: widget._id, start: new Date('2030-05-01') }, [
        { message: 'Near the harbor' },
      ]);
    }
  });
  afterAll(async () => {
    release();
    await server.close();
  });

  test('run a few, queue a few more, refuse the rest with Retry-After; other accounts go on', async () => {
    const sent = 20;
    const admitted = HEAVY_READS_PER_ACCOUNT + HEAVY_READS_WAITING;
    const answers: Promise<ApiResponse<FeedbackStatusCountsResponse & ApiErrorBody>>[] = [];
    for (let index = 0; index < sent; index += 1) {
      answers.push(api.get(`/api/feedback/status-counts?q=harbor`, { token: busy.token }));
    }
    // Those beyond the running and waiting reads are answered at once, while the rest are held.
    const refused: ApiResponse<ApiErrorBody>[] = [];
    await new Promise<void>((resolve) => {
      for (const answer of answers) {
        void answer.then((response) => {
          if (response.status !== 200) refused.push(response);
          if (refused.length === sent - admitted) resolve();
        });
      }
    });
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.body.message).toBe(TOO_MANY_HEAVY_READS);
    }
    expect(held).toBe(HEAVY_READS_PER_ACCOUNT);

    // Every kind of heavy read counts against the same slots.
    for (const path of [
      '/api/feedback?q=harbor',
      '/api/feedback/status-counts',
      '/api/feedback/export?format=csv',
      '/api/dashboard/overview',
      '/api/dashboard/timeseries',
    ]) {
      const response = await api.get<ApiErrorBody>(path, { token: busy.token });
      expect(response.status, path).toBe(429);
      expect(response.body.message).toBe(TOO_MANY_HEAVY_READS);
    }
    // The inbox's plain pages are not heavy reads.
    expect((await api.get('/api/feedback?limit=10', { token: busy.token })).status).toBe(200);
    // Another account's reads are not held up by the busy one.
    expect((await countsOf(api, other, '?q=harbor')).counts.new).toBe(1);
    expect((await api.get('/api/dashboard/overview', { token: other.token })).status).toBe(200);

    release();
    const settled = await Promise.all(answers);
    const answered = settled.filter((response) => response.status === 200);
    expect(answered).toHaveLength(admitted);
    for (const response of answered) expect(response.body.counts.new).toBe(1);
    expect(held).toBe(admitted);
  });
});
