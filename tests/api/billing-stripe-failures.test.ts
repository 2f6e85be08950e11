/**
 * When Stripe fails, the failure is ours to report: the owner gets a 502 with a generic message
 * (never Stripe's 401, which would read as their own session ending, and never a 500 or a hang),
 * and the log gets Stripe's error type, code, status and request id, never the key. The real app
 * and the real `stripe` SDK, against the Stripe stand-in on loopback.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { createLogger } from '../../server/lib/logger';
import { createBillingRepo } from '../../server/modules/plans/plans.service';
import { createStripeBilling, createStripeClient } from '../../server/modules/subscriptions/stripe-billing';
import { BILLING_UNAVAILABLE, createStripeCall } from '../../server/modules/subscriptions/stripe-errors';
import { SUBSCRIPTION_MESSAGES } from '../../server/modules/subscriptions/subscriptions.service';
import type { PaidPlanId } from '../../src/shared/schemas';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';
import {
  signPayload,
  startStripeMock,
  subscriptionEvent,
  unixNow,
  type MockSubscription,
  type StripeMock,
} from '../helpers/stripe-mock';

const KEY = `sk_test_${randomBytes(12).toString('hex')}`;
/** A key Stripe does not know (revoked, or from another account). */
const REFUSED_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;
const PRICES: Record<PaidPlanId, string> = { pro: 'price_pro_monthly', premium: 'price_premium_monthly' };
const GENERIC_502 = { message: BILLING_UNAVAILABLE };

interface StripeLogLine {
  msg: string;
  operation?: string;
  stripe?: { type?: string; stripeType?: string; code?: string; status?: number; requestId?: string };
}

interface BillingServer {
  server: TestServer;
  api: ApiClient;
  logFile: string;
}

let mock: StripeMock;
let logDir: string;
const servers: TestServer[] = [];
/** Every answer the app gave in this file, for the secrets check. */
const answers: string[] = [];

beforeAll(async () => {
  mock = await startStripeMock({ secretKey: KEY });
  logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-stripe-failures-'));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await mock?.close();
  if (logDir) await fs.rm(logDir, { recursive: true, force: true });
});

async function startBillingServer(name: string, options: { key: string; apiUrl: string }): Promise<BillingServer> {
  const logFile = path.join(logDir, `${name}.log`);
  const server = await startTestServer({
    logLevel: 'info',
    logFile,
    env: {
      STRIPE_SECRET_KEY: options.key,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_PREMIUM: PRICES.premium,
      STRIPE_API_URL: options.apiUrl,
    },
  });
  servers.push(server);
  return { server, api: createApiClient(server.url), logFile };
}

function kept<T>(response: ApiResponse<T>): ApiResponse<T> {
  answers.push(response.text);
  return response;
}

/** An owner paying for pro through a Stripe subscription, as the webhook would have stored it. */
async function payingOwner(target: BillingServer): Promise<{ owner: TestOwner; subscription: MockSubscription }> {
  const owner = await createOwner(target.server, target.api);
  const subscription = mock.setSubscription({
    price: PRICES.pro,
    metadata: { userId: owner.id },
    periodEnd: unixNow() + 20 * 24 * 60 * 60,
  });
  await target.server.db
    .updateTable('workspaces')
    .set({
      plan: 'pro',
      plan_expires_at: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
      subscription_status: 'active',
      stripe_customer_id: subscription.customer,
      stripe_subscription_id: subscription.id,
    })
    .where('id', '=', owner.id)
    .execute();
  return { owner, subscription };
}

/** Each owner action that calls Stripe for a paying account, by name. */
function ownerActions(api: ApiClient, owner: TestOwner) {
  const post = (urlPath: string, body?: unknown) => api.post(urlPath, body, { token: owner.token });
  return {
    cancel: () => post('/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true }),
    reactivate: () => post('/api/subscription/reactivate'),
    change: () => post('/api/subscription/change', { plan: 'premium' }),
    refresh: () => post('/api/subscription/refresh'),
  };
}

const deleteAccount = (api: ApiClient, owner: TestOwner) =>
  api.request('DELETE', `/api/user/${owner.id}`, { currentPassword: owner.password }, { token: owner.token });

/** A signed delivery of `customer.subscription.updated`: the webhook re-reads the subscription. */
async function deliverUpdate(target: BillingServer, subscription: MockSubscription) {
  const payload = JSON.stringify(subscriptionEvent('customer.subscription.updated', subscription));
  const response = await fetch(`${target.server.url}/api/subscription/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as unknown };
}

async function stripeLogLines(logFile: string): Promise<StripeLogLine[]> {
  const lines = (await fs.readFile(logFile, 'utf8')).split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line) as StripeLogLine).filter((line) => line.msg === 'stripe request failed');
}

/** Anything shaped like a Stripe secret key, masked or not. */
const KEY_SHAPES = /(?<![A-Za-z0-9])(?:sk|rk)_(?:test|live)_/;

/**
 * A port nothing listens on, for a Stripe that refuses connections. Port 1 (tcpmux) is privileged
 * and served by nothing on a test machine: a port freed by a probe could be taken by another test
 * file's server before the call, which then answered it instead of refusing.
 */
const REFUSING_PORT = 1;

/** A service that is not Stripe on Stripe's address: a 404 in JSON, as another API gives. */
/** A service on Stripe's address that answers every request with `answer` (a 404 in JSON unless told). */
async function startNotStripe(
  answer: (path: string) => { status: number; body: unknown } = () => ({
    status: 404,
    body: { message: 'Not found.' },
  }),
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const { status, body } = answer(request.url ?? '');
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('Stripe refuses the server key', () => {
  let target: BillingServer;
  beforeAll(async () => {
    target = await startBillingServer('refused-key', { key: REFUSED_KEY, apiUrl: mock.url });
  });

  test('every call to Stripe answers 502 with a generic message, and the owner stays logged in', async () => {
    const { api } = target;
    const free = await createOwner(target.server, api);
    const checkout = kept(await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: free.token }));
    expect(checkout.status).toBe(502);
    expect(checkout.body).toEqual(GENERIC_502);

    const { owner, subscription } = await payingOwner(target);
    for (const [name, action] of Object.entries(ownerActions(api, owner))) {
      const response = kept(await action());
      expect(response.status, name).toBe(502);
      expect(response.body, name).toEqual(GENERIC_502);
    }
    const deletion = kept(await deleteAccount(api, owner));
    expect(deletion.status).toBe(502);
    expect(deletion.body).toEqual({ message: SUBSCRIPTION_MESSAGES.cancelFailed });

    // Stripe retries a delivery that was not answered 2xx; nothing was recorded meanwhile.
    const webhook = await deliverUpdate(target, subscription);
    expect(webhook).toEqual({ status: 502, body: GENERIC_502 });
    expect(await target.server.db.selectFrom('billing_events').select('id').execute()).toEqual([]);

    // Stripe's 401 was not the owner's: both sessions still work, and nothing changed.
    for (const who of [free, owner]) {
      const status = kept(await api.get('/api/user/subscription', { token: who.token }));
      expect(status.status).toBe(200);
    }
    expect((await api.get('/api/user/subscription', { token: owner.token })).body).toMatchObject({ plan: 'pro' });
  });

  test("the log has Stripe's error type, status and request id for each failed call, and no key", async () => {
    const lines = await stripeLogLines(target.logFile);
    expect(lines.map((line) => line.operation).sort()).toEqual(
      [
        'cancel subscription',
        'create customer',
        'read subscription',
        'read subscription',
        'read subscription',
        'read subscription',
        'read subscription for a webhook',
      ].sort(),
    );
    for (const line of lines) {
      expect(line.stripe).toMatchObject({
        type: 'StripeAuthenticationError',
        stripeType: 'authentication_error',
        status: 401,
        requestId: expect.stringMatching(/^req_/),
      });
    }
    const log = await fs.readFile(target.logFile, 'utf8');
    expect(log).not.toContain(REFUSED_KEY);
    expect(log).not.toContain(REFUSED_KEY.slice(-4) + '"');
    expect(log).not.toMatch(KEY_SHAPES);
    expect(answers.filter((text) => KEY_SHAPES.test(text))).toEqual([]);
  });
});

describe('Stripe is down', () => {
  test('a 5xx from Stripe, after the retries, is a 502 for every call path; the next call works again', async () => {
    const target = await startBillingServer('stripe-5xx', { key: KEY, apiUrl: mock.url });
    const { api } = target;
    const free = await createOwner(target.server, api);
    mock.failNext({ method: 'POST', path: '/v1/checkout/sessions', status: 500, retryable: true, times: 3 });
    const before = mock.requestsTo('POST', '/v1/checkout/sessions').length;
    const checkout = kept(await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: free.token }));
    expect(checkout.status).toBe(502);
    expect(checkout.body).toEqual(GENERIC_502);
    expect(mock.requestsTo('POST', '/v1/checkout/sessions').length - before).toBe(3);
    const retried = kept(await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: free.token }));
    expect(retried.status, retried.text).toBe(200);

    const { owner, subscription } = await payingOwner(target);
    const subscriptionPath = `/v1/subscriptions/${subscription.id}`;
    for (const [name, action] of Object.entries(ownerActions(api, owner))) {
      mock.failNext({ method: 'GET', path: subscriptionPath, status: 503 });
      const response = kept(await action());
      expect(response.status, name).toBe(502);
      expect(response.body, name).toEqual(GENERIC_502);
    }
    mock.failNext({ method: 'GET', path: subscriptionPath, status: 500 });
    expect(await deliverUpdate(target, subscription)).toEqual({ status: 502, body: GENERIC_502 });

    const lines = await stripeLogLines(target.logFile);
    expect(lines.map((line) => line.stripe?.status)).toEqual([500, 503, 503, 503, 503, 500]);
    expect(lines.every((line) => line.stripe?.stripeType === 'api_error')).toBe(true);
  });

  test('a Stripe that refuses connections is a 502 within seconds', async () => {
    const target = await startBillingServer('stripe-unreachable', {
      key: KEY,
      apiUrl: `http://127.0.0.1:${REFUSING_PORT}`,
    });
    const { api } = target;
    const started = Date.now();
    const free = await createOwner(target.server, api);
    const checkout = kept(await api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: free.token }));
    expect(checkout.status).toBe(502);
    expect(checkout.body).toEqual(GENERIC_502);

    const { owner, subscription } = await payingOwner(target);
    const refresh = kept(await ownerActions(api, owner).refresh());
    expect(refresh.status).toBe(502);
    expect(await deliverUpdate(target, subscription)).toEqual({ status: 502, body: GENERIC_502 });
    expect(Date.now() - started).toBeLessThan(20_000);

    const lines = await stripeLogLines(target.logFile);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.stripe?.type === 'StripeConnectionError')).toBe(true);
  }, 30_000);

  /** A checkout against `service` on Stripe's address: a 502 with the generic message, and `logged` in the log. */
  async function checkoutIsLogged502(
    name: string,
    service: Awaited<ReturnType<typeof startNotStripe>>,
    logged: string,
  ) {
    try {
      const target = await startBillingServer(name, { key: KEY, apiUrl: service.url });
      const free = await createOwner(target.server, target.api);
      const checkout = kept(
        await target.api.post('/api/subscription/checkout-session', { plan: 'pro' }, { token: free.token }),
      );
      expect(checkout.status, checkout.text).toBe(502);
      expect(checkout.body).toEqual(GENERIC_502);
      const lines = (await fs.readFile(target.logFile, 'utf8')).split('\n').filter(Boolean);
      expect(lines.map((line) => (JSON.parse(line) as StripeLogLine).msg)).toContain(logged);
    } finally {
      await service.close();
    }
  }

  test('a service that is not Stripe on its address (a 404 in JSON) is a 502, not a customer without an id', async () => {
    await checkoutIsLogged502(
      'not-stripe',
      await startNotStripe(),
      'stripe answered with something that is not a Stripe object',
    );
  });

  test('a checkout session that comes back without its URL is a logged 502, not a 500', async () => {
    const noUrl = await startNotStripe((path) =>
      path.startsWith('/v1/customers')
        ? { status: 200, body: { id: 'cus_nourl', object: 'customer' } }
        : { status: 200, body: { id: 'cs_test_nourl', object: 'checkout.session', url: null } },
    );
    await checkoutIsLogged502('checkout-without-url', noUrl, 'stripe returned a checkout session without a URL');
  });

  test('a Stripe that never answers is a 502 once the request timeout runs out, not a hang', async () => {
    const target = servers[0] as TestServer;
    const owner = await createOwner(target, createApiClient(target.url));
    const logFile = path.join(logDir, 'timeout.log');
    const billing = createBillingRepo(target.db);
    const logger = createLogger('info', logFile);
    const provider = createStripeBilling({
      stripe: createStripeClient({ secretKey: KEY, prices: PRICES, apiUrl: mock.url, timeoutMs: 300 }),
      settings: { secretKey: KEY, prices: PRICES },
      billing,
      publicUrl: target.url,
      callStripe: createStripeCall(logger),
      logger,
    });
    const held = mock.holdNext({ method: 'POST', path: '/v1/customers', times: Infinity });
    const account = await billing.account(owner.id);
    if (!account) throw new Error('no account');

    const started = Date.now();
    const failure = await provider.createCheckout(account, 'pro').catch((error: unknown) => error);
    held.release();
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 502, message: BILLING_UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(10_000);
    const [line] = await stripeLogLines(logFile);
    expect(line).toMatchObject({ operation: 'create customer', stripe: { type: 'StripeConnectionError' } });
  }, 20_000);
});
