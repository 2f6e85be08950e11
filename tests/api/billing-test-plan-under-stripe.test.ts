/**
 * A plan bought in test mode is what billing says it is, also after the server is given Stripe:
 * the same database, first served in test mode, then restarted with the STRIPE_* variables.
 * Nobody bills or renews a test-mode subscription under Stripe, so it ends at its stored date,
 * everywhere a plan decides something, and its owner can then buy a real plan.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_SUBSCRIPTION } from '../../server/modules/subscriptions/test-mode-billing';
import type { FeedbackListResponse, FeedbackSummary, LimitsSummary, SubscriptionInfo } from '../../src/shared/api';
import { DEFAULT_PLANS, limitReachedMessage } from '../../src/shared/plans';
import { VALID_WIDGET, createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { startStripeMock, type StripeMock } from '../helpers/stripe-mock';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const BOUGHT_AT = new Date('2030-03-10T12:00:00.000Z');
const FREE: SubscriptionInfo = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };

let dataDir: string;
let database: TestDatabase | undefined;
let mock: StripeMock;
let server: TestServer | undefined;
let api: ApiClient;
/** Bought pro in test mode, with two widgets and the first one on three sites. */
let owner: TestOwner;
let widgetKey: string;
/** Bought premium in test mode; left alone until the other tests are done. */
let other: TestOwner;
/** When the pro owner's test-mode month ends (the server clock runs on from BOUGHT_AT). */
let endsAt: string;

/** The same database each time: ours, not a throwaway one per server. */
function start(env: Record<string, string> = {}) {
  return startTestServer({ clockStart: BOUGHT_AT, database, env: { DATA_DIR: dataDir, ...env } });
}

async function buyInTestMode(who: TestOwner, plan: 'pro' | 'premium') {
  const checkout = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: who.token },
  );
  expect(checkout.status, checkout.text).toBe(200);
  const sessionId = new URL(checkout.body.url).pathname.split('/').pop() ?? '';
  const confirmed = await api.post(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
    headers: { Accept: 'application/json' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

const configFrom = (origin: string) => api.get(`/api/public/widget/${widgetKey}`, { headers: { Origin: origin } });

async function subscriptionOf(who: TestOwner): Promise<SubscriptionInfo> {
  const response = await api.get<SubscriptionInfo>('/api/user/subscription', { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function logInAgain(who: TestOwner) {
  const response = await api.post<{ token: string }>('/api/auth/login', { email: who.email, password: who.password });
  expect(response.status, response.text).toBe(200);
  who.token = response.body.token;
}

/** Requests the app sent to Stripe about a test-mode subscription (there must be none). */
const stripeCallsAboutTestSubscriptions = () => mock.requests.filter((request) => request.path.includes('sub_test_'));

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-mode-switch-'));
  database = await createTestDatabase(dataDir);
  mock = await startStripeMock({ secretKey: SECRET_KEY });

  // 1. Test mode: both owners buy a plan; the pro owner uses what pro allows.
  const testMode = await start();
  server = testMode;
  api = createApiClient(testMode.url);
  owner = await createOwner(testMode, api);
  other = await createOwner(testMode, api);
  await buyInTestMode(owner, 'pro');
  await buyInTestMode(other, 'premium');
  const bought = await subscriptionOf(owner);
  expect(bought).toMatchObject({ plan: 'pro', isActive: true, isToDelete: false });
  endsAt = bought.expiresAt ?? '';
  // A monthly period: one calendar month after it was bought.
  expect(endsAt.slice(0, 10)).toBe('2030-04-10');
  widgetKey = (await createWidget(api, owner)).key;
  await createWidget(api, owner, { name: 'Second site' });
  for (const host of ['a.example', 'b.example', 'c.example']) {
    testMode.clock.advance(1000);
    expect((await configFrom(`https://${host}`)).status).toBe(200);
  }
  await testMode.close();
  server = undefined;

  // 2. The operator sets the STRIPE_* variables and restarts the server on the same data.
  server = await start({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: `whsec_test_${randomBytes(16).toString('hex')}`,
    STRIPE_PRICE_PRO: 'price_tellbox_pro_monthly',
    STRIPE_PRICE_PREMIUM: 'price_tellbox_premium_monthly',
    STRIPE_API_URL: mock.url,
  });
  api = createApiClient(server.url);
});

afterAll(async () => {
  await server?.close();
  await mock?.close();
  await database?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a test-mode plan after the server moves to Stripe', () => {
  test('past its end date the account is free: its status, its limits, its widget installations and its inbox', async () => {
    const live = server as TestServer;
    live.clock.set(new Date(Date.parse(endsAt) + 60_000));
    await logInAgain(owner);

    expect(await subscriptionOf(owner)).toEqual(FREE);

    const limits = await api.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
    expect(limits.body).toMatchObject({ plan: 'free', maxWidgets: 1, widgetCount: 2, canCreateWidget: false });
    const widget = await api.post('/api/widget', VALID_WIDGET, { token: owner.token });
    expect(widget.status).toBe(403);
    expect(widget.body).toEqual({ message: limitReachedMessage('widgets', 1, DEFAULT_PLANS.free) });

    // The public widget: a free plan keeps its oldest site only.
    expect((await configFrom('https://a.example')).status).toBe(200);
    expect((await configFrom('https://b.example')).status).toBe(403);
    expect((await configFrom('https://c.example')).status).toBe(403);

    // The inbox shows what the free plan shows.
    for (let index = 0; index < DEFAULT_PLANS.free.limits.visibleFeedbackPerMonth! + 2; index += 1) {
      const sent = await api.post(`/api/public/widget/${widgetKey}/feedback`, validFeedback(), {
        headers: { Origin: 'https://a.example' },
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const summary = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
    expect(summary.body).toMatchObject({ plan: 'free', maxVisibleFeedbackPerMonth: 50, hiddenFeedbackCount: 2 });
    const inbox = await api.get<FeedbackListResponse>('/api/feedback?limit=100', { token: owner.token });
    expect(inbox.body.feedbacks).toHaveLength(50);

    expect(stripeCallsAboutTestSubscriptions()).toEqual([]);
  });

  test('the account can then buy a real plan through Stripe', async () => {
    const response = await api.post<{ url: string }>(
      '/api/subscription/checkout-session',
      { plan: 'pro' },
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    const session = [...mock.sessions.values()].find((candidate) => candidate.url === response.body.url);
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: owner.id });
  });

  test('before its end date it is the plan, one that ends then; Stripe is never asked about it', async () => {
    const live = server as TestServer;
    live.clock.set(new Date(Date.parse(endsAt) - 60_000));
    await logInAgain(other);
    expect(await subscriptionOf(other)).toEqual({
      plan: 'premium',
      expiresAt: expect.stringMatching(/^2030-04-10T12:00/),
      isActive: true,
      isToDelete: true,
    });

    // Refresh has nothing to re-read from Stripe; a change has no Stripe subscription to change.
    const refreshed = await api.post<SubscriptionInfo>('/api/subscription/refresh', undefined, { token: other.token });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body.plan).toBe('premium');
    const cancel = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: other.token },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({ message: NO_SUBSCRIPTION });
    // Nothing bills it, so buying a real plan is not refused as "already subscribed".
    const checkout = await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: other.token });
    expect(checkout.status, checkout.text).toBe(200);

    // Deleting the account has nothing to cancel at Stripe either.
    const deleted = await api.request(
      'DELETE',
      `/api/user/${other.id}`,
      { currentPassword: other.password },
      {
        token: other.token,
      },
    );
    expect(deleted.status, deleted.text).toBe(200);
    expect(stripeCallsAboutTestSubscriptions()).toEqual([]);
  });
});
