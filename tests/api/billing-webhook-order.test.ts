/**
 * Webhook deliveries that overlap still leave the account as Stripe holds it last. Each delivery
 * re-reads the subscription from Stripe; a slow one that read an older state must not write it
 * over the newer state a later delivery (or the owner's refresh) has written meanwhile. Stripe's
 * answers are held back in the stand-in to make the overlap happen on purpose.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SubscriptionInfo } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';
import {
  checkoutCompletedEvent,
  invoiceEvent,
  signPayload,
  startStripeMock,
  subscriptionEvent,
  type MockSubscription,
  type StripeEvent,
  type StripeMock,
} from '../helpers/stripe-mock';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;
const PRICES = { pro: 'price_pro_monthly', premium: 'price_premium_monthly' };
const FREE: SubscriptionInfo = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };

let mock: StripeMock;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  mock = await startStripeMock({ secretKey: SECRET_KEY });
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

async function deliver(event: StripeEvent) {
  const payload = JSON.stringify(event);
  const response = await fetch(`${server.url}/api/subscription/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  return { status: response.status, text: await response.text() };
}

async function subscriptionOf(owner: TestOwner): Promise<SubscriptionInfo> {
  const response = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Checkout, payment on Stripe's page and its webhook: the owner pays for pro. */
async function subscribedOwner(): Promise<{ owner: TestOwner; subscription: MockSubscription }> {
  const owner = await createOwner(server, api);
  const checkout = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan: 'pro' },
    { token: owner.token },
  );
  expect(checkout.status, checkout.text).toBe(200);
  const session = [...mock.sessions.values()].find((candidate) => candidate.url === checkout.body.url);
  if (!session) throw new Error('no checkout session');
  const { subscription } = mock.completeCheckout(session.id);
  const completed = checkoutCompletedEvent({
    sessionId: session.id,
    userId: owner.id,
    customer: subscription.customer,
    subscription: subscription.id,
  });
  expect((await deliver(completed)).status).toBe(200);
  expect((await subscriptionOf(owner)).plan).toBe('pro');
  return { owner, subscription };
}

describe('overlapping webhook deliveries', () => {
  test('a slow delivery that read "active" before the deletion does not bring the plan back', async () => {
    const { owner, subscription } = await subscribedOwner();
    const update = subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id));
    // The update's re-read reaches Stripe while the subscription is still active; its answer is slow.
    const held = mock.holdNext({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` });
    const slow = deliver(update);
    await held.arrived;

    mock.setSubscription({ id: subscription.id, status: 'canceled' });
    const deleted = await deliver(
      subscriptionEvent('customer.subscription.deleted', mock.subscription(subscription.id)),
    );
    expect(deleted.status, deleted.text).toBe(200);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    held.release();
    expect((await slow).status).toBe(200);
    expect(await subscriptionOf(owner)).toEqual(FREE);
    const events = await server.db.selectFrom('billing_events').select('id').where('id', '=', update.id).execute();
    expect(events).toHaveLength(1);
  });

  test("an owner's refresh that read the old state does not undo a cancellation that arrived meanwhile", async () => {
    const { owner, subscription } = await subscribedOwner();
    const held = mock.holdNext({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` });
    const refresh = api.post<SubscriptionInfo>('/api/subscription/refresh', undefined, { token: owner.token });
    await held.arrived;

    mock.setSubscription({ id: subscription.id, cancelAtPeriodEnd: true });
    const cancelled = await deliver(
      subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)),
    );
    expect(cancelled.status, cancelled.text).toBe(200);

    held.release();
    const refreshed = await refresh;
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ plan: 'pro', isActive: true, isToDelete: true });
    expect(await subscriptionOf(owner)).toMatchObject({ plan: 'pro', isToDelete: true });
  });

  test("many events delivered at once, in any order, end in Stripe's last state, each applied once", async () => {
    const { owner, subscription } = await subscribedOwner();
    const ids = { subscription: subscription.id, customer: subscription.customer };
    const events: StripeEvent[] = [];
    mock.setSubscription({ id: subscription.id, status: 'past_due' });
    events.push(invoiceEvent('invoice.payment_failed', ids));
    mock.setSubscription({ id: subscription.id, status: 'active', price: PRICES.premium });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));
    events.push(invoiceEvent('invoice.paid', ids));
    mock.setSubscription({ id: subscription.id, cancelAtPeriodEnd: true });
    events.push(subscriptionEvent('customer.subscription.updated', mock.subscription(subscription.id)));

    const deliveries = [...events, ...events].reverse();
    const answers = await Promise.all(deliveries.map((event) => deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual(deliveries.map(() => 200));
    expect(await subscriptionOf(owner)).toMatchObject({ plan: 'premium', isActive: true, isToDelete: true });
    const recorded = await server.db
      .selectFrom('billing_events')
      .select('id')
      .where(
        'id',
        'in',
        events.map((event) => event.id),
      )
      .execute();
    expect(recorded).toHaveLength(events.length);
  });
});
