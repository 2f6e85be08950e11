/**
 * Plan changes confirm, with the price (issue 32): upgrading, downgrading, switching and
 * reactivating from Settings › Billing open one dialog with the new price, when it is charged and
 * what is prorated, as the server previews it; only its Confirm changes the plan. Money is written
 * one way everywhere, in the owner's locale; the payment-success page says what the checkout
 * started. Real server (test-mode billing), real SQLite, real Chromium.
 */
import type { Page } from '@playwright/test';
import type { TestOwner } from '../../helpers/factories';
import type { SubscriptionInfo } from '../../../src/shared/api';
import type { PaidPlanId } from '../../../src/shared/schemas';
import { acceptCookiesUpFront, type Console, expect, expectToast, test, waitForRouteDrawn } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** A test-mode subscription, started as its checkout page's Confirm starts one. */
async function subscribe(tellbox: Console, owner: TestOwner, plan: PaidPlanId) {
  const started = await tellbox.api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan },
    { token: owner.token },
  );
  expect(started.status, started.text).toBe(200);
  const sessionId = new URL(started.body.url).pathname.split('/').pop() ?? '';
  const confirmed = await tellbox.api.post(`/api/subscription/test-checkout/${sessionId}/complete`, undefined, {
    headers: { Accept: 'application/json' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

async function subscriptionOf(tellbox: Console, owner: TestOwner): Promise<SubscriptionInfo> {
  return (await tellbox.api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token })).body;
}

/** Every request that would change the plan, as the page sends them. */
function planChanges(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/subscription\/(change|reactivate|cancel-subscription)$/.test(path)) sent.push(path);
  });
  return sent;
}

const yourPlanCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Your Plan' }) });
const planButton = (page: Page, plan: string, label: string) =>
  page.getByRole('article', { name: plan }).getByRole('button', { name: label });

function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

test('Upgrade opens the dialog with the price and proration; Cancel changes nothing, only Confirm upgrades', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await subscribe(tellbox, owner, 'pro');
  const { expiresAt } = await subscriptionOf(tellbox, owner);
  const sent = planChanges(page);
  await open('/settings/billing');
  const card = yourPlanCard(page);
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();

  await planButton(page, 'Premium', 'Upgrade to Premium').click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium?' });
  // The new price heads the dialog.
  await expect(dialog.getByRole('strong')).toHaveText('$13.99');
  await expect(dialog).toContainText('Premium$13.99/month');
  const due = `Due on ${longDate(expiresAt ?? '')}`;
  const lines = dialog.getByRole('table');
  // Today's unused Pro days come back, the same days of Premium are charged, then a month of Premium.
  await expect(lines.getByRole('row', { name: /^Unused time on Pro, .* -\$\d+\.\d\d$/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Remaining time on Premium, .* \$\d+\.\d\d$/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Premium, .* \$13\.99$/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(`^${due} \\$\\d+\\.\\d\\d$`) })).toBeVisible();
  await expect(dialog).toContainText('Nothing is charged today');
  await expect(dialog).toContainText(`on ${longDate(expiresAt ?? '')}`);
  await expect(dialog.getByRole('note')).toContainText('Test mode — no card is charged');
  // Seen, not bought: the plan is Pro until Confirm.
  expect(sent).toEqual([]);
  expect((await subscriptionOf(tellbox, owner)).plan).toBe('pro');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(sent).toEqual([]);
  expect((await subscriptionOf(tellbox, owner)).plan).toBe('pro');
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();

  // Escape leaves it as it was, too.
  await planButton(page, 'Premium', 'Upgrade to Premium').click();
  await expect(dialog.getByRole('table')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(sent).toEqual([]);

  await planButton(page, 'Premium', 'Upgrade to Premium').click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Plan updated', 'Your workspace is on Premium now.');
  await expect(card.getByText('Premium', { exact: true })).toBeVisible();
  expect(sent).toEqual(['/api/subscription/change']);
  expect((await subscriptionOf(tellbox, owner)).plan).toBe('premium');
});

test('downgrading to Pro and to Free go through the same dialog', async ({ page, open, signIn, tellbox }) => {
  const owner = await signIn();
  await subscribe(tellbox, owner, 'premium');
  const { expiresAt } = await subscriptionOf(tellbox, owner);
  const sent = planChanges(page);
  await open('/settings/billing');

  await planButton(page, 'Pro', 'Change to Pro').click();
  const toPro = page.getByRole('dialog', { name: 'Change to Pro?' });
  await expect(toPro.getByRole('strong')).toHaveText('$7.99');
  await expect(toPro.getByRole('row', { name: /^Unused time on Premium, .* -\$\d+\.\d\d$/ })).toBeVisible();
  await expect(toPro.getByRole('row', { name: /^Pro, .* \$7\.99$/ })).toBeVisible();
  expect(sent).toEqual([]);
  await toPro.getByRole('button', { name: 'Confirm' }).click();
  await expect(yourPlanCard(page).getByText('Pro', { exact: true })).toBeVisible();
  expect((await subscriptionOf(tellbox, owner)).plan).toBe('pro');

  await planButton(page, 'Free', 'Change to Free').click();
  const toFree = page.getByRole('dialog', { name: 'Change to Free?' });
  await expect(toFree).toContainText(`Your Pro plan stays usable until ${longDate(expiresAt ?? '')}.`);
  await expect(toFree).toContainText('Nothing more is charged.');
  await expect(toFree.getByRole('table')).toHaveCount(0);
  expect(sent).toEqual(['/api/subscription/change']);
  await toFree.getByRole('button', { name: 'Confirm' }).click();
  await expect(yourPlanCard(page).getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await subscriptionOf(tellbox, owner)).toMatchObject({ plan: 'pro', isToDelete: true });
});

test('after cancelling Premium the offer names Premium; switching to Pro goes through the dialog', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await subscribe(tellbox, owner, 'premium');
  await tellbox.api.post('/api/subscription/cancel-subscription', { cancelAtPeriodEnd: true }, { token: owner.token });
  const sent = planChanges(page);
  await open('/settings/billing');
  const card = yourPlanCard(page);
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Changed your mind? Reactivate Premium in Available Plans below')).toBeVisible();
  await expect(planButton(page, 'Premium', 'Reactivate Premium')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Reactivate Pro' })).toHaveCount(0);
  await expect(planButton(page, 'Pro', 'Switch to Pro')).toBeEnabled();

  await planButton(page, 'Pro', 'Switch to Pro').click();
  const toPro = page.getByRole('dialog', { name: 'Switch to Pro?' });
  await expect(toPro.getByRole('row', { name: /^Pro, .* \$7\.99$/ })).toBeVisible();
  await toPro.getByRole('button', { name: 'Cancel' }).click();
  await expect(toPro).toHaveCount(0);
  expect(sent).toEqual([]);

  await planButton(page, 'Premium', 'Reactivate Premium').click();
  const reactivate = page.getByRole('dialog', { name: 'Reactivate Premium?' });
  await expect(reactivate).toContainText('Premium renews on');
  await expect(reactivate).toContainText('for $13.99');
  await reactivate.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toHaveCount(0);
  expect(sent).toEqual(['/api/subscription/reactivate']);
  expect(await subscriptionOf(tellbox, owner)).toMatchObject({ plan: 'premium', isToDelete: false });
});

test('the landing page and the plan cards write prices the same way: $7.99 in en-US', async ({
  page,
  open,
  signIn,
}) => {
  await open('/');
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('article', { name: 'Pro' }).getByText('$7.99', { exact: true })).toBeVisible();
  await expect(pricing.getByRole('article', { name: 'Premium' }).getByText('$13.99', { exact: true })).toBeVisible();
  await expect(pricing.getByRole('article', { name: 'Free' }).getByText('$0', { exact: true })).toBeVisible();

  await signIn();
  await open('/settings/billing');
  const available = page.getByRole('region', { name: 'Available Plans' });
  await expect(available.getByRole('article', { name: 'Pro' }).getByText('$7.99', { exact: true })).toBeVisible();
  await expect(yourPlanCard(page).getByText('$0', { exact: true })).toBeVisible();
  await open('/checkout?plan=premium');
  await expect(page.getByText('$13.99', { exact: true })).toBeVisible();
});

test.describe("in the owner's locale", () => {
  test.use({ locale: 'de-DE' });

  test('a German browser reads 7,99 $ on the landing page, the plan cards and the dialog', async ({
    page,
    open,
    signIn,
    tellbox,
  }) => {
    await open('/');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('article', { name: 'Pro' }).getByText('7,99 $', { exact: true })).toBeVisible();
    await expect(pricing.getByText('$7.99', { exact: true })).toHaveCount(0);

    const owner = await signIn();
    await subscribe(tellbox, owner, 'pro');
    await open('/settings/billing');
    const available = page.getByRole('region', { name: 'Available Plans' });
    await expect(
      available.getByRole('article', { name: 'Premium' }).getByText('13,99 $', { exact: true }),
    ).toBeVisible();
    await expect(yourPlanCard(page).getByText('7,99 $', { exact: true })).toBeVisible();
    await planButton(page, 'Premium', 'Upgrade to Premium').click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium?' });
    await expect(dialog.getByRole('row', { name: /^Premium, .* 13,99 \$$/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^Unused time on Pro, .* -\d+,\d\d \$$/ })).toBeVisible();
  });
});

test('Payment Successful in test mode says which plan started and what happens next, never the session id', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const started = await tellbox.api.post<{ url: string }>(
    '/api/subscription/checkout-session',
    { plan: 'premium' },
    { token: owner.token },
  );
  await open(new URL(started.body.url).pathname);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
  await waitForRouteDrawn(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const { expiresAt } = await subscriptionOf(tellbox, owner);
  await expect(
    page.getByText(
      `Your workspace is on the Premium plan now, with its limits. It renews on ${longDate(expiresAt ?? '')}. You can change or cancel it in Settings at any time.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(sessionId)).toHaveCount(0);
  await expect(page.getByText(/Session ID/i)).toHaveCount(0);
});
