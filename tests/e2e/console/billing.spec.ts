/**
 * Plans and payment from the owner's side (docs/product.md §2, §4, §8; docs/plans-and-billing.md,
 * "Billing"): upgrading through the built-in test-mode checkout from /settings/billing and from /checkout,
 * cancelling, and the result pages.
 */
import type { Locator, Page } from '@playwright/test';
import type { LimitsSummary, SubscriptionInfo } from '../../../src/shared/api';
import { contrastRatio } from '../../../src/shared/contrast';
import { DEFAULT_PLANS, planPrice } from '../../../src/shared/plans';
import { acceptCookiesUpFront, type Console, expect, expectToast, signInAs, test, waitForRouteDrawn } from './fixtures';
import { WIDTHS } from './screens/screen-catalogue';
import { expectFitsScreen } from './screens/screen-checks';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const yourPlanCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Your Plan' }) });

/** Confirms the test-mode checkout in its tab and waits for the payment-success screen. */
async function confirmTestCheckout(popup: Page) {
  await expect(popup.getByText('Test mode — no charge')).toBeVisible();
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(popup).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(popup.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const sessionId = new URL(popup.url()).searchParams.get('session_id') ?? '';
  await expect(popup.getByText('Updating your account...')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'View Settings' })).toBeVisible();
  await expect(popup.getByText('Updating your account...')).toHaveCount(0);
  // What the checkout started, in words; never the raw session id.
  await expect(
    popup.getByText(/^Your workspace is on the \w+ plan now, with its limits\. It renews on /),
  ).toBeVisible();
  await expect(popup.getByText(sessionId)).toHaveCount(0);
  await expectToast(popup, 'Payment successful!', 'Your subscription has been activated.');
}

/** The contrast of an element's text on its own background, as the browser draws them. */
async function drawnContrast(locator: Locator): Promise<number> {
  const [text, background] = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.color, style.backgroundColor];
  });
  const hex = (rgb: string) =>
    `#${(rgb.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  return contrastRatio(hex(text!), hex(background!));
}

async function limitsOf(tellbox: Console, token: string): Promise<LimitsSummary> {
  return (await tellbox.api.get<LimitsSummary>('/api/user/limits/summary', { token })).body;
}

function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

test('upgrade to Pro from the settings: the checkout opens in a new tab, the plan and limits follow', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  expect((await limitsOf(tellbox, owner.token)).maxWidgets).toBe(1);
  await open('/settings/billing');
  const card = yourPlanCard(page);
  await expect(card.getByText('Free', { exact: true })).toBeVisible();
  await expect(card.getByText('1 widget', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancel Subscription' })).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
  const popup = await popupOpened;
  await confirmTestCheckout(popup);
  await popup.close();

  // Back in the settings tab: it re-reads the plan when it has the focus again.
  // Headless Chromium fires no focus event on bringToFront: send the one a real window gets.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();
  await expect(card.getByText('Up to 5 widgets')).toBeVisible();
  const info = (await tellbox.api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token })).body;
  await expect(card.getByText(`Renews on ${longDate(info.expiresAt ?? '')}`)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Your Plan' })).toBeDisabled();
  await expect(
    page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }),
  ).toBeEnabled();
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Change to Free' }),
  ).toBeEnabled();
  expect(await limitsOf(tellbox, owner.token)).toMatchObject({ plan: 'pro', maxWidgets: 5 });

  // A paying owner moves between paid plans without a second checkout, after the price is shown
  // (tests/e2e/console/plan-change.spec.ts has the dialog itself).
  await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Premium?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Premium', { exact: true })).toBeVisible();
  expect(await limitsOf(tellbox, owner.token)).toMatchObject({ plan: 'premium', maxWidgets: null });
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Change to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Pro?' });
  await expect(dialog).toContainText('prorated');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();
  expect(await limitsOf(tellbox, owner.token)).toMatchObject({ plan: 'pro', maxWidgets: 5 });
});

test('upgrade from /checkout?plan=pro, then cancel with the confirmation dialog and reactivate', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/checkout?plan=pro');
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('$7.99')).toBeVisible();
  await expect(page.getByText('Up to 5 widgets')).toBeVisible();
  await expect(page.getByText('Payment is secured by our card payment provider and opens in a new tab.')).toBeVisible();

  // Hold the checkout request until the busy label has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscription/checkout-session', async (route) => {
    await held;
    await route.continue();
  });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Starting checkout...' })).toBeVisible();
  // Timed from the release: the answer, the new tab and then the 2 s wait all come after it.
  const releasedAt = performance.now();
  release();
  const popup = await popupOpened;
  // The 2 s the page waits before it leaves, and on a loaded machine the new tab before them.
  await expect(page).toHaveURL(/\/settings\/billing$/, { timeout: 8000 });
  expect(performance.now() - releasedAt).toBeGreaterThanOrEqual(1900);

  await confirmTestCheckout(popup);
  await popup.close();
  await page.reload();
  await waitForRouteDrawn(page);
  const card = yourPlanCard(page);
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();
  expect((await limitsOf(tellbox, owner.token)).plan).toBe('pro');

  // Dismissing the dialog changes nothing.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('Cancelled', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(
    page,
    'Subscription cancelled',
    'Your subscription has been cancelled and will expire at the end of the current billing period.',
  );
  const info = (await tellbox.api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token })).body;
  expect(info).toMatchObject({ plan: 'pro', isToDelete: true });
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(
    card.getByText(`Your subscription has been cancelled and will expire on ${longDate(info.expiresAt ?? '')}.`),
  ).toBeVisible();
  await expect(card.getByText('Changed your mind? Reactivate Pro')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Not available' }),
  ).toBeDisabled();
  // The plan stays usable until the end of the period.
  expect((await limitsOf(tellbox, owner.token)).maxWidgets).toBe(5);

  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Reactivate Pro' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Pro?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Cancel Subscription' })).toBeVisible();
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(yourPlanCard(page).getByText('Cancelled', { exact: true })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`/settings/billing marks the popular plan Most Popular and the owner's Your Plan, at AA in the ${scheme} scheme`, async ({
    page,
    open,
    signIn,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn({ plan: 'premium' });
    await open('/settings/billing');
    const html = page.locator('html');
    if (scheme === 'dark') await expect(html).toHaveAttribute('data-theme', 'dark');
    else await expect(html).not.toHaveAttribute('data-theme', 'dark');
    // The tags, not the current plan's button, which also reads Your Plan (docs/product.md §4).
    const tags = (plan: string) => page.getByRole('article', { name: plan }).locator('.tb-status-tag');
    const popular = tags('Pro').filter({ hasText: 'Most Popular' });
    const yourPlan = tags('Premium').filter({ hasText: 'Your Plan' });
    await expect(popular).toBeVisible();
    await expect(yourPlan).toBeVisible();
    await expect(tags('Pro')).toHaveCount(1);
    await expect(tags('Premium')).toHaveCount(1);
    await expect(tags('Free')).toHaveCount(0);
    expect(await drawnContrast(popular)).toBeGreaterThanOrEqual(4.5);
    expect(await drawnContrast(yourPlan)).toBeGreaterThanOrEqual(4.5);
  });
}

test("the landing's pricing marks Pro Most Popular at AA, as the settings do", async ({ page, open }) => {
  await open('/');
  const popular = page.getByRole('article', { name: 'Pro' }).getByText('Most Popular', { exact: true });
  await expect(popular).toBeVisible();
  expect(await drawnContrast(popular)).toBeGreaterThanOrEqual(4.5);
});

test('Refresh status re-reads the subscription and says so', async ({ page, open, signIn }) => {
  await signIn();
  await open('/settings/billing');
  await yourPlanCard(page).getByRole('button', { name: 'Refresh status' }).click();
  await expectToast(page, 'Status updated', 'Subscription status has been refreshed.');
});

test('an invalid or missing plan on /checkout shows the Invalid plan toast and goes home', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  await open('/checkout?plan=bogus');
  await expectToast(page, 'Invalid plan', 'Please select a valid plan.');
  await expect(page).toHaveURL(/\/$/);
  await open('/checkout');
  await expectToast(page, 'Invalid plan', 'Please select a valid plan.');
  await expect(page).toHaveURL(/\/$/);
});

test('cancelling in the test checkout lands on /payment-canceled, which leads back', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/checkout?plan=premium');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const popup = await popupOpened;
  await popup.getByRole('link', { name: 'Cancel' }).click();
  await expect(popup).toHaveURL(/\/payment-canceled$/);
  await expect(popup.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
  await expect(popup.getByText('Your payment was canceled and no charges were made.')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'support@tellbox.app' })).toHaveAttribute(
    'href',
    'mailto:support@tellbox.app',
  );
  expect((await limitsOf(tellbox, owner.token)).plan).toBe('free');

  await popup.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(popup).toHaveURL(/\/dashboard$/);
  await popup.goBack();
  await popup.getByRole('button', { name: 'Back to Pricing' }).click();
  await expect(popup).toHaveURL(/\/$/);
});

test('checkout and the payment screens fit 375, 768, 1280 and 1440 px without sideways scrolling', async ({
  page,
  context,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  // /payment-success shows its buttons 2 s after it opens: it takes them in a tab of its own
  // while the other two screens are checked in this one.
  const success = await context.newPage();
  await acceptCookiesUpFront(success);
  await signInAs(success, owner);
  const longSession = `cs_test_${'x'.repeat(60)}`;
  for (const width of WIDTHS) {
    await success.setViewportSize({ width, height: 800 });
    await success.goto(`${tellbox.server.url}/payment-success?session_id=${longSession}`);
    await waitForRouteDrawn(success);
    await page.setViewportSize({ width, height: 800 });
    await open('/checkout?plan=pro');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    await expectFitsScreen(page, `/checkout at ${width}px`);
    await open('/payment-canceled');
    await expect(page.getByRole('button', { name: 'Back to Pricing' })).toBeVisible();
    await expectFitsScreen(page, `/payment-canceled at ${width}px`);
    await expect(success.getByRole('button', { name: 'View Settings' })).toBeVisible();
    await expectFitsScreen(success, `/payment-success at ${width}px`);
  }
});

for (const width of WIDTHS) {
  test(`the test-mode checkout page fits ${width} px, says no card is charged, and the upgrade completes`, async ({
    page,
    signIn,
    tellbox,
  }) => {
    const owner = await signIn();
    const premium = DEFAULT_PLANS.premium;
    const { url } = (
      await tellbox.api.post<{ url: string }>(
        '/api/subscription/checkout-session',
        { plan: premium.id },
        { token: owner.token },
      )
    ).body;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url);

    const notice = page.getByRole('note');
    await expect(notice).toContainText('Test mode — no charge');
    await expect(notice).toContainText('No card is charged');
    // Name and price from the plan table the server enforces.
    await expect(page.getByRole('heading', { level: 1, name: `${premium.name} plan` })).toBeVisible();
    await expect(page.getByText(planPrice(premium, 'en-US'), { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: `${premium.name} plan includes` })).toContainText('Unlimited widgets');
    await expectFitsScreen(page, `the test-mode checkout at ${width}px`);
    // Both buttons are in sight without scrolling sideways, and large enough to tap.
    for (const control of [page.getByRole('button', { name: 'Confirm' }), page.getByRole('link', { name: 'Cancel' })]) {
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    await confirmTestCheckout(page);
    expect((await limitsOf(tellbox, owner.token)).plan).toBe(premium.id);
  });
}

test('/payment-success opened without a session claims no payment, refreshes nothing and points to Settings', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/subscription/refresh')) refreshes.push(request.url());
  });
  await open('/payment-success');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible();
  await expect(page.getByText(/payment successful/i)).toHaveCount(0);
  await expect(page).toHaveTitle('Payment · Tellbox');
  await page.getByRole('link', { name: 'See your plan and the others in Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByText(/payment successful/i)).toHaveCount(0);
  expect(refreshes).toEqual([]);
});
