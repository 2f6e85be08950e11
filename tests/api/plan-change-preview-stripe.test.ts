/**
 * The price of a plan change with Stripe (issue 32): `POST /api/subscription/preview` asks
 * Stripe's invoice preview (`POST /v1/invoices/create_preview`) for the subscription with the
 * change applied, and reads its total, its date and its lines, prorations marked. The real app
 * and the real `stripe` SDK against the Stripe stand-in on loopback.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BILLING_UNAVAILABLE } from '../../server/modules/subscriptions/stripe-errors';
import type { PlanChangePreview, SubscriptionInfo } from '../../src/shared/api';
import type { PaidPlanId } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';
import {
  DAY_SECONDS,
  checkoutCompletedEvent,
  signPayload,
  startStripeMock,
  unixNow,
  type MockSubscription,
  type StripeMock,
} from '../helpers/stripe-mock';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;
const PRICES: Record<PaidPlanId, string> = { pro: 'price_preview_pro', premium: 'price_preview_premium' };

let mock: StripeMock;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  mock = await startStripeMock({
    secretKey: SECRET_KEY,
    prices: {
      [PRICES.pro]: { amount: 799, product: 'Tellbox Pro' },
      [PRICES.premium]: { amount: 1399, product: 'Tellbox Premium' },
    },
  });
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_PREMIUM: PRICES.premium,
      STRIPE_API_URL: mock.url,
    },
  });
  api = createApiClient(server.url);
});

afterAll(async () => {
  await server?.close();
  await mock?.close();
});

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Checkout, payment on Stripe's page and its webhook: the account pays for `plan`. */
async function subscribe(owner: TestOwner, plan: PaidPlanId, periodEnd: number): Promise<MockSubscription> {
  const started = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: owner.token },
  );
  expect(started.status, started.text).toBe(200);
  const session = [...mock.sessions.values()].find((candidate) => candidate.url === started.body.url);
  if (!session) throw new Error('no checkout session in the mock');
  const { subscription } = mock.completeCheckout(session.id, { periodEnd });
  const payload = JSON.stringify(
    checkoutCompletedEvent({
      sessionId: session.id,
      userId: owner.id,
      customer: subscription.customer,
      subscription: subscription.id,
    }),
  );
  const delivered = await fetch(`${server.url}/api/subscription/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  expect(delivered.status).toBe(200);
  return subscription;
}

const preview = (owner: TestOwner, plan: string) =>
  api.post<PlanChangePreview>('/api/subscription/preview', { plan }, { token: owner.token });

describe('with Stripe', () => {
  test("an upgrade is Stripe's invoice preview with the new Price, prorated from now, and changes nothing", async () => {
    const owner = await createOwner(server, api);
    // A 30-day period with 20 days left.
    const periodEnd = unixNow() + 20 * DAY_SECONDS;
    const subscription = await subscribe(owner, 'pro', periodEnd);
    const item = subscription.items.data[0];
    const before = mock.requests.length;

    const response = await preview(owner, 'premium');
    expect(response.status, response.text).toBe(200);

    const asked = mock.requests.slice(before).filter((request) => request.path === '/v1/invoices/create_preview');
    expect(asked).toHaveLength(1);
    const details = asked[0]?.body.subscription_details as Record<string, unknown>;
    expect(asked[0]?.body.subscription).toBe(subscription.id);
    expect(details).toMatchObject({
      cancel_at_period_end: 'false',
      items: [{ id: item?.id, price: PRICES.premium }],
      proration_behavior: 'create_prorations',
    });
    const prorationDate = Number(details.proration_date);
    expect(Math.abs(prorationDate - unixNow())).toBeLessThan(60);

    const body = response.body;
    expect(body).toMatchObject({ plan: 'premium', currency: 'USD', testMode: false, chargedAt: iso(periodEnd + 3600) });
    expect(body.lines.map((line) => [line.plan, line.proration, Math.sign(line.amount)])).toEqual([
      ['pro', true, -1],
      ['premium', true, 1],
      ['premium', false, 1],
    ]);
    expect(body.lines[0]?.description).toMatch(/^Unused time on Tellbox Pro after /);
    expect(body.lines[2]?.amount).toBe(1399);
    // About two thirds of each price is prorated.
    expect(body.lines[0]?.amount).toBeCloseTo(-533, -1);
    expect(body.lines[1]?.amount).toBeCloseTo(933, -1);
    expect(body.amountDue).toBe(body.lines.reduce((sum, line) => sum + line.amount, 0));

    // Nothing changed: no update was sent, and the subscription still pays for Pro.
    expect(mock.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).length).toBe(0);
    expect(mock.subscription(subscription.id).items.data[0]?.price.id).toBe(PRICES.pro);
    const status = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
    expect(status.body.plan).toBe('pro');
  });

  test('after cancelling, the same plan previews its reactivation: the next renewal, nothing prorated', async () => {
    const owner = await createOwner(server, api);
    const periodEnd = unixNow() + 12 * DAY_SECONDS;
    const subscription = await subscribe(owner, 'premium', periodEnd);
    const cancelled = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: owner.token },
    );
    expect(cancelled.status, cancelled.text).toBe(200);

    const response = await preview(owner, 'premium');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ plan: 'premium', amountDue: 1399, chargedAt: iso(periodEnd + 3600) });
    expect(response.body.lines.map((line) => line.proration)).toEqual([false]);
    // Still cancelled: only Reactivate un-cancels.
    expect(mock.subscription(subscription.id).cancel_at_period_end).toBe(true);
  });

  test("Stripe's failure is a 502 with the billing message, not a 500", async () => {
    const owner = await createOwner(server, api);
    await subscribe(owner, 'pro', unixNow() + 20 * DAY_SECONDS);
    mock.failNext({ method: 'POST', path: '/v1/invoices/create_preview', status: 500 });
    const response = await preview(owner, 'premium');
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: BILLING_UNAVAILABLE });
  });
});
