/**
 * Billing with Stripe (issue 3, docs/plans-and-billing.md, "Billing", docs/security-model.md
 * P-01…P-15): the real app and the real
 * `stripe` SDK, pointed at a Stripe stand-in on loopback; webhooks signed with the SDK's
 * `generateTestHeaderString`; the payment-failed mail read from a real SMTP server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { DEFAULT_PLANS, limitReachedMessage } from '../../src/shared/plans';
import { BAD_SIGNATURE } from '../../server/modules/subscriptions/stripe-webhook';
import { SUBSCRIPTION_MESSAGES } from '../../server/modules/subscriptions/subscriptions.service';
import { NO_SUBSCRIPTION } from '../../server/modules/subscriptions/test-mode-billing';
import type { LimitsSummary, SubscriptionInfo } from '../../src/shared/api';
import type { PaidPlanId } from '../../src/shared/schemas';
import { createApiClient, type ApiClient, type ApiResponse, type RequestOptions } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { startMailbox, type Mailbox, type ReceivedMail } from '../helpers/mailbox';
import { TEST_PUBLIC_URL, startTestServer, type TestServer } from '../helpers/start-server';
import {
  DAY_SECONDS,
  checkoutCompletedEvent,
  invoiceEvent,
  signPayload,
  startStripeMock,
  stripeEvent,
  subscriptionEvent,
  unixNow,
  type MockSubscription,
  type StripeEvent,
  type StripeMock,
} from '../helpers/stripe-mock';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;
const PRICES: Record<PaidPlanId, string> = {
  pro: 'price_tellbox_pro_monthly',
  premium: 'price_tellbox_premium_monthly',
};
const PAYMENT_FAILED_SUBJECT = 'Your Tellbox payment failed';
const FREE: SubscriptionInfo = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };

let mock: StripeMock;
let mailbox: Mailbox;
let server: TestServer;
let api: ApiClient;
let logDir: string;
let logFile: string;
/** Every error body the server sent in this suite, for the secrets check. */
const errorBodies: string[] = [];

function record(response: { status: number; text: string }) {
  if (response.status >= 400) errorBodies.push(response.text);
}

/** The API client, keeping every error body it receives. */
function recordingClient(base: ApiClient): ApiClient {
  const request = async <T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> => {
    const response = await base.request<T>(method, urlPath, body, options);
    record(response);
    return response;
  };
  return {
    request,
    get: (urlPath, options) => request('GET', urlPath, undefined, options),
    post: (urlPath, body, options) => request('POST', urlPath, body, options),
    put: (urlPath, body, options) => request('PUT', urlPath, body, options),
    patch: (urlPath, body, options) => request('PATCH', urlPath, body, options),
    delete: (urlPath, options) => request('DELETE', urlPath, undefined, options),
  };
}

beforeAll(async () => {
  mock = await startStripeMock({ secretKey: SECRET_KEY });
  mailbox = await startMailbox();
  logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-billing-log-'));
  logFile = path.join(logDir, 'server.log');
  server = await startTestServer({
    smtpUrl: mailbox.url,
    logLevel: 'info',
    logFile,
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_PREMIUM: PRICES.premium,
      STRIPE_API_URL: mock.url,
    },
  });
  api = recordingClient(createApiClient(server.url));
});

afterAll(async () => {
  await server?.close();
  await mock?.close();
  await mailbox?.close();
  if (logDir) await fs.rm(logDir, { recursive: true, force: true });
});

afterEach(() => mock.onRequest(undefined));

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Sends one webhook delivery as Stripe would: the exact bytes it signed, with the signature header. */
async function deliver(
  event: StripeEvent | string,
  options: { timestamp?: number; signature?: string | null; body?: string } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature =
    options.signature === undefined ? signPayload(payload, WEBHOOK_SECRET, options.timestamp) : options.signature;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers['Stripe-Signature'] = signature;
  const response = await fetch(`${server.url}/api/subscription/webhook`, {
    method: 'POST',
    headers,
    body: options.body ?? payload,
  });
  const result = { status: response.status, text: await response.text() };
  record(result);
  return result;
}

async function delivered(event: StripeEvent) {
  const response = await deliver(event);
  expect(response.status, response.text).toBe(200);
}

async function subscriptionOf(owner: TestOwner): Promise<SubscriptionInfo> {
  const response = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function limitsOf(owner: TestOwner): Promise<LimitsSummary> {
  const response = await api.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** The account's billing columns, as stored. */
function billingRow(userId: string) {
  return server.db
    .selectFrom('workspaces')
    .select([
      'plan',
      'plan_expires_at',
      'cancel_at_period_end',
      'subscription_status',
      'stripe_customer_id',
      'stripe_subscription_id',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

async function eventRows(id?: string): Promise<number> {
  let query = server.db.selectFrom('billing_events').select('id');
  if (id) query = query.where('id', '=', id);
  return (await query.execute()).length;
}

/** Log lines saying that this event was applied. */
async function appliedLogLines(eventId: string): Promise<number> {
  const lines = (await fs.readFile(logFile, 'utf8')).split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { msg?: string; eventId?: string })
    .filter((entry) => entry.msg === 'stripe event applied' && entry.eventId === eventId).length;
}

const paymentFailedMails = (owner: TestOwner): ReceivedMail[] =>
  mailbox.to(owner.email).filter((mail) => mail.subject === PAYMENT_FAILED_SUBJECT);

/**
 * Waits for the payment-failed mail and for every other mail handed over so far (a webhook hands its
 * mail over before it answers), and returns how many came.
 */
async function settledPaymentFailedMails(owner: TestOwner): Promise<number> {
  await mailbox.waitFor(owner.email, (mail) => mail.subject === PAYMENT_FAILED_SUBJECT);
  await server.mailIdle();
  return paymentFailedMails(owner).length;
}

/** Starts a checkout over the API and returns the session the mock created for it. */
async function startCheckout(owner: TestOwner, plan: PaidPlanId = 'pro') {
  const response = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(200);
  const session = [...mock.sessions.values()].find((candidate) => candidate.url === response.body.url);
  if (!session) throw new Error(`the checkout URL ${response.body.url} is not one of the mock's sessions`);
  return { url: response.body.url, session };
}

/** Checkout, payment on Stripe's page, and the `checkout.session.completed` webhook. */
async function subscribe(
  owner: TestOwner,
  plan: PaidPlanId = 'pro',
  input: { periodEnd?: number; status?: string } = {},
): Promise<MockSubscription> {
  const { session } = await startCheckout(owner, plan);
  const { subscription } = mock.completeCheckout(session.id, input);
  await delivered(
    checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    }),
  );
  return subscription;
}

describe('checkout with Stripe', () => {
  test("checkout creates a subscription-mode session for the plan's price, tied to the account", async () => {
    const owner = await createOwner(server, api);
    const before = mock.requests.length;
    const response = await api.post<{ url: string }>(
      '/api/subscription/checkout-session',
      { plan: 'pro' },
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body)).toEqual(['url']);
    expect(response.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const sent = mock.requests.slice(before);
    const customers = sent.filter((request) => request.method === 'POST' && request.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.body).toMatchObject({ email: owner.email, metadata: { userId: owner.id } });
    const sessions = sent.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    const session = sessions[0];
    const customer = mock.customers.get(String(session?.body.customer));
    expect(customer).toMatchObject({ email: owner.email, metadata: { userId: owner.id } });
    expect(session?.body).toEqual({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: owner.id,
      metadata: { userId: owner.id, plan: 'pro' },
      subscription_data: { metadata: { userId: owner.id } },
      line_items: [{ price: PRICES.pro, quantity: '1' }],
      success_url: `${TEST_PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/payment-canceled`,
    });
    expect(session?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(session?.idempotencyKey).toBeTruthy();
    expect((await billingRow(owner.id))?.stripe_customer_id).toBe(customer?.id);
    // Starting a checkout is not paying: the account is still free.
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test("a second checkout reuses the account's Stripe customer and uses the premium price when asked", async () => {
    const owner = await createOwner(server, api);
    const before = mock.requests.length;
    const first = await startCheckout(owner, 'premium');
    const second = await startCheckout(owner, 'pro');
    expect(second.session.id).not.toBe(first.session.id);

    const sent = mock.requests.slice(before);
    expect(sent.filter((request) => request.path === '/v1/customers')).toHaveLength(1);
    expect(first.session.customer).toMatch(/^cus_/);
    expect(second.session.customer).toBe(first.session.customer);
    expect(first.session.line_items).toEqual([{ price: PRICES.premium, quantity: '1' }]);
    expect(second.session.line_items).toEqual([{ price: PRICES.pro, quantity: '1' }]);
    expect((await billingRow(owner.id))?.stripe_customer_id).toBe(first.session.customer);
  });

  test('a checkout whose answer got lost is retried with the same idempotency key and makes one session', async () => {
    const owner = await createOwner(server, api);
    await startCheckout(owner);
    const sessionsBefore = mock.sessions.size;
    mock.failNext({ method: 'POST', path: '/v1/checkout/sessions', afterProcessing: true, retryable: true });
    const before = mock.requests.length;
    const { session } = await startCheckout(owner, 'premium');
    const attempts = mock.requests.slice(before).filter((request) => request.path === '/v1/checkout/sessions');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.idempotencyKey).toBeTruthy();
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    expect(mock.sessions.size).toBe(sessionsBefore + 1);
    expect(session.line_items).toEqual([{ price: PRICES.premium, quantity: '1' }]);
  });

  test.each([
    ['free', { plan: 'free' }],
    ['an unknown plan', { plan: 'gold' }],
    ['a missing plan', {}],
  ])('%s is refused with 400 Invalid plan before Stripe is called', async (_name, body) => {
    const owner = await createOwner(server, api);
    const before = mock.requests.length;
    const response = await api.post('/api/subscription/checkout-session', body, { token: owner.token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Invalid plan' });
    expect(mock.requests.length).toBe(before);
  });

  test('an account that already pays gets 409 and no new session', async () => {
    const owner = await createOwner(server, api);
    await subscribe(owner, 'pro');
    expect((await subscriptionOf(owner)).plan).toBe('pro');
    const before = mock.requests.length;
    const response = await api.post('/api/subscription/checkout-session', { plan: 'premium' }, { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    // Nothing was asked of Stripe: no customer, no session.
    expect(mock.requests.length).toBe(before);
  });

  test('the success page grants nothing: without a webhook the account stays free', async () => {
    const owner = await createOwner(server, api);
    const { session } = await startCheckout(owner);
    // The customer pays on Stripe's page and comes back; the webhook has not arrived.
    mock.completeCheckout(session.id);
    const page = await fetch(`${server.url}/payment-success?session_id=${session.id}`);
    expect(page.status).toBeLessThan(500);
    // Test mode's confirmation does not exist with Stripe.
    const complete = await api.post(`/api/subscription/test-checkout/${session.id}/complete`);
    expect(complete.status).toBe(404);

    expect(await subscriptionOf(owner)).toEqual(FREE);
    expect((await limitsOf(owner)).plan).toBe('free');
    expect(await billingRow(owner.id)).toMatchObject({ plan: 'free', stripe_subscription_id: null });
  });
});

describe('webhooks', () => {
  test('the lifecycle moves the account: subscribe, renew, payment failure, cancel at period end, deletion', async () => {
    const owner = await createOwner(server, api);
    const firstEnd = unixNow() + 30 * DAY_SECONDS;

    // Subscribe.
    const subscription = await subscribe(owner, 'pro', { periodEnd: firstEnd });
    await delivered(subscriptionEvent('customer.subscription.created', subscription));
    expect(await subscriptionOf(owner)).toEqual({
      plan: 'pro',
      expiresAt: iso(firstEnd),
      isActive: true,
      isToDelete: false,
    });
    expect(await limitsOf(owner)).toMatchObject({ plan: 'pro', maxWidgets: 5, maxPosts: 10 });
    for (let index = 0; index < 5; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });

    // Renew: a paid invoice with the next period.
    const secondEnd = firstEnd + 30 * DAY_SECONDS;
    mock.setSubscription({ id: subscription.id, periodEnd: secondEnd });
    await delivered(invoiceEvent('invoice.paid', { subscription: subscription.id, customer: subscription.customer }));
    expect(await subscriptionOf(owner)).toEqual({
      plan: 'pro',
      expiresAt: iso(secondEnd),
      isActive: true,
      isToDelete: false,
    });

    // Payment failure: Stripe retries (past_due); the plan stays, the owner gets one e-mail.
    mock.setSubscription({ id: subscription.id, status: 'past_due' });
    await delivered(
      invoiceEvent('invoice.payment_failed', { subscription: subscription.id, customer: subscription.customer }),
    );
    expect(await subscriptionOf(owner)).toMatchObject({ plan: 'pro', isActive: true });
    expect(await settledPaymentFailedMails(owner)).toBe(1);
    const mail = paymentFailedMails(owner)[0];
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.text).not.toContain(owner.name); // mails carry no text a user typed

    // The card works again, then the owner cancels at the end of the period.
    mock.setSubscription({ id: subscription.id, status: 'active', cancelAtPeriodEnd: true });
    await delivered(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    expect(await subscriptionOf(owner)).toEqual({
      plan: 'pro',
      expiresAt: iso(secondEnd),
      isActive: true,
      isToDelete: true,
    });

    // The period ends: Stripe deletes the subscription.
    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    await delivered(subscriptionEvent('customer.subscription.deleted', mock.subscription(subscription.id)));
    expect(await subscriptionOf(owner)).toEqual(FREE);
    expect(await limitsOf(owner)).toMatchObject({
      plan: 'free',
      maxWidgets: 1,
      widgetCount: 5,
      canCreateWidget: false,
    });
    const refused = await api.post('/api/widget', VALID_WIDGET, { token: owner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: limitReachedMessage('widgets', 1, DEFAULT_PLANS.free) });
    expect(paymentFailedMails(owner)).toHaveLength(1);
  });

  test('each Stripe status maps to an entitlement: active, trialing and past_due pay; the rest is free', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'premium');
    const cases: [string, string, SubscriptionInfo['plan']][] = [
      ['trialing', PRICES.premium, 'premium'],
      ['past_due', PRICES.premium, 'premium'],
      ['unpaid', PRICES.premium, 'free'],
      ['active', PRICES.pro, 'pro'],
      ['incomplete', PRICES.pro, 'free'],
      ['incomplete_expired', PRICES.pro, 'free'],
      ['paused', PRICES.pro, 'free'],
      ['active', 'price_of_another_product', 'free'],
      ['active', PRICES.premium, 'premium'],
      ['canceled', PRICES.premium, 'free'],
    ];
    const seen: [string, string, string][] = [];
    for (const [status, price] of cases) {
      mock.setSubscription({ id: subscription.id, status, price });
      await delivered(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
      seen.push([status, price, (await subscriptionOf(owner)).plan]);
    }
    expect(seen).toEqual(cases);
  });

  test('a bad signature, a re-serialized body, a stale timestamp and no signature are refused, changing nothing', async () => {
    const owner = await createOwner(server, api);
    const { session } = await startCheckout(owner);
    const { subscription } = mock.completeCheckout(session.id);
    const event = checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    });
    const payload = JSON.stringify(event);
    const rowBefore = await billingRow(owner.id);
    const eventsBefore = await eventRows();
    const fetchesBefore = mock.requestsTo('GET', `/v1/subscriptions/${subscription.id}`).length;

    const attempts = [
      await deliver(event, { signature: 'dodgy' }),
      // Signed bytes, but the body re-serialized with other whitespace (a JSON parser in front would do that).
      await deliver(event, { signature: signPayload(payload, WEBHOOK_SECRET), body: JSON.stringify(event, null, 2) }),
      await deliver(event, { timestamp: unixNow() - 600 }),
      await deliver(event, { signature: null }),
      // Signed with another secret.
      await deliver(event, { signature: signPayload(payload, 'whsec_someone_else') }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(JSON.parse(attempt.text)).toEqual({ message: BAD_SIGNATURE });
    }
    expect(await billingRow(owner.id)).toEqual(rowBefore);
    expect(await eventRows()).toBe(eventsBefore);
    expect(mock.requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(fetchesBefore);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    // The same event, properly signed a minute ago, is within the 300 s tolerance.
    expect((await deliver(event, { timestamp: unixNow() - 60 })).status).toBe(200);
    expect((await subscriptionOf(owner)).plan).toBe('pro');
  });

  test('an unknown event type, validly signed, is answered 200 and changes nothing', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner);
    const rowBefore = await billingRow(owner.id);
    const requestsBefore = mock.requests.length;
    const response = await deliver(
      stripeEvent('customer.tax_id.created', {
        id: 'txi_123',
        object: 'tax_id',
        customer: subscription.customer,
        value: 'DE123456789',
      }),
    );
    expect(response.status).toBe(200);
    expect(await billingRow(owner.id)).toEqual(rowBefore);
    expect(mock.requests.length).toBe(requestsBefore);
    expect((await subscriptionOf(owner)).plan).toBe('pro');
  });

  test('the same event delivered five times at once has one effect', async () => {
    const owner = await createOwner(server, api);
    const { session } = await startCheckout(owner);
    const { subscription } = mock.completeCheckout(session.id);
    const completed = checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    expect(statuses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await eventRows(completed.id)).toBe(1);
    expect(await appliedLogLines(completed.id)).toBe(1);
    expect((await subscriptionOf(owner)).plan).toBe('pro');

    mock.setSubscription({ id: subscription.id, status: 'past_due' });
    const failed = invoiceEvent('invoice.payment_failed', {
      subscription: subscription.id,
      customer: subscription.customer,
    });
    const failures = await Promise.all(Array.from({ length: 5 }, () => deliver(failed)));
    expect(failures.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    // And five more times one after the other, as Stripe's retries would come.
    for (let index = 0; index < 5; index += 1) await delivered(failed);
    expect(await eventRows(failed.id)).toBe(1);
    expect(await appliedLogLines(failed.id)).toBe(1);
    expect(await settledPaymentFailedMails(owner)).toBe(1);
  });

  test('a failure while applying an event answers non-2xx, and the redelivery is applied once', async () => {
    const owner = await createOwner(server, api);
    const { session } = await startCheckout(owner);
    const { subscription } = mock.completeCheckout(session.id);
    const event = checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    });
    const before = await billingRow(owner.id);

    mock.failNext({ method: 'GET', path: `/v1/subscriptions/${subscription.id}`, status: 500 });
    const failed = await deliver(event);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(failed.text)).toEqual({ message: expect.any(String) });
    expect(await eventRows(event.id)).toBe(0);
    expect(await billingRow(owner.id)).toEqual(before);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    // Stripe redelivers later, twice.
    await delivered(event);
    await delivered(event);
    expect(await eventRows(event.id)).toBe(1);
    expect(await appliedLogLines(event.id)).toBe(1);
    expect((await subscriptionOf(owner)).plan).toBe('pro');
  });

  test('a 2 MB body is refused with 413 and changes nothing', async () => {
    const owner = await createOwner(server, api);
    const { session } = await startCheckout(owner);
    const { subscription } = mock.completeCheckout(session.id);
    const event = checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    });
    Object.assign(event.data.object, { padding: 'x'.repeat(2 * 1024 * 1024) });
    const before = await billingRow(owner.id);
    const response = await deliver(event);
    expect(response.status).toBe(413);
    expect(await eventRows(event.id)).toBe(0);
    expect(await billingRow(owner.id)).toEqual(before);
  });

  test('an event about an old, cancelled subscription does not undo the current one', async () => {
    const owner = await createOwner(server, api);
    const old = await subscribe(owner, 'pro');
    const oldDeleted = subscriptionEvent(
      'customer.subscription.deleted',
      mock.setSubscription({ id: old.id, status: 'canceled' }),
    );
    await delivered(oldDeleted);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    // The owner subscribes again, to premium: a new subscription on the same customer.
    const current = await subscribe(owner, 'premium');
    expect(current.customer).toBe(old.customer);
    expect((await subscriptionOf(owner)).plan).toBe('premium');

    // A late event about the old subscription (Stripe retries for days, in any order).
    await delivered(subscriptionEvent('customer.subscription.updated', mock.subscription(old.id)));
    await delivered(invoiceEvent('invoice.payment_failed', { subscription: old.id, customer: old.customer }));
    expect(await subscriptionOf(owner)).toMatchObject({ plan: 'premium', isActive: true });
    expect((await billingRow(owner.id))?.stripe_subscription_id).toBe(current.id);
  });
});

/** A small seeded PRNG, so a failing order can be reproduced. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

type Lifecycle = (owner: TestOwner) => Promise<{ events: StripeEvent[]; expected: SubscriptionInfo }>;

/** Walks a subscription through Stripe's states, keeping each event as Stripe generated it. */
const LIFECYCLES: Record<string, Lifecycle> = {
  'subscribed, renewed, failed a payment, cancelled, deleted': async (owner) => {
    const { session } = await startCheckout(owner);
    const start = unixNow() + 30 * DAY_SECONDS;
    const { subscription } = mock.completeCheckout(session.id, { periodEnd: start });
    const ids = { subscription: subscription.id, customer: subscription.customer };
    const events = [
      checkoutCompletedEvent({ sessionId: session.id, userId: owner.id, ...ids }),
      subscriptionEvent('customer.subscription.created', subscription),
    ];
    mock.setSubscription({ id: subscription.id, periodEnd: start + 30 * DAY_SECONDS });
    events.push(invoiceEvent('invoice.paid', ids));
    mock.setSubscription({ id: subscription.id, status: 'past_due' });
    events.push(invoiceEvent('invoice.payment_failed', ids));
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    mock.setSubscription({ id: subscription.id, status: 'active', cancelAtPeriodEnd: true });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    events.push(subscriptionEvent('customer.subscription.deleted', mock.subscription(subscription.id)));
    return { events, expected: FREE };
  },
  'subscribed to pro, cancelled, then moved to premium and renewed': async (owner) => {
    const { session } = await startCheckout(owner);
    const start = unixNow() + 30 * DAY_SECONDS;
    const { subscription } = mock.completeCheckout(session.id, { periodEnd: start });
    const ids = { subscription: subscription.id, customer: subscription.customer };
    const events = [
      checkoutCompletedEvent({ sessionId: session.id, userId: owner.id, ...ids }),
      subscriptionEvent('customer.subscription.created', subscription),
      invoiceEvent('invoice.paid', ids),
    ];
    mock.setSubscription({ id: subscription.id, cancelAtPeriodEnd: true });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    mock.setSubscription({ id: subscription.id, cancelAtPeriodEnd: false, price: PRICES.premium });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    const end = start + 30 * DAY_SECONDS;
    mock.setSubscription({ id: subscription.id, periodEnd: end });
    events.push(invoiceEvent('invoice.paid', ids));
    return { events, expected: { plan: 'premium', expiresAt: iso(end), isActive: true, isToDelete: false } };
  },
  'subscribed to premium and cancelled at the end of the period': async (owner) => {
    const { session } = await startCheckout(owner, 'premium');
    const end = unixNow() + 30 * DAY_SECONDS;
    const { subscription } = mock.completeCheckout(session.id, { periodEnd: end });
    const ids = { subscription: subscription.id, customer: subscription.customer };
    const events = [
      checkoutCompletedEvent({ sessionId: session.id, userId: owner.id, ...ids }),
      subscriptionEvent('customer.subscription.created', subscription),
      invoiceEvent('invoice.paid', ids),
    ];
    mock.setSubscription({ id: subscription.id, cancelAtPeriodEnd: true });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    return { events, expected: { plan: 'premium', expiresAt: iso(end), isActive: true, isToDelete: true } };
  },
};

describe('webhooks in any order', () => {
  const random = seededRandom(20261121);
  const cases = Object.keys(LIFECYCLES).flatMap((name) =>
    Array.from({ length: 4 }, (_, round) => ({ name, round, seed: Math.floor(random() * 1e9) })),
  );

  test.each(cases)('$name, shuffled (round $round, seed $seed), ends as Stripe holds it', async ({ name, seed }) => {
    const owner = await createOwner(server, api);
    const lifecycle = LIFECYCLES[name];
    if (!lifecycle) throw new Error(name);
    const { events, expected } = await lifecycle(owner);
    for (const event of shuffled(events, seededRandom(seed))) await delivered(event);
    expect(await subscriptionOf(owner)).toEqual(expected);
    // Every event had its effect once, whatever the order.
    for (const event of events) expect(await eventRows(event.id)).toBe(1);
  });

  test('a deletion followed by an older "active" update leaves the account free', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner);
    const olderUpdate = subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id));
    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    await delivered(subscriptionEvent('customer.subscription.deleted', mock.subscription(subscription.id)));
    await delivered(olderUpdate);
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });
});

/** Deletes the account as the console does: with the current password. */
const deleteAccount = (owner: TestOwner) =>
  api.request('DELETE', `/api/user/${owner.id}`, { currentPassword: owner.password }, { token: owner.token });

describe('managing the subscription', () => {
  /** The update requests the app sent for this subscription since `from`. */
  const updatesOf = (subscription: MockSubscription, from: number) =>
    mock.requests
      .slice(from)
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`);

  test('cancel sends cancel_at_period_end=true and keeps the plan until the end date', async () => {
    const owner = await createOwner(server, api);
    const end = unixNow() + 20 * DAY_SECONDS;
    const subscription = await subscribe(owner, 'pro', { periodEnd: end });
    const from = mock.requests.length;
    const response = await api.post<SubscriptionInfo>(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ plan: 'pro', expiresAt: iso(end), isActive: true, isToDelete: true });
    const updates = updatesOf(subscription, from);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toEqual({ cancel_at_period_end: 'true' });
    expect(updates[0]?.idempotencyKey).toBeTruthy();
    // Cancelling is an update, never a DELETE (P-10).
    expect(mock.requests.slice(from).filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(mock.subscription(subscription.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await subscriptionOf(owner)).toEqual(response.body);
    expect(await billingRow(owner.id)).toMatchObject({ cancel_at_period_end: 1, plan: 'pro' });
  });

  test('reactivate sends cancel_at_period_end=false and clears isToDelete', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    expect(
      (await api.post('/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true }, { token: owner.token }))
        .status,
    ).toBe(200);
    const from = mock.requests.length;
    const response = await api.post<SubscriptionInfo>('/api/subscription/reactivate', undefined, {
      token: owner.token,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ plan: 'pro', isActive: true, isToDelete: false });
    expect(updatesOf(subscription, from).map((request) => request.body)).toEqual([{ cancel_at_period_end: 'false' }]);
    expect(mock.subscription(subscription.id).cancel_at_period_end).toBe(false);
  });

  test('cancel refuses a body other than {cancelAtPeriodEnd: true}, and an account without a subscription', async () => {
    const owner = await createOwner(server, api);
    const before = mock.requests.length;
    const wrong = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: false },
      { token: owner.token },
    );
    expect(wrong.status).toBe(400);
    const none = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: owner.token },
    );
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: NO_SUBSCRIPTION });
    expect(mock.requests.length).toBe(before);
  });

  test('changing pro to premium prorates on the existing item; changing to free cancels at the period end', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    const item = subscription.items.data[0];
    const from = mock.requests.length;
    const response = await api.post<SubscriptionInfo>(
      '/api/subscription/change',
      { plan: 'premium' },
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ plan: 'premium', isActive: true, isToDelete: false });
    expect(updatesOf(subscription, from).map((request) => request.body)).toEqual([
      {
        cancel_at_period_end: 'false',
        items: [{ id: item?.id, price: PRICES.premium }],
        proration_behavior: 'create_prorations',
      },
    ]);
    expect(mock.subscription(subscription.id).items.data[0]?.price.id).toBe(PRICES.premium);
    expect(await limitsOf(owner)).toMatchObject({ plan: 'premium', maxWidgets: null });

    const toFree = mock.requests.length;
    const down = await api.post<SubscriptionInfo>('/api/subscription/change', { plan: 'free' }, { token: owner.token });
    expect(down.status, down.text).toBe(200);
    expect(down.body).toMatchObject({ plan: 'premium', isActive: true, isToDelete: true });
    expect(updatesOf(subscription, toFree).map((request) => request.body)).toEqual([{ cancel_at_period_end: 'true' }]);

    const invalid = await api.post('/api/subscription/change', { plan: 'gold' }, { token: owner.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: 'Invalid plan' });
  });

  test('refresh re-reads the subscription from Stripe', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    const later = unixNow() + 45 * DAY_SECONDS;
    // Stripe changed it and the webhook has not come yet.
    mock.setSubscription({ id: subscription.id, periodEnd: later, price: PRICES.premium, cancelAtPeriodEnd: true });
    expect((await subscriptionOf(owner)).plan).toBe('pro');

    const from = mock.requests.length;
    const response = await api.post<SubscriptionInfo>('/api/subscription/refresh', undefined, { token: owner.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ plan: 'premium', expiresAt: iso(later), isActive: true, isToDelete: true });
    expect(mock.requestsTo('GET', `/v1/subscriptions/${subscription.id}`).length).toBeGreaterThan(0);
    expect(mock.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/subscriptions/${subscription.id}`,
    ]);
    expect(await subscriptionOf(owner)).toEqual(response.body);

    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    const ended = await api.post('/api/subscription/refresh', undefined, { token: owner.token });
    expect(ended.body).toEqual(FREE);
  });

  test('deleting the account cancels its Stripe subscription first', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    let accountExistedAtCancel: boolean | undefined;
    mock.onRequest(async (request) => {
      if (request.method === 'DELETE') accountExistedAtCancel = (await billingRow(owner.id)) !== undefined;
    });
    const from = mock.requests.length;
    const response = await deleteAccount(owner);
    expect(response.status, response.text).toBe(200);
    const deletes = mock.requests.slice(from).filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.path)).toEqual([`/v1/subscriptions/${subscription.id}`]);
    expect(accountExistedAtCancel).toBe(true);
    expect(mock.subscription(subscription.id).status).toBe('canceled');
    expect(await billingRow(owner.id)).toBeUndefined();
  });

  test('when Stripe fails to cancel, deletion answers 502 and the account stays', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    mock.failNext({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}`, status: 500 });
    const response = await deleteAccount(owner);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: SUBSCRIPTION_MESSAGES.cancelFailed });
    expect(await billingRow(owner.id)).toBeDefined();
    expect(mock.subscription(subscription.id).status).toBe('active');
    // The session still works and the plan is untouched.
    expect((await subscriptionOf(owner)).plan).toBe('pro');

    // Once Stripe answers again, the deletion goes through.
    expect((await deleteAccount(owner)).status).toBe(200);
    expect(await billingRow(owner.id)).toBeUndefined();
  });

  test('an account whose subscription Stripe already ended (its webhook missed) can still be deleted', async () => {
    const owner = await createOwner(server, api);
    const subscription = await subscribe(owner, 'pro');
    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    expect((await subscriptionOf(owner)).plan).toBe('pro');
    const response = await deleteAccount(owner);
    expect(response.status, response.text).toBe(200);
    expect(await billingRow(owner.id)).toBeUndefined();
  });

  test('a free account is deleted without calling Stripe', async () => {
    const owner = await createOwner(server, api);
    const before = mock.requests.length;
    expect((await deleteAccount(owner)).status).toBe(200);
    expect(mock.requests.length).toBe(before);
  });
});

/** Where a secret, or anything shaped like a Stripe secret key or webhook secret, shows in `text`. */
function secretsIn(text: string): string[] {
  const hits: string[] = [];
  for (const needle of [SECRET_KEY, WEBHOOK_SECRET]) {
    if (text.includes(needle)) hits.push(needle);
  }
  // `sk_` alone also matches words such as `task_queues` in a stack trace: look for key shapes.
  for (const match of text.matchAll(/(?<![A-Za-z0-9])(?:sk|rk)_(?:test|live)_|whsec_/g)) {
    hits.push(text.slice(Math.max(0, match.index - 60), match.index + 40));
  }
  return hits;
}

describe('secrets', () => {
  test('the Stripe key and the webhook secret never appear in the log or in an error body', async () => {
    // A few more failures, so the log has error lines with Stripe's errors in them.
    const owner = await createOwner(server, api);
    mock.failNext({ method: 'POST', path: '/v1/customers', status: 500 });
    const failed = await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: owner.token });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await deliver(stripeEvent('invoice.paid', {}), { signature: 'dodgy' })).toMatchObject({ status: 400 });

    const log = await fs.readFile(logFile, 'utf8');
    // The log is not empty: requests, applied events and failed requests are all in it.
    expect(log).toContain('stripe event applied');
    expect(log).toContain('request failed');
    expect(log).toContain('/api/subscription/webhook');
    expect(errorBodies.length).toBeGreaterThan(10);

    expect(secretsIn(log)).toEqual([]);
    expect(errorBodies.flatMap(secretsIn)).toEqual([]);
  });
});

describe('configuration', () => {
  test('a Stripe key without its webhook secret and prices stops the server, naming them', () => {
    const base = { DATA_DIR: os.tmpdir(), STRIPE_SECRET_KEY: 'sk_test_configuration_only' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig(base);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(message).toContain('STRIPE_PRICE_PRO');
    expect(message).toContain('STRIPE_PRICE_PREMIUM');
    expect(message).not.toContain('sk_test_configuration_only');

    const oneMissing = () => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_PRO: 'price_pro' });
    expect(oneMissing).toThrow(/STRIPE_PRICE_PREMIUM/);
    expect(oneMissing).not.toThrow(/STRIPE_PRICE_PRO\b/);

    const complete = loadConfig({
      ...base,
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(complete.stripe).toMatchObject({
      secretKey: 'sk_test_configuration_only',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });
});
