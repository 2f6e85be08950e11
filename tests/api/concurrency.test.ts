/**
 * Plan limits and counters under concurrent requests (docs/security-model.md;
 * docs/plans-and-billing.md, "Plans"): quotas never overshoot, and no feedback is lost or numbered
 * twice.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedbackListResponse, FeedbackSummary, Widget } from '../../src/shared/api';
import { DEFAULT_PLANS } from '../../src/shared/plans';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, validFeedback, validPost } from '../helpers/factories';
import { rawRequest, sendPipelined, type RawResponse } from '../helpers/pipelined-http';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Runs `count` tasks with at most `width` in flight at once; results keep their order. */
async function pool<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}

function statusCounts(responses: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

async function widgetCount(workspaceId: string): Promise<number> {
  const rows = await server.db.selectFrom('widgets').select('id').where('workspace_id', '=', workspaceId).execute();
  return rows.length;
}

async function postCount(workspaceId: string): Promise<number> {
  const rows = await server.db.selectFrom('posts').select('id').where('workspace_id', '=', workspaceId).execute();
  return rows.length;
}

describe('the widget limit holds under 20 simultaneous creates', () => {
  test('a pro account with 4 of 5 widgets gets exactly one 201 and nineteen 403', async () => {
    const maxWidgets = DEFAULT_PLANS.pro.limits.maxWidgets;
    expect(maxWidgets).toBe(5);
    const owner = await createOwner(server, api, { plan: 'pro' });
    for (let i = 0; i < 4; i += 1) await createWidget(api, owner, { name: `Widget ${i}` });

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post('/api/widget', { ...VALID_WIDGET, name: `Race ${i}` }, { token: owner.token }),
      ),
    );

    expect(statusCounts(responses)).toEqual({ 201: 1, 403: 19 });
    for (const refused of responses.filter((response) => response.status === 403)) {
      expect(refused.body.message).toBe("You've reached the maximum number of widgets (5) for your Pro plan.");
    }
    expect(await widgetCount(owner.id)).toBe(5);
  });

  test('a free account with no widget gets exactly one 201 and nineteen 403', async () => {
    const owner = await createOwner(server, api);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post('/api/widget', { ...VALID_WIDGET, name: `Race ${i}` }, { token: owner.token }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 403: 19 });
    expect(await widgetCount(owner.id)).toBe(DEFAULT_PLANS.free.limits.maxWidgets);
  });
});

describe('the news post limit holds under 20 simultaneous creates', () => {
  test('a free account (1 post per month) gets exactly one 201', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/api/post', validPost(widget._id), { token: owner.token })),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 403: 19 });
    expect(await postCount(owner.id)).toBe(1);
  });

  test('a pro account with 9 of 10 posts gets exactly one 201', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    for (let i = 0; i < 9; i += 1) {
      expect((await api.post('/api/post', validPost(widget._id), { token: owner.token })).status).toBe(201);
    }
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/api/post', validPost(widget._id), { token: owner.token })),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 403: 19 });
    expect(await postCount(owner.id)).toBe(10);
  });
});

describe('no feedback is lost or numbered twice under load', () => {
  test('1 000 posts at concurrency 100 on premium: 1 000 × 201, 1 000 rows, account_seq exactly 1..1000', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const total = 1000;

    const responses = await pool(total, 100, (i) =>
      api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message: `Load message ${i}` })),
    );

    expect(statusCounts(responses)).toEqual({ 201: total });
    const rows = await server.db
      .selectFrom('feedback')
      .select(['message', 'account_seq', 'widget_seq'])
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(total);
    const expected = Array.from({ length: total }, (_, i) => i + 1);
    expect(rows.map((row) => row.account_seq).sort((a, b) => a - b)).toEqual(expected);
    expect(rows.map((row) => row.widget_seq).sort((a, b) => a - b)).toEqual(expected);
    expect(new Set(rows.map((row) => row.message)).size).toBe(total);
    const counters = await server.db
      .selectFrom('feedback_counters')
      .select(['scope', 'count'])
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(counters.map((counter) => counter.count)).toEqual([total, total]);
  });

  test('60 simultaneous posts on free: all 201, the inbox shows exactly 50 and the summary hides exactly 10', async () => {
    const cap = DEFAULT_PLANS.free.limits.visibleFeedbackPerMonth;
    expect(cap).toBe(50);
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);

    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message: `Free message ${i}` })),
      ),
    );

    expect(statusCounts(responses)).toEqual({ 201: 60 });
    const stored = await server.db.selectFrom('feedback').select('id').where('workspace_id', '=', owner.id).execute();
    expect(stored).toHaveLength(60);
    // A page of 100 so the page size cannot be what limits the answer to 50.
    const inbox = await api.get<FeedbackListResponse>('/api/feedback?limit=100', { token: owner.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.feedbacks).toHaveLength(50);
    expect(inbox.body.nextCursor).toBeNull();
    const summary = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
    expect(summary.body.hiddenFeedbackCount).toBe(10);
    expect(summary.body.maxVisibleFeedbackPerMonth).toBe(50);
  });
});

describe('installations are registered atomically', () => {
  test('10 simultaneous first requests from 10 hosts on a free widget register exactly one host', async () => {
    expect(DEFAULT_PLANS.free.limits.maxInstallationsPerWidget).toBe(1);
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const hosts = Array.from({ length: 10 }, (_, i) => `site-${i}.example.org`);

    const responses = await Promise.all(
      hosts.map((host) => api.get(`/api/public/widget/${widget.key}`, { headers: { Origin: `https://${host}` } })),
    );

    expect(statusCounts(responses)).toEqual({ 200: 1, 403: 9 });
    const winner = hosts[responses.findIndex((response) => response.status === 200)];
    const rows = await server.db
      .selectFrom('installations')
      .select('host')
      .where('widget_id', '=', widget._id)
      .execute();
    expect(rows.map((row) => row.host)).toEqual([winner]);
    const listed = await api.get<{ widgets: Widget[] }>('/api/widget', { token: owner.token });
    expect(listed.body.widgets[0]?.installations.map((installation) => installation.host)).toEqual([winner]);

    // The winner keeps working; a loser stays refused, for feedback too.
    const again = await api.get(`/api/public/widget/${widget.key}`, { headers: { Origin: `https://${winner}` } });
    expect(again.status).toBe(200);
    const loser = hosts.find((host) => host !== winner) ?? '';
    const refused = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: `https://${loser}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This widget is not enabled for this website.' });
  });

  test('10 simultaneous feedback posts from 10 new hosts on a pro widget register exactly three', async () => {
    const max = DEFAULT_PLANS.pro.limits.maxInstallationsPerWidget;
    expect(max).toBe(3);
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
          headers: { Origin: `https://shop-${i}.example.net` },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 3, 403: 7 });
    const rows = await server.db
      .selectFrom('installations')
      .select('host')
      .where('widget_id', '=', widget._id)
      .execute();
    expect(rows).toHaveLength(3);
    const stored = await server.db.selectFrom('feedback').select('id').where('widget_id', '=', widget._id).execute();
    expect(stored).toHaveLength(3);
  });
});

describe("one owner's vanished widget never fails another owner's visitors", () => {
  test("30 visitors post to A's widget while B creates, posts to and deletes a widget 40 times: A gets only 201, all stored; B gets 201 or 404, never 500", async () => {
    const ownerA = await createOwner(server, api, { plan: 'premium' });
    const ownerB = await createOwner(server, api, { plan: 'premium' });
    const widgetA = await createWidget(api, ownerA);
    let churning = true;
    const answersA: ApiResponse[] = [];
    const visitor = async (visitorIndex: number) => {
      for (let i = 0; churning; i += 1) {
        const message = `A visitor ${visitorIndex} message ${i}`;
        answersA.push(await api.post(`/api/public/widget/${widgetA.key}/feedback`, validFeedback({ message })));
      }
    };
    const answersB: RawResponse[] = [];
    const churn = async () => {
      try {
        for (let round = 0; round < 40; round += 1) {
          const widgetB = await createWidget(api, ownerB, { name: `Churn ${round}` });
          const configPath = `/api/public/widget/${widgetB.key}`;
          expect((await api.get(configPath)).status).toBe(200);
          // Read in one turn of the server's event loop: the feedback finds the widget's config,
          // then the delete may commit before the feedback's batch does.
          const [posted, deleted] = await sendPipelined(server.url, [
            rawRequest('POST', `${configPath}/feedback`, {}, validFeedback({ message: `B ${round}` })),
            rawRequest('DELETE', `/api/widget/${widgetB._id}`, { Authorization: `Bearer ${ownerB.token}` }),
          ]);
          expect(deleted?.status).toBe(200);
          // Sent once the delete has answered: the widget is gone for it, whatever the cache held.
          const [late] = await sendPipelined(server.url, [
            rawRequest('POST', `${configPath}/feedback`, {}, validFeedback({ message: `B ${round} late` })),
          ]);
          answersB.push(posted as RawResponse, late as RawResponse);
        }
      } finally {
        churning = false;
      }
    };

    await Promise.all([churn(), ...Array.from({ length: 30 }, (_, i) => visitor(i))]);

    expect(answersA.length).toBeGreaterThan(100);
    expect(statusCounts(answersA)).toEqual({ 201: answersA.length });
    const storedA = await server.db.selectFrom('feedback').select('id').where('workspace_id', '=', ownerA.id).execute();
    expect(storedA).toHaveLength(answersA.length);
    for (const answer of answersB) {
      expect([201, 404]).toContain(answer.status);
      if (answer.status === 404) expect(answer.body).toEqual({ message: 'Widget not found.' });
    }
    expect(answersB.filter((answer) => answer.status === 404).length).toBeGreaterThanOrEqual(40);
  }, 60_000);
});
