/**
 * Webhooks end to end: the `/api/webhooks` calls, deliveries of `feedback.created` and
 * `post.published` to a real receiver on loopback that checks every signature with the
 * `standardwebhooks` package, retries with one `webhook-id`, a restart between attempts, two
 * instances on one database, and the refusals of private addresses.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { RETRY_DELAYS_MS } from '../../server/modules/webhooks/retry-schedule';
import { WEBHOOK_MESSAGES } from '../../server/modules/webhooks/webhooks.service';
import type {
  ApiErrorBody,
  FeedbackCreatedData,
  PostPublishedData,
  WebhookDeliveryLog,
  WebhookEndpoint,
  WebhookListResponse,
  WebhookPayload,
  WebhookWithSecret,
} from '../../src/shared/api';
import { MAX_WEBHOOKS_PER_ACCOUNT, type WebhookInput } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, validPost, type TestOwner } from '../helpers/factories';
import { answerWith, startReceiver, type ReceivedRequest, type Receiver } from '../helpers/http-receiver';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/** The same key on every server of a test, as several instances (or a restart) must share it. */
const SECRET_KEY = 'a-webhook-test-server-key-of-at-least-32-characters';
const PRIVATE_OK = { WEBHOOKS_ALLOW_PRIVATE: 'true', SECRET_KEY };
/** An endpoint no test sends to (port 9, discard, is closed here): creating one does no look-up. */
const QUIET_URL = 'http://127.0.0.1:9/hook';
const FAST_LOOPS = { deliveriesEveryMs: 50, alertsEveryMs: 50 };

let server: TestServer;
let api: ApiClient;
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: PRIVATE_OK, app: FAST_LOOPS });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

/** A receiver that answers 200, or 503 to the first `failures` requests. */
async function receiver(failures = 0): Promise<Receiver> {
  let seen = 0;
  const started = await startReceiver((res, request) => {
    seen += 1;
    answerWith(seen <= failures ? 503 : 200, seen <= failures ? 'down for maintenance' : 'ok')(res, request);
  });
  receivers.push(started);
  return started;
}

function endpointInput(url: string, overrides: Partial<WebhookInput> = {}): WebhookInput {
  return {
    url,
    kind: 'generic',
    events: ['feedback.created', 'post.published'],
    widgetIds: null,
    active: true,
    ...overrides,
  };
}

async function createEndpoint(owner: TestOwner, input: WebhookInput, via: ApiClient = api): Promise<WebhookWithSecret> {
  const response = await via.post<WebhookWithSecret>('/api/webhooks', input, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function sendFeedback(key: string, overrides: Record<string, unknown> = {}, via: ApiClient = api) {
  const response = await via.post(`/api/public/widget/${key}/feedback`, validFeedback(overrides));
  expect(response.status, response.text).toBe(201);
}

/**
 * What the receiver's code does: checks the signature with the standardwebhooks package, as of
 * `now` (the server's clock, which the tests move; the library reads Date.now to reject old
 * timestamps), and returns the parsed payload. Throws on a bad signature.
 */
function verify(request: ReceivedRequest, secret: string, now: Date): WebhookPayload {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(now.getTime());
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload;
  } finally {
    spy.mockRestore();
  }
}

const idOf = (request: ReceivedRequest) => request.headers['webhook-id'];

async function untilRequests(target: Receiver, count: number, timeout = 5_000) {
  await vi.waitFor(() => expect(target.requests.length).toBeGreaterThanOrEqual(count), { timeout, interval: 20 });
}

describe('the endpoints API', () => {
  test('a free owner is told webhooks come with Pro and Premium', async () => {
    const owner = await createOwner(server, api);
    const response = await api.post<ApiErrorBody>('/api/webhooks', endpointInput(QUIET_URL), {
      token: owner.token,
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(WEBHOOK_MESSAGES.planLacksWebhooks);
  });

  test('create shows the whsec_ secret once; list, edit, rotate and delete', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    const created = await createEndpoint(owner, endpointInput(QUIET_URL, { widgetIds: [widget._id] }));
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
    expect(created).toMatchObject({ url: QUIET_URL, kind: 'generic', widgetIds: [widget._id] });

    const listed = await api.get<WebhookListResponse>('/api/webhooks', { token: owner.token });
    expect(listed.body.webhooks).toHaveLength(1);
    expect(listed.text).not.toContain(created.secret);
    // Stored encrypted: the secret's text is nowhere in the database row.
    const row = await server.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain(created.secret.slice('whsec_'.length));

    const edited = await api.put<WebhookEndpoint>(
      `/api/webhooks/${created._id}`,
      endpointInput(`${QUIET_URL}/slack`, { kind: 'slack', events: ['post.published'] }),
      { token: owner.token },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'slack', events: ['post.published'], widgetIds: null });

    const rotated = await api.post<WebhookWithSecret>(
      `/api/webhooks/${created._id}/rotate-secret`,
      {},
      { token: owner.token },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);

    const deleted = await api.delete<{ message: string }>(`/api/webhooks/${created._id}`, { token: owner.token });
    expect(deleted.body.message).toBe(WEBHOOK_MESSAGES.deleted);
    expect((await api.get<WebhookListResponse>('/api/webhooks', { token: owner.token })).body.webhooks).toEqual([]);
  });

  test("another owner's endpoint and widgets are out of reach", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const stranger = await createOwner(server, api, { plan: 'premium' });
    const strangersWidget = await createWidget(api, stranger);
    const endpoint = await createEndpoint(owner, endpointInput(`${QUIET_URL}/a`));

    for (const [method, path] of [
      ['put', `/api/webhooks/${endpoint._id}`],
      ['delete', `/api/webhooks/${endpoint._id}`],
      ['post', `/api/webhooks/${endpoint._id}/rotate-secret`],
      ['post', `/api/webhooks/${endpoint._id}/test`],
      ['get', `/api/webhooks/${endpoint._id}/deliveries`],
    ] as const) {
      const response =
        method === 'get' || method === 'delete'
          ? await api[method]<ApiErrorBody>(path, { token: stranger.token })
          : await api[method]<ApiErrorBody>(path, endpointInput(`${QUIET_URL}/b`), { token: stranger.token });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    const foreign = await api.post<ApiErrorBody>(
      '/api/webhooks',
      endpointInput(`${QUIET_URL}/c`, { widgetIds: [strangersWidget._id] }),
      { token: owner.token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(WEBHOOK_MESSAGES.unknownWidget);
  });

  test(`at most ${MAX_WEBHOOKS_PER_ACCOUNT} endpoints per account, and bad input is told apart`, async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++) await createEndpoint(owner, endpointInput(`${QUIET_URL}/${i}`));
    const over = await api.post<ApiErrorBody>('/api/webhooks', endpointInput(`${QUIET_URL}/x`), {
      token: owner.token,
    });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(WEBHOOK_MESSAGES.tooMany);

    const bad = await api.post<ApiErrorBody>(
      '/api/webhooks',
      { url: 'ftp://example.com', kind: 'teams', events: [], widgetIds: null, active: true },
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.map((issue) => issue.path).sort()).toEqual(['events', 'kind', 'url']);
  });
});

describe('deliveries', () => {
  test('feedback.created and post.published reach the receiver, each verified with standardwebhooks', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner, { name: 'Shop' });
    const target = await receiver();
    const endpoint = await createEndpoint(owner, endpointInput(`${target.origin}/hook`));

    await sendFeedback(widget.key, { message: 'The cart is slow', authorName: 'Ann', authorEmail: 'ann@example.com' });
    const draft = await api.post<{ post: { _id: string } }>(
      '/api/post',
      { ...validPost(widget._id), status: 'draft' },
      { token: owner.token },
    );
    expect(draft.status, draft.text).toBe(201);
    await untilRequests(target, 1);
    // The draft went out only once it was published.
    const published = await api.put(
      `/api/post/${draft.body.post._id}`,
      { ...validPost(widget._id), status: 'published' },
      {
        token: owner.token,
      },
    );
    expect(published.status, published.text).toBe(200);
    await untilRequests(target, 2);

    const payloads = target.requests.map((request) => verify(request, endpoint.secret, server.clock.now()));
    const [feedback, post] = payloads as [WebhookPayload<'feedback.created'>, WebhookPayload<'post.published'>];
    expect(feedback.type).toBe('feedback.created');
    expect(feedback.data).toMatchObject<Partial<FeedbackCreatedData>>({
      widgetId: widget._id,
      widgetName: 'Shop',
      message: 'The cart is slow',
      authorName: 'Ann',
    });
    // The visitor's e-mail address never leaves Tellbox.
    expect(target.requests[0]?.body).not.toContain('ann@example.com');
    expect(post.type).toBe('post.published');
    expect(post.data).toMatchObject<Partial<PostPublishedData>>({
      id: draft.body.post._id,
      title: validPost(widget._id).title,
    });
    expect(target.requests).toHaveLength(2);

    // A tampered body fails the receiver's check.
    const tampered = {
      ...target.requests[0],
      body: target.requests[0]?.body.replace('slow', 'fast'),
    } as ReceivedRequest;
    expect(() => verify(tampered, endpoint.secret, server.clock.now())).toThrow();
  });

  test('an endpoint limited to one widget hears only that widget; a switched-off one or one for no widget hears nothing', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const [first, second] = [await createWidget(api, owner), await createWidget(api, owner)];
    const limited = await receiver();
    const off = await receiver();
    const none = await receiver();
    await createEndpoint(owner, endpointInput(`${limited.origin}/`, { widgetIds: [second._id] }));
    await createEndpoint(owner, endpointInput(`${off.origin}/`, { active: false }));
    // An empty choice is kept as one (PostgreSQL once answered it 500: `in ()` is not SQL there).
    expect(await createEndpoint(owner, endpointInput(`${none.origin}/`, { widgetIds: [] }))).toMatchObject({
      widgetIds: [],
    });

    await sendFeedback(first.key, { message: 'from the first widget' });
    await sendFeedback(second.key, { message: 'from the second widget' });
    await untilRequests(limited, 1);
    // Every delivery due now has been sent and answered: what is not there was never queued.
    await server.settleBackground();
    expect(limited.requests.map((request) => JSON.parse(request.body).data.message)).toEqual([
      'from the second widget',
    ]);
    expect(off.connections()).toBe(0);
    expect(none.connections()).toBe(0);
  });

  test('with the receiver down for three attempts, the fourth delivers with the same webhook-id', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    const target = await receiver(3);
    const endpoint = await createEndpoint(
      owner,
      endpointInput(`${target.origin}/hook`, { events: ['feedback.created'] }),
    );

    await sendFeedback(widget.key);
    await untilRequests(target, 1);
    for (const [index, delay] of RETRY_DELAYS_MS.slice(0, 3).entries()) {
      // Not before its time: with the failed attempt recorded and everything due sent, nothing more
      // has arrived until the clock reaches the next attempt.
      await server.settleBackground();
      expect(target.requests).toHaveLength(index + 1);
      server.clock.advance(delay);
      await untilRequests(target, index + 2);
    }
    expect(new Set(target.requests.map(idOf)).size).toBe(1);
    expect(verify(target.requests[3] as ReceivedRequest, endpoint.secret, server.clock.now()).type).toBe(
      'feedback.created',
    );

    const readLog = async () =>
      (await api.get<WebhookDeliveryLog>(`/api/webhooks/${endpoint._id}/deliveries`, { token: owner.token })).body
        .attempts;
    // Every attempt is recorded once the sends under way have ended.
    await server.settleBackground();
    const attempts = await readLog();
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([200, 503, 503, 503]);
    expect(attempts[1]?.responseStart).toBe('down for maintenance');
    expect(new Set(attempts.map((attempt) => attempt.deliveryId))).toEqual(
      new Set([idOf(target.requests[0] as ReceivedRequest)]),
    );

    // Resend: once more, with the same webhook-id.
    const resend = await api.post<{ message: string }>(
      `/api/webhooks/${endpoint._id}/deliveries/${attempts[0]?.deliveryId}/resend`,
      {},
      { token: owner.token },
    );
    expect(resend.status).toBe(202);
    await untilRequests(target, 5);
    expect(idOf(target.requests[4] as ReceivedRequest)).toBe(idOf(target.requests[0] as ReceivedRequest));
  });

  test('the test event is signed like any other and shows in the delivery log', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const target = await receiver();
    const endpoint = await createEndpoint(owner, endpointInput(`${target.origin}/`));
    const sent = await api.post<{ message: string }>(`/api/webhooks/${endpoint._id}/test`, {}, { token: owner.token });
    expect(sent.status).toBe(202);
    expect(sent.body.message).toBe(WEBHOOK_MESSAGES.testQueued);
    await untilRequests(target, 1);
    expect(verify(target.requests[0] as ReceivedRequest, endpoint.secret, server.clock.now()).type).toBe(
      'webhook.test',
    );
    // The attempt is recorded once the send under way has ended.
    await server.settleBackground();
    const log = await api.get<WebhookDeliveryLog>(`/api/webhooks/${endpoint._id}/deliveries`, { token: owner.token });
    expect(log.body.attempts).toMatchObject([{ type: 'webhook.test', statusCode: 200, ok: true, responseStart: 'ok' }]);
  });
});

/** A database of its own, kept across the servers a test starts on it; dropped afterwards. */
async function sharedDatabase(): Promise<TestDatabase & { remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-webhooks-'));
  const database = await createTestDatabase(dir);
  return {
    ...database,
    remove: async () => {
      await database.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

describe('Slack and Discord', () => {
  test('each gets its own shape, and a visitor cannot alert the channel or dress up a link', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner, { name: 'Docs' });
    const slack = await receiver();
    const discord = await receiver();
    await createEndpoint(owner, endpointInput(`${slack.origin}/services/T0/B0/x`, { kind: 'slack' }));
    await createEndpoint(owner, endpointInput(`${discord.origin}/api/webhooks/1/x`, { kind: 'discord' }));
    await sendFeedback(widget.key, {
      message: '<!channel> @everyone @here <@U1> click <http://evil.example|your invoice> [Pay](https://evil.example)',
    });
    await untilRequests(slack, 1);
    await untilRequests(discord, 1);

    // Slack's incoming webhook: a fallback `text` and Block Kit blocks of known types.
    const slackBody = JSON.parse(slack.requests[0]?.body ?? '{}') as { text: string; blocks: { type: string }[] };
    expect(slackBody.text).toMatch(/^New feedback on Docs: /);
    expect(slackBody.blocks.length).toBeGreaterThan(0);
    for (const block of slackBody.blocks)
      expect(['header', 'section', 'context', 'actions', 'divider']).toContain(block.type);
    expect(slack.requests[0]?.body).not.toMatch(/<!channel>|<@U1>|<http:\/\/evil|(?<!@\u200B)@everyone/);

    // Discord's execute-webhook: embeds, and no mention parsed whatever the text says.
    const discordBody = JSON.parse(discord.requests[0]?.body ?? '{}') as {
      embeds: { title: string; description: string }[];
      allowed_mentions: { parse: string[] };
    };
    expect(discordBody.allowed_mentions).toEqual({ parse: [] });
    expect(discordBody.embeds[0]?.title).toBe('New feedback on Docs');
    expect(discordBody.embeds[0]?.description).not.toMatch(/(?<!@\u200B)@(everyone|here)|<@U1>|\[Pay\]\(/);
  });
});

describe('durability', () => {
  test('with the server restarted between attempts, the delivery still arrives, once', async () => {
    const database = await sharedDatabase();
    const first = await startTestServer({ env: PRIVATE_OK, app: FAST_LOOPS, database });
    const firstApi = createApiClient(first.url);
    const owner = await createOwner(first, firstApi, { plan: 'pro' });
    const widget = await createWidget(firstApi, owner);
    const target = await receiver(1);
    const endpoint = await createEndpoint(owner, endpointInput(`${target.origin}/`), firstApi);
    await sendFeedback(widget.key, {}, firstApi);
    await untilRequests(target, 1);
    const restartAt = new Date(first.clock.now().getTime() + (RETRY_DELAYS_MS[0] ?? 0));
    await first.close();

    const second = await startTestServer({ env: PRIVATE_OK, app: FAST_LOOPS, database, clockStart: restartAt });
    try {
      await untilRequests(target, 2);
      // Everything due has been sent and answered: a second copy would be here by now.
      await second.settleBackground();
      expect(target.requests).toHaveLength(2);
      expect(idOf(target.requests[1] as ReceivedRequest)).toBe(idOf(target.requests[0] as ReceivedRequest));
      expect(verify(target.requests[1] as ReceivedRequest, endpoint.secret, second.clock.now()).type).toBe(
        'feedback.created',
      );
    } finally {
      await second.close();
      await database.remove();
    }
  });

  test('with two instances on one database, each of 200 deliveries is sent once', async () => {
    const database = await sharedDatabase();
    // One after the other: the first one migrates the shared database.
    const one = await startTestServer({ env: PRIVATE_OK, app: { deliveriesEveryMs: 20 }, database });
    const two = await startTestServer({ env: PRIVATE_OK, app: { deliveriesEveryMs: 20 }, database });
    try {
      const oneApi = createApiClient(one.url);
      const owner = await createOwner(one, oneApi, { plan: 'premium' });
      const widget = await createWidget(oneApi, owner);
      const target = await receiver();
      await createEndpoint(owner, endpointInput(`${target.origin}/`, { events: ['feedback.created'] }), oneApi);
      // Feedback through both instances, so both queue and both send.
      const twoApi = createApiClient(two.url);
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          sendFeedback(widget.key, { message: `message ${i}` }, i % 2 ? twoApi : oneApi),
        ),
      );
      await untilRequests(target, 200, 15_000);
      // Everything due has been sent and answered on both: a delivery sent twice would be here by now.
      await Promise.all([one.settleBackground(), two.settleBackground()]);
      const ids = target.requests.map(idOf);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await database.remove();
    }
  });
});

describe('private addresses, without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestServer;
  let strictApi: ApiClient;
  beforeAll(async () => {
    strict = await startTestServer({ env: { SECRET_KEY } });
    strictApi = createApiClient(strict.url);
  });
  afterAll(() => strict.close());

  test('loopback, private, link-local, metadata and a name that resolves to loopback are refused', async () => {
    const owner = await createOwner(strict, strictApi, { plan: 'premium' });
    const target = await receiver();
    for (const url of [
      `${target.origin}/hook`,
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${target.port}/hook`,
      `http://localhost:${target.port}/hook`,
    ]) {
      const response = await strictApi.post<ApiErrorBody>('/api/webhooks', endpointInput(url), { token: owner.token });
      expect(response.status, url).toBe(400);
      expect(response.body.issues?.[0]?.path, url).toBe('url');
      expect(response.body.message, url).toMatch(/address|private|loopback|local/i);
    }
    expect(target.connections()).toBe(0);
    expect((await strictApi.get<WebhookListResponse>('/api/webhooks', { token: owner.token })).body.webhooks).toEqual(
      [],
    );
  });
});
