/**
 * Billing without Stripe (issue 3, docs/plans-and-billing.md, "Billing"): the built-in test-mode
 * checkout, end to end over HTTP, and everything after it (plan, one-month period, cancel at
 * period end, expiry, limits) through the same code paths as Stripe. The server clock is moved to
 * let periods end.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../server/modules/subscriptions/subscriptions.service';
import type { FeedbackListResponse, FeedbackSummary, LimitsSummary, SubscriptionInfo } from '../../src/shared/api';
import type { PaidPlanId } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { TEST_PUBLIC_URL, startTestServer, type TestServer } from '../helpers/start-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const FREE: SubscriptionInfo = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-03-10T12:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** One calendar month later (UTC), as a monthly billing period runs. */
function oneMonthAfter(date: Date | string): string {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
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

async function feedbackSummaryOf(owner: TestOwner): Promise<FeedbackSummary> {
  const response = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function visibleFeedbackCount(owner: TestOwner): Promise<number> {
  const response = await api.get<FeedbackListResponse>('/api/feedback?limit=100', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body.feedbacks.length;
}

async function storedFeedbackCount(owner: TestOwner): Promise<number> {
  return (await server.db.selectFrom('feedback').select('id').where('workspace_id', '=', owner.id).execute()).length;
}

/** `POST /api/subscription/checkout-session`; returns the page's URL and the session id in it. */
async function startCheckout(owner: TestOwner, plan: PaidPlanId = 'pro') {
  const response = await api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(200);
  expect(Object.keys(response.body)).toEqual(['url']);
  const match = new RegExp(`^${TEST_PUBLIC_URL}/test-checkout/(cs_test_[A-Za-z0-9_-]+)$`).exec(response.body.url);
  if (!match?.[1]) throw new Error(`unexpected test checkout URL ${response.body.url}`);
  return { url: response.body.url, sessionId: match[1] };
}

/** The checkout page, fetched from the server itself (the URL's path, the server's own address). */
async function checkoutPage(url: string) {
  const response = await fetch(`${server.url}${new URL(url).pathname}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Confirm, as the page's form posts it (a browser accepts HTML). */
function confirmFromPage(sessionId: string) {
  return fetch(`${server.url}/api/subscription/test-checkout/${sessionId}/complete`, {
    method: 'POST',
    headers: { Accept: 'text/html,application/xhtml+xml', 'Content-Type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

/** Confirm from a script, which gets JSON. */
function confirmAsScript(sessionId: string) {
  return api.post<{ url: string }>(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
    headers: { Accept: 'application/json' },
  });
}

/** Checkout and Confirm: the account is on `plan` from the returned time. */
async function subscribe(owner: TestOwner, plan: PaidPlanId = 'pro') {
  const { sessionId } = await startCheckout(owner, plan);
  const confirmed = await confirmAsScript(sessionId);
  expect(confirmed.status, confirmed.text).toBe(200);
  const session = await server.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  expect(session).toMatchObject({ status: 'complete', workspace_id: owner.id, plan });
  return { sessionId, completedAt: session.completed_at ?? '' };
}

/** Sessions last 30 days (docs/security-model.md A-17): after moving the clock a month, the owner logs in again. */
async function logInAgain(owner: TestOwner) {
  const response = await api.post<{ token: string }>('/api/auth/login', {
    email: owner.email,
    password: owner.password,
  });
  expect(response.status).toBe(200);
  owner.token = response.body.token;
}

function post(owner: TestOwner, urlPath: string, body?: unknown) {
  return api.post<SubscriptionInfo>(urlPath, body, { token: owner.token });
}

describe('the test-mode checkout', () => {
  test('checkout returns the URL of Tellbox\'s own page, labelled "Test mode — no charge"', async () => {
    const owner = await createOwner(server, api);
    const { url, sessionId } = await startCheckout(owner, 'pro');
    const page = await checkoutPage(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('Test mode — no charge');
    expect(page.html).toContain('Pro plan');
    expect(page.html).toContain('$7.99');
    expect(page.html).toContain('5 widgets');
    // The price in the reader's language, as the console writes it.
    const german = await fetch(`${server.url}${new URL(url).pathname}`, {
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(await german.text()).toContain('7,99\u00a0$');
    expect(page.html).toContain(
      `<form method="post" action="/api/subscription/test-checkout/${sessionId}/complete" class="actions">`,
    );
    expect(page.html).toMatch(/<button type="submit">Confirm<\/button>/);
    expect(page.html).toMatch(/<a class="cancel" href="\/payment-canceled">Cancel<\/a>/);
    // The page is not a script host: no inline or external script.
    expect(page.html).not.toContain('<script');

    const premium = await createOwner(server, api);
    const premiumPage = await checkoutPage((await startCheckout(premium, 'premium')).url);
    expect(premiumPage.html).toContain('Premium plan');
    expect(premiumPage.html).toContain('$13.99');

    // Opening the page charges and grants nothing.
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test('Confirm redirects a browser to the success page with 303, and answers JSON to scripts', async () => {
    const browserOwner = await createOwner(server, api);
    const { sessionId } = await startCheckout(browserOwner);
    const response = await confirmFromPage(sessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/payment-success?session_id=${sessionId}`);
    expect((await subscriptionOf(browserOwner)).plan).toBe('pro');

    const scriptOwner = await createOwner(server, api);
    const script = await startCheckout(scriptOwner, 'premium');
    const json = await confirmAsScript(script.sessionId);
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ url: `${TEST_PUBLIC_URL}/payment-success?session_id=${script.sessionId}` });
    expect((await subscriptionOf(scriptOwner)).plan).toBe('premium');
  });

  test('confirming twice has one effect, and the page is gone once confirmed', async () => {
    const owner = await createOwner(server, api);
    const { url, sessionId } = await startCheckout(owner);
    expect((await confirmAsScript(sessionId)).status).toBe(200);
    const first = await subscriptionOf(owner);

    server.clock.advance(DAY_MS / 2);
    const again = await confirmAsScript(sessionId);
    expect(again.status).toBe(200);
    expect(await subscriptionOf(owner)).toEqual(first);
    const twice = await Promise.all([confirmFromPage(sessionId), confirmFromPage(sessionId)]);
    expect(twice.map((response) => response.status)).toEqual([303, 303]);
    expect(await subscriptionOf(owner)).toEqual(first);

    expect((await checkoutPage(url)).status).toBe(404);
  });

  test('an unknown session is 404, for the page and for Confirm', async () => {
    const owner = await createOwner(server, api);
    const unknown = 'cs_test_doesnotexist';
    expect((await checkoutPage(`${TEST_PUBLIC_URL}/test-checkout/${unknown}`)).status).toBe(404);
    const response = await confirmAsScript(unknown);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: SUBSCRIPTION_MESSAGES.checkoutNotFound });
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test('a session older than 24 hours can no longer be confirmed', async () => {
    const owner = await createOwner(server, api);
    const { sessionId } = await startCheckout(owner);
    server.clock.advance(DAY_MS + 60_000);
    // The page no longer offers it either.
    expect((await checkoutPage(`${TEST_PUBLIC_URL}/test-checkout/${sessionId}`)).status).toBe(404);
    const response = await confirmAsScript(sessionId);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: SUBSCRIPTION_MESSAGES.checkoutNotFound });
    expect((await confirmFromPage(sessionId)).status).toBe(404);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    // A fresh checkout works.
    await subscribe(owner);
    expect((await subscriptionOf(owner)).plan).toBe('pro');
  });

  test('asking again for the same plan while its checkout is open gives the same page; another plan gets its own', async () => {
    const owner = await createOwner(server, api);
    const sessionsOf = async () =>
      server.db.selectFrom('checkout_sessions').select(['id', 'plan']).where('workspace_id', '=', owner.id).execute();
    const first = await startCheckout(owner, 'pro');
    expect((await startCheckout(owner, 'pro')).url).toBe(first.url);
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => startCheckout(owner, 'pro')));
    expect(new Set(atOnce.map((checkout) => checkout.url))).toEqual(new Set([first.url]));
    expect(await sessionsOf()).toEqual([{ id: first.sessionId, plan: 'pro' }]);

    const premium = await startCheckout(owner, 'premium');
    expect(premium.url).not.toBe(first.url);
    expect((await startCheckout(owner, 'premium')).url).toBe(premium.url);
    expect(await sessionsOf()).toHaveLength(2);

    // Once the first page no longer works, asking again makes a new one.
    server.clock.advance(DAY_MS + 60_000);
    const later = await startCheckout(owner, 'pro');
    expect(later.url).not.toBe(first.url);
    expect((await checkoutPage(later.url)).status).toBe(200);
    expect(await sessionsOf()).toHaveLength(3);
  });

  test('an account that already pays gets 409 instead of a second checkout', async () => {
    const owner = await createOwner(server, api);
    await subscribe(owner);
    const sessionsBefore = await server.db.selectFrom('checkout_sessions').select('id').execute();
    const response = await api.post('/api/subscription/checkout-session', { plan: 'premium' }, { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    expect(await server.db.selectFrom('checkout_sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
  });
});

describe('the test-mode subscription', () => {
  test('free → pro raises the limits and reveals hidden feedback; after a cancellation the end date returns the account to free', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 55; index += 1) {
      const sent = await api.post(
        `/api/public/widget/${widget.key}/feedback`,
        validFeedback({ message: `Feedback ${index}` }),
      );
      expect(sent.status).toBe(201);
    }
    expect(await feedbackSummaryOf(owner)).toMatchObject({ plan: 'free', hiddenFeedbackCount: 5 });
    expect(await visibleFeedbackCount(owner)).toBe(50);
    expect((await api.post('/api/widget', VALID_WIDGET, { token: owner.token })).status).toBe(403);

    // Upgrade through the page.
    const { url, sessionId } = await startCheckout(owner, 'pro');
    expect((await checkoutPage(url)).html).toContain('Test mode — no charge');
    expect((await confirmFromPage(sessionId)).status).toBe(303);
    const { completed_at: completedAt } = await server.db
      .selectFrom('checkout_sessions')
      .select('completed_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const end = oneMonthAfter(completedAt ?? '');
    expect(await subscriptionOf(owner)).toEqual({ plan: 'pro', expiresAt: end, isActive: true, isToDelete: false });

    // Limits raised: five widgets in all.
    expect(await limitsOf(owner)).toMatchObject({ plan: 'pro', maxWidgets: 5, canCreateWidget: true });
    for (let index = 1; index < 5; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });
    expect((await api.post('/api/widget', VALID_WIDGET, { token: owner.token })).status).toBe(403);
    // Hidden feedback revealed.
    expect(await feedbackSummaryOf(owner)).toMatchObject({ plan: 'pro', hiddenFeedbackCount: 0 });
    expect(await visibleFeedbackCount(owner)).toBe(55);

    // Cancel: still pro until the end date, marked to delete.
    const cancelled = await post(owner, '/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ plan: 'pro', expiresAt: end, isActive: true, isToDelete: true });
    expect(await subscriptionOf(owner)).toEqual(cancelled.body);

    // Reactivate, then cancel again.
    const reactivated = await post(owner, '/api/subscription/reactivate');
    expect(reactivated.status, reactivated.text).toBe(200);
    expect(reactivated.body).toEqual({ plan: 'pro', expiresAt: end, isActive: true, isToDelete: false });
    expect((await post(owner, '/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true })).body).toEqual(
      cancelled.body,
    );

    // A day before the end: still pro.
    server.clock.set(new Date(Date.parse(end) - DAY_MS));
    await logInAgain(owner);
    expect((await subscriptionOf(owner)).plan).toBe('pro');
    expect(await visibleFeedbackCount(owner)).toBe(55);

    // The end date passes: free, with free limits; feedback beyond 50 hidden again, never deleted.
    server.clock.set(new Date(Date.parse(end) + 60_000));
    expect(await subscriptionOf(owner)).toEqual(FREE);
    expect(await limitsOf(owner)).toMatchObject({
      plan: 'free',
      maxWidgets: 1,
      widgetCount: 5,
      canCreateWidget: false,
      maxInstallationsPerWidget: 1,
    });
    expect((await api.post('/api/widget', VALID_WIDGET, { token: owner.token })).status).toBe(403);
    expect(await feedbackSummaryOf(owner)).toMatchObject({ plan: 'free', hiddenFeedbackCount: 5 });
    expect(await visibleFeedbackCount(owner)).toBe(50);
    expect(await storedFeedbackCount(owner)).toBe(55);
    // Refreshing does not bring it back, and reactivating after the end is refused.
    expect((await post(owner, '/api/subscription/refresh')).body).toEqual(FREE);
    expect((await post(owner, '/api/subscription/reactivate')).status).toBe(409);

    // The owner can subscribe again.
    await subscribe(owner, 'premium');
    expect(await subscriptionOf(owner)).toMatchObject({ plan: 'premium', isActive: true, isToDelete: false });
    expect(await visibleFeedbackCount(owner)).toBe(55);
  });

  test('a test subscription that is not cancelled renews each month', async () => {
    const owner = await createOwner(server, api);
    const { completedAt } = await subscribe(owner, 'pro');
    const end = oneMonthAfter(completedAt);
    expect((await subscriptionOf(owner)).expiresAt).toBe(end);

    server.clock.set(new Date(Date.parse(end) + DAY_MS));
    await logInAgain(owner);
    // The status shows the renewed period, not an end date in the past (with Stripe, invoice.paid moves it).
    expect(await subscriptionOf(owner)).toEqual({
      plan: 'pro',
      expiresAt: oneMonthAfter(end),
      isActive: true,
      isToDelete: false,
    });
    expect((await limitsOf(owner)).plan).toBe('pro');
    const refreshed = await post(owner, '/api/subscription/refresh');
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body).toEqual({ plan: 'pro', expiresAt: oneMonthAfter(end), isActive: true, isToDelete: false });
    expect(await subscriptionOf(owner)).toEqual(refreshed.body);

    // Cancelling now ends it at the renewed period's end.
    const cancelled = await post(owner, '/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true });
    expect(cancelled.body).toEqual({ ...refreshed.body, isToDelete: true });
    server.clock.set(new Date(Date.parse(oneMonthAfter(end)) + 60_000));
    await logInAgain(owner);
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test('changing pro to premium applies at once; changing to free cancels at the end of the period', async () => {
    const owner = await createOwner(server, api);
    const { completedAt } = await subscribe(owner, 'pro');
    const end = oneMonthAfter(completedAt);
    const changed = await post(owner, '/api/subscription/change', { plan: 'premium' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ plan: 'premium', expiresAt: end, isActive: true, isToDelete: false });
    expect(await limitsOf(owner)).toMatchObject({ plan: 'premium', maxWidgets: null, maxPosts: null });

    const back = await post(owner, '/api/subscription/change', { plan: 'pro' });
    expect(back.body).toEqual({ plan: 'pro', expiresAt: end, isActive: true, isToDelete: false });

    const toFree = await post(owner, '/api/subscription/change', { plan: 'free' });
    expect(toFree.body).toEqual({ plan: 'pro', expiresAt: end, isActive: true, isToDelete: true });
    // "Change to premium" while cancelled also undoes the cancellation.
    const upgraded = await post(owner, '/api/subscription/change', { plan: 'premium' });
    expect(upgraded.body).toEqual({ plan: 'premium', expiresAt: end, isActive: true, isToDelete: false });

    expect((await post(owner, '/api/subscription/change', { plan: 'gold' })).status).toBe(400);
    const free = await createOwner(server, api);
    expect((await post(free, '/api/subscription/change', { plan: 'premium' })).status).toBe(409);
  });

  test('an account with a test subscription can be deleted', async () => {
    const owner = await createOwner(server, api);
    await subscribe(owner, 'premium');
    // As the console deletes: with the current password.
    const response = await api.request(
      'DELETE',
      `/api/user/${owner.id}`,
      { currentPassword: owner.password },
      {
        token: owner.token,
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', owner.id).execute()).toHaveLength(0);
  });
});

describe('Stripe-only routes in test mode', () => {
  test('the webhook route answers 404', async () => {
    const response = await api.post(
      '/api/subscription/webhook',
      { id: 'evt_1', type: 'invoice.paid' },
      {
        headers: { 'Stripe-Signature': 't=1,v1=abc' },
      },
    );
    expect(response.status).toBe(404);
  });
});
