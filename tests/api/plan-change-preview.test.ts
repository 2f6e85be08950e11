/**
 * The price of a plan change before it is made (`POST /api/subscription/preview`, issue 32): in
 * test mode the server works it out itself, prorated by the days left in the period, the way
 * Stripe's invoice preview reports it; nothing changes until the owner confirms the change. Real
 * app, real SQLite, the server clock moved to a known day of the period.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alreadyOnPlanMessage } from '../../server/modules/subscriptions/subscriptions.service';
import { NO_SUBSCRIPTION } from '../../server/modules/subscriptions/test-mode-billing';
import type { PlanChangePreview, SubscriptionInfo } from '../../src/shared/api';
import type { PaidPlanId } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2030-04-01T09:00:00.000Z');

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ clockStart: START });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Checkout and Confirm in test mode, at the server's current time. */
async function subscribe(owner: TestOwner, plan: PaidPlanId) {
  const started = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: owner.token },
  );
  expect(started.status, started.text).toBe(200);
  const sessionId = new URL(started.body.url).pathname.split('/').pop() ?? '';
  const confirmed = await api.post(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
    headers: { Accept: 'application/json' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

const preview = (owner: TestOwner, body: unknown) =>
  api.post<PlanChangePreview>('/api/subscription/preview', body, { token: owner.token });

async function subscriptionOf(owner: TestOwner): Promise<SubscriptionInfo> {
  const response = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

describe('in test mode', () => {
  test('an upgrade ten days into a 30-day period credits the unused Pro days and charges the Premium ones, with the next invoice', async () => {
    server.clock.freeze(START);
    const owner = await createOwner(server, api);
    await subscribe(owner, 'pro'); // 1 April to 1 May: 30 days
    server.clock.freeze(new Date(START.getTime() + 10 * DAY_MS));
    const before = await subscriptionOf(owner);

    const response = await preview(owner, { plan: 'premium' });
    expect(response.status, response.text).toBe(200);
    const now = new Date(START.getTime() + 10 * DAY_MS).toISOString();
    const periodEnd = '2030-05-01T09:00:00.000Z';
    expect(response.body).toEqual({
      plan: 'premium',
      currency: 'USD',
      // 20 of 30 days: -533 for Pro's 799, +933 for Premium's 1399, then a month of Premium.
      amountDue: -533 + 933 + 1399,
      chargedAt: periodEnd,
      effectiveAt: now,
      lines: [
        { plan: 'pro', description: 'Unused time on Pro', amount: -533, proration: true, periodStart: now, periodEnd },
        {
          plan: 'premium',
          description: 'Remaining time on Premium',
          amount: 933,
          proration: true,
          periodStart: now,
          periodEnd,
        },
        {
          plan: 'premium',
          description: 'Premium',
          amount: 1399,
          proration: false,
          periodStart: periodEnd,
          periodEnd: '2030-06-01T09:00:00.000Z',
        },
      ],
      testMode: true,
    });
    // A preview changes nothing: the plan is still Pro until the change is confirmed.
    expect(await subscriptionOf(owner)).toEqual(before);
    expect(before.plan).toBe('pro');

    const changed = await api.post<SubscriptionInfo>(
      '/api/subscription/change',
      { plan: 'premium' },
      { token: owner.token },
    );
    expect(changed.body.plan).toBe('premium');
  });

  test('a downgrade credits more than it charges; a move to Free charges nothing and waits for the period to end', async () => {
    server.clock.freeze(START);
    const owner = await createOwner(server, api);
    await subscribe(owner, 'premium');
    server.clock.freeze(new Date(START.getTime() + 15 * DAY_MS));

    const pro = await preview(owner, { plan: 'pro' });
    expect(pro.status, pro.text).toBe(200);
    const prorations = pro.body.lines.filter((line) => line.proration);
    expect(prorations.map((line) => [line.plan, line.amount])).toEqual([
      ['premium', -700], // 15 of 30 days of 1399, rounded
      ['pro', 400],
    ]);
    expect(pro.body.amountDue).toBe(-700 + 400 + 799);

    const free = await preview(owner, { plan: 'free' });
    expect(free.status, free.text).toBe(200);
    expect(free.body).toEqual({
      plan: 'free',
      currency: 'USD',
      amountDue: 0,
      chargedAt: null,
      effectiveAt: '2030-05-01T09:00:00.000Z',
      lines: [],
      testMode: true,
    });
    expect((await subscriptionOf(owner)).plan).toBe('premium');
  });

  test('after cancelling, the same plan previews its reactivation: the next full month, nothing prorated', async () => {
    server.clock.freeze(START);
    const owner = await createOwner(server, api);
    await subscribe(owner, 'premium');
    const cancelled = await api.post(
      '/api/subscription/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { token: owner.token },
    );
    expect(cancelled.status).toBe(200);

    const response = await preview(owner, { plan: 'premium' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ plan: 'premium', amountDue: 1399, chargedAt: '2030-05-01T09:00:00.000Z' });
    expect(response.body.lines.map((line) => line.proration)).toEqual([false]);
    expect((await subscriptionOf(owner)).isToDelete).toBe(true);
  });
});

describe('bad input gets a clear message, never a 500', () => {
  test.each([
    ['an unknown plan', { plan: 'gold' }, 'Invalid plan'],
    ['no plan', {}, 'Invalid plan'],
    ['a number', { plan: 2 }, 'Invalid plan'],
  ])('%s is 400', async (_name, body, message) => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const response = await preview(owner, body);
    expect(response.status).toBe(400);
    expect((response.body as unknown as { message: string }).message).toBe(message);
  });

  test('an unknown key is 400', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const response = await preview(owner, { plan: 'premium', coupon: 'FREE' });
    expect(response.status).toBe(400);
  });

  test('the plan in use is 400, naming it', async () => {
    server.clock.freeze(START);
    const owner = await createOwner(server, api);
    await subscribe(owner, 'pro');
    const response = await preview(owner, { plan: 'pro' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: alreadyOnPlanMessage('Pro') });
  });

  test('an account without a subscription is 409, as a change would be', async () => {
    const owner = await createOwner(server, api);
    const response = await preview(owner, { plan: 'pro' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: NO_SUBSCRIPTION });
  });

  test('without a token it is 401', async () => {
    const response = await api.post('/api/subscription/preview', { plan: 'pro' });
    expect(response.status).toBe(401);
  });
});
