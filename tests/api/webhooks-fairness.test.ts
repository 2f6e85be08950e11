/**
 * Webhooks shared fairly between accounts: one owner's endpoints that never answer and a backlog
 * of 10 000 deliveries do not hold up another owner's delivery; an account's waiting deliveries
 * are capped, and what comes past the cap is logged as not sent; test events and resends are
 * limited per account (one budget across instances with Redis).
 */
import { performance } from 'node:perf_hooks';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { OUTBOUND_TIMEOUT_MS } from '../../server/lib/outbound';
import { timedOutMessage } from '../../server/lib/outbound/describe-failure';
import { newDeliveryRow } from '../../server/modules/webhooks/delivery-row';
import { NOT_SENT_REASON } from '../../server/modules/webhooks/pending-cap';
import { buildTestPayload } from '../../server/modules/webhooks/payloads';
import { createWebhooksRepo } from '../../server/modules/webhooks/webhooks.repo';
import { WEBHOOK_MESSAGES } from '../../server/modules/webhooks/webhooks.service';
import type { ApiErrorBody, WebhookDeliveryLog, WebhookWithSecret } from '../../src/shared/api';
import { MAX_PENDING_DELIVERIES_PER_ACCOUNT, type WebhookInput } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { answerWith, startReceiver, type Receiver } from '../helpers/http-receiver';
import { expectLimited } from '../helpers/rate-limited';
import { SHARED_REDIS_URL, deleteRedisKeys, uniqueRedisPrefix } from '../helpers/redis-server';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createTestDatabase } from '../helpers/test-database';

/** The same key on every server of a test, as several instances must share it. */
const SECRET_KEY = 'a-webhook-test-server-key-of-at-least-32-characters';
const PRIVATE_OK = { WEBHOOKS_ALLOW_PRIVATE: 'true', SECRET_KEY };
/** The bound: another owner's delivery took 24 s with 250 tests queued, 17 min with 10 000. */
const OTHER_OWNER_WITHIN_MS = 2_000;

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(answer = answerWith(200, 'ok')): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

async function createEndpoint(api: ApiClient, owner: TestOwner, url: string): Promise<WebhookWithSecret> {
  const input: WebhookInput = { url, kind: 'generic', events: ['feedback.created'], widgetIds: null, active: true };
  const response = await api.post<WebhookWithSecret>('/api/webhooks', input, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function sendFeedback(api: ApiClient, key: string) {
  const response = await api.post(`/api/public/widget/${key}/feedback`, validFeedback());
  expect(response.status, response.text).toBe(201);
}

async function deliveryLog(api: ApiClient, owner: TestOwner, endpointId: string) {
  const log = await api.get<WebhookDeliveryLog>(`/api/webhooks/${endpointId}/deliveries`, { token: owner.token });
  expect(log.status, log.text).toBe(200);
  return log.body.attempts;
}

/**
 * `count` deliveries to each endpoint, written straight into the queue in one batch per endpoint,
 * exactly as "Send test event" queues them (newDeliveryRow, the test payload), with `overrides`.
 */
async function queueDirectly(
  server: TestServer,
  endpoints: { _id: string }[],
  owner: TestOwner,
  count: number,
  overrides: { next_attempt_at?: string; attempt_count?: number } = {},
) {
  const repo = createWebhooksRepo(server.db);
  const now = server.clock.now();
  for (const endpoint of endpoints) {
    const rows = Array.from({ length: count }, () => ({
      ...newDeliveryRow({ id: endpoint._id, workspace_id: owner.id }, buildTestPayload(now), now),
      ...overrides,
    }));
    await repo.insertDeliveries(server.db, rows);
  }
}

const waitingOf = async (server: TestServer, owner: TestOwner) =>
  Number(
    (
      await server.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('workspace_id', '=', owner.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('one owner with endpoints that never answer', () => {
  let server: TestServer;
  let api: ApiClient;
  const hanging: Receiver[] = [];
  // The loop's own pace (every second): the other owner's delivery must go out on the wake its
  // feedback gives, not on a fast tick.
  beforeAll(async () => {
    server = await startTestServer({ env: PRIVATE_OK });
    api = createApiClient(server.url);
  });
  afterAll(async () => {
    // The hanging sends end at once when their receivers go, rather than at their deadline.
    await Promise.all(hanging.map((receiver) => receiver.close()));
    await server.close();
  });

  test(`with 5 hanging endpoints and 10 000 deliveries queued, another owner's delivery arrives within ${OTHER_OWNER_WITHIN_MS / 1000} s`, async () => {
    const other = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, other);
    let arrivedAt: number | undefined;
    const target = await receiver((res, request) => {
      arrivedAt ??= performance.now();
      answerWith(200, 'ok')(res, request);
    });
    await createEndpoint(api, other, `${target.origin}/hook`);

    const busy = await createOwner(server, api, { plan: 'premium' });
    // Each accepts the connection and reads the request, and never answers.
    for (let i = 0; i < 5; i++) hanging.push(await startReceiver(() => undefined));
    const endpoints: WebhookWithSecret[] = [];
    for (const [i, each] of hanging.entries()) endpoints.push(await createEndpoint(api, busy, `${each.origin}/${i}`));
    await queueDirectly(server, endpoints, busy, 2_000);
    expect(await waitingOf(server, busy)).toBe(10_000);
    // The worker's next tick takes the busy owner's first deliveries: they are sent, and hang.
    const hangingRequests = () => hanging.reduce((sum, each) => sum + each.requests.length, 0);
    await vi.waitFor(() => expect(hangingRequests()).toBeGreaterThanOrEqual(10), { timeout: 5_000, interval: 10 });

    // Timed from the visitor's post, so the storing is inside the bound too: real time, as the
    // issue measured it (13 ms when idle; 24 s and 17 min before deliveries were shared fairly).
    const postedAt = performance.now();
    await sendFeedback(api, widget.key);
    await vi.waitFor(() => expect(arrivedAt, "the other owner's delivery has arrived").toBeDefined(), {
      timeout: 10_000,
      interval: 10,
    });
    const elapsedMs = (arrivedAt ?? Infinity) - postedAt;
    expect(elapsedMs, `arrived ${Math.round(elapsedMs)} ms after it was posted`).toBeLessThan(OTHER_OWNER_WITHIN_MS);

    // A hanging endpoint holds its slots until the outbound deadline and no longer: the sends end
    // timed out, and the next of the busy owner's deliveries go out in their place.
    const sentBefore = hangingRequests();
    await vi.waitFor(
      async () => {
        const attempts = await deliveryLog(api, busy, endpoints[0]?._id ?? '');
        expect(attempts[0]?.error).toBe(timedOutMessage(OUTBOUND_TIMEOUT_MS));
      },
      { timeout: OUTBOUND_TIMEOUT_MS + 5_000, interval: 100 },
    );
    await vi.waitFor(() => expect(hangingRequests()).toBeGreaterThan(sentBefore), { timeout: 5_000, interval: 10 });
  }, 60_000);
});

describe(`at most ${MAX_PENDING_DELIVERIES_PER_ACCOUNT} deliveries waiting per account`, () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: PRIVATE_OK, app: { deliveriesEveryMs: 50 } });
    api = createApiClient(server.url);
  });
  afterAll(() => server.close());

  test('past the cap a new delivery is logged as not sent, a test event is refused, and other accounts are not affected', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    const target = await receiver();
    const endpoint = await createEndpoint(api, owner, `${target.origin}/hook`);
    // A failing endpoint's backlog: every delivery waiting for its next retry, an hour from now.
    const retryAt = new Date(server.clock.now().getTime() + 3_600_000).toISOString();
    await queueDirectly(server, [endpoint], owner, MAX_PENDING_DELIVERIES_PER_ACCOUNT, {
      next_attempt_at: retryAt,
      attempt_count: 1,
    });

    await sendFeedback(api, widget.key);
    // Everything due has been sent: the feedback's delivery was not queued, and nothing went out.
    await server.settleBackground();
    expect(target.requests).toHaveLength(0);
    expect(await waitingOf(server, owner)).toBe(MAX_PENDING_DELIVERIES_PER_ACCOUNT);
    const [refused] = await deliveryLog(api, owner, endpoint._id);
    expect(refused).toMatchObject({
      type: 'feedback.created',
      sent: false,
      ok: false,
      statusCode: null,
      durationMs: 0,
      error: NOT_SENT_REASON,
    });

    const test = await api.post<ApiErrorBody>(`/api/webhooks/${endpoint._id}/test`, {}, { token: owner.token });
    expect(test.status).toBe(409);
    expect(test.body.message).toBe(WEBHOOK_MESSAGES.tooManyWaiting);
    const resendPath = `/api/webhooks/${endpoint._id}/deliveries/${refused?.deliveryId}/resend`;
    const resendAtCap = await api.post<ApiErrorBody>(resendPath, {}, { token: owner.token });
    expect(resendAtCap.status).toBe(409);
    expect(resendAtCap.body.message).toBe(WEBHOOK_MESSAGES.tooManyWaiting);
    expect(await waitingOf(server, owner)).toBe(MAX_PENDING_DELIVERIES_PER_ACCOUNT);

    // Another account's deliveries go out as ever.
    const other = await createOwner(server, api, { plan: 'pro' });
    const otherTarget = await receiver();
    await createEndpoint(api, other, `${otherTarget.origin}/hook`);
    await sendFeedback(api, (await createWidget(api, other)).key);
    await vi.waitFor(() => expect(otherTarget.requests).toHaveLength(1), { timeout: 5_000, interval: 10 });

    // Once one waiting delivery is given up there is room again: the refused one can be resent,
    // and arrives with its own webhook-id.
    const oneWaiting = await server.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('workspace_id', '=', owner.id)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed' })
      .where('id', '=', oneWaiting.id)
      .execute();
    const resent = await api.post(resendPath, {}, { token: owner.token });
    expect(resent.status, resent.text).toBe(202);
    await vi.waitFor(() => expect(target.requests).toHaveLength(1), { timeout: 5_000, interval: 10 });
    expect(target.requests[0]?.headers['webhook-id']).toBe(refused?.deliveryId);
  });
});

describe('test events and resends, limited per account', () => {
  const tests = RATE_LIMIT_RULES.webhookTestsPerAccount;
  const resends = RATE_LIMIT_RULES.webhookResendsPerAccount;

  test(`test event ${tests.limit + 1} and resend ${resends.limit + 1} in a row are 429 with Retry-After; other accounts are not affected`, async () => {
    const server = await startTestServer({ env: PRIVATE_OK, rateLimits: true, app: { deliveriesEveryMs: 50 } });
    try {
      const api = createApiClient(server.url);
      const owner = await createOwner(server, api, { plan: 'premium' });
      const target = await receiver();
      const endpoint = await createEndpoint(api, owner, `${target.origin}/hook`);
      const sendTest = (who: TestOwner, id: string) =>
        api.post<ApiErrorBody>(`/api/webhooks/${id}/test`, {}, { token: who.token });

      for (let i = 0; i < tests.limit; i++) expect((await sendTest(owner, endpoint._id)).status).toBe(202);
      expectLimited(await sendTest(owner, endpoint._id), tests.windowMs);
      // Every test queued is sent; the refused one was never queued.
      await vi.waitFor(() => expect(target.requests.length).toBeGreaterThanOrEqual(tests.limit), {
        timeout: 10_000,
        interval: 10,
      });
      await server.settleBackground();
      expect(target.requests).toHaveLength(tests.limit);

      const deliveryId = (await deliveryLog(api, owner, endpoint._id))[0]?.deliveryId;
      expect(deliveryId).toBeDefined();
      const resend = () =>
        api.post<ApiErrorBody>(
          `/api/webhooks/${endpoint._id}/deliveries/${deliveryId}/resend`,
          {},
          {
            token: owner.token,
          },
        );
      for (let i = 0; i < resends.limit; i++) expect((await resend()).status).toBe(202);
      expectLimited(await resend(), resends.windowMs);

      // The limits are the account's.
      const other = await createOwner(server, api, { plan: 'premium' });
      const theirs = await createEndpoint(api, other, `${target.origin}/theirs`);
      expect((await sendTest(other, theirs._id)).status).toBe(202);
    } finally {
      await server.close();
    }
  });

  test('with Redis the limit is one budget across instances', async () => {
    const prefix = uniqueRedisPrefix('webhook-limits');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-webhook-limits-'));
    const database = await createTestDatabase(dir);
    const start = () =>
      startTestServer({
        env: { ...PRIVATE_OK, REDIS_PREFIX: prefix },
        rateLimits: true,
        redisUrl: SHARED_REDIS_URL,
        database,
      });
    // One after the other: the first one migrates the shared database.
    const one = await start();
    const two = await start();
    try {
      const [oneApi, twoApi] = [createApiClient(one.url), createApiClient(two.url)];
      const owner = await createOwner(one, oneApi, { plan: 'premium' });
      const endpoint = await createEndpoint(oneApi, owner, `${(await receiver()).origin}/hook`);
      const sendTest = (via: ApiClient) =>
        via.post<ApiErrorBody>(`/api/webhooks/${endpoint._id}/test`, {}, { token: owner.token });

      // Half of the budget through each instance: one budget, so all of it is used up.
      for (let i = 0; i < tests.limit; i++) expect((await sendTest(i % 2 ? twoApi : oneApi)).status).toBe(202);
      expectLimited(await sendTest(oneApi), tests.windowMs);
      expectLimited(await sendTest(twoApi), tests.windowMs);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await deleteRedisKeys(SHARED_REDIS_URL, prefix);
      await database.drop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
