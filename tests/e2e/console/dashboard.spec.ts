/**
 * /dashboard and the authenticated layout against the real server (docs/product.md §2, §4, §8): the welcome
 * and stats, recent feedback and news from the public API, hostile content shown as text, the
 * upgrade card, empty states, a failed load, the sidebar and Logout, and the layout at 375 px
 * and 1440 px.
 */
import type { Page } from '@playwright/test';
import type { NewsPost } from '../../../src/shared/api';
import { withClockAdvanced } from '../../helpers/test-clock';
import { createWidget, storeLegacyLink, validFeedback, validPost, type TestOwner } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  expectNoImageMade,
  expectToast,
  recordDialogs,
  recordRequestPaths,
  test,
  type Console,
} from './fixtures';

const HOUR = 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ORIGIN = { Origin: 'https://shop.example.com', 'User-Agent': BROWSER };

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function sendFeedback(tellbox: Console, key: string, overrides: Record<string, unknown> = {}) {
  const response = await tellbox.api.post(`/api/public/widget/${key}/feedback`, validFeedback(overrides), {
    headers: ORIGIN,
  });
  expect(response.status, response.text).toBe(201);
}

async function createPost(tellbox: Console, owner: TestOwner, body: Record<string, unknown>) {
  const response = await tellbox.api.post<{ post: NewsPost }>('/api/post', body, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body.post;
}

function statValue(page: Page, title: string) {
  return page
    .locator('.tb-stat-card')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .locator('.tb-stat-card-value');
}

/** A dashboard list card, found by its heading. */
function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a fresh account: welcome by name, zero stats, today as Last Updated, empty lists, no upgrade card', async ({
  page,
  open,
  signIn,
}) => {
  await signIn({ name: 'Dana Owner' });
  await open('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Dana Owner', level: 1 })).toBeVisible();
  await expect(statValue(page, 'Total Feedback')).toHaveText('0');
  await expect(statValue(page, 'Active Widgets')).toHaveText('0');
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  await expect(statValue(page, 'Last Updated')).toHaveText(today.format(new Date()));
  await expect(card(page, 'Recent Feedback').getByText('No feedback received yet')).toBeVisible();
  await expect(card(page, 'Recent News').getByText('No news posts created yet')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
});

test('feedback from the public API and a news post show in the recent lists', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner);
  // Two hours ago on the server's clock, so the relative time reads "… ago".
  await withClockAdvanced(tellbox.server.clock, -2 * HOUR, () =>
    sendFeedback(tellbox, widget.key, { pageUrl: 'https://shop.example.com/pricing?plan=pro' }),
  );
  await createPost(tellbox, owner, validPost(widget._id));
  await createPost(tellbox, owner, { ...validPost(widget._id), title: 'Draft idea', link: null, status: 'draft' });

  await open('/dashboard');
  await expect(statValue(page, 'Total Feedback')).toHaveText('1');
  await expect(statValue(page, 'Active Widgets')).toHaveText('1');

  const feedback = card(page, 'Recent Feedback').getByRole('listitem');
  await expect(feedback).toHaveCount(1);
  const pageLink = feedback.getByRole('link', { name: '/pricing?plan=pro · shop.example.com' });
  await expect(pageLink).toBeVisible();
  await expect(pageLink).toHaveAttribute('title', 'https://shop.example.com/pricing?plan=pro');
  await expect(feedback.getByText('2 hours ago')).toBeVisible();
  await expect(feedback.getByText('2 hours ago')).toHaveAttribute('title', /^[A-Z][a-z]+ \d{1,2}, \d{4} at /);
  await expect(feedback.getByText('Love the new pricing page!')).toBeVisible();
  await expect(feedback.getByTitle(BROWSER)).toHaveText('Firefox 133·Linux·Desktop');

  const news = card(page, 'Recent News').getByRole('listitem');
  await expect(news).toHaveCount(2);
  const published = news.filter({ hasText: 'We shipped dark mode' });
  await expect(published.getByText('🚀')).toBeVisible();
  await expect(published.getByText('Published')).toBeVisible();
  await expect(published.getByText('Dark mode is here for everyone. Try it from the settings.')).toBeVisible();
  const learnMore = published.getByRole('link', { name: /^Learn more/ });
  await expect(learnMore).toHaveAttribute('href', 'https://example.com/changelog');
  await expect(learnMore).toHaveAttribute('target', '_blank');
  const draft = news.filter({ hasText: 'Draft idea' });
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draft.getByRole('link')).toHaveCount(0);
});

test('a hostile feedback message and news link are shown as text: nothing runs', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const dialogs = recordDialogs(page);
  const requested = recordRequestPaths(page);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  await sendFeedback(tellbox, widget.key, { message: '<img src=x onerror=alert(1)>' });
  const hostile = await createPost(tellbox, owner, { ...validPost(widget._id), title: 'Hostile link' });
  // Saved before links had to be http(s): the API refuses such a link now.
  await storeLegacyLink(tellbox.server, hostile._id, 'javascript:alert(1)');

  await open('/dashboard');
  await expect(card(page, 'Recent Feedback').getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  const post = card(page, 'Recent News').getByRole('listitem').filter({ hasText: 'Hostile link' });
  await expect(post.getByText('javascript:alert(1)')).toBeVisible();
  await expect(post.getByRole('link')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expectNoImageMade(page, requested, 'x');
  expect(dialogs).toEqual([]);
});

test('on free with the widget limit reached, the upgrade card starts the Pro checkout', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await createWidget(tellbox.api, owner);
  await open('/dashboard');
  await expect(page.getByRole('heading', { name: 'Limit reached' })).toBeVisible();
  await expect(page.getByText('Widgets: 1 of 1 used (limit reached)')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test('a failed load shows the message and Retry, which loads the dashboard', async ({ page, open, signIn }) => {
  await signIn();
  await page.route('**/api/dashboard/overview', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
  );
  await open('/dashboard');
  await expectToast(page, 'Failed to load data. Please try again.');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  await page.unroute('**/api/dashboard/overview');
  await retry.click();
  await expect(card(page, 'Recent Feedback').getByText('No feedback received yet')).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test('plan limits that fail to load give the Error toast', async ({ page, open, signIn }) => {
  await signIn();
  await page.route('**/api/user/limits/summary', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
  );
  await open('/dashboard');
  await expectToast(page, 'Error', 'Failed to load plan limits.');
});

test('every sidebar link reaches its screen; Logout clears the session and goes to /login', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const links: [string, string][] = [
    ['My Widgets', '/widgets'],
    ['Feedback', '/feedback'],
    ['News Posts', '/news'],
    ['Webhooks', '/webhooks'],
    ['Settings', '/settings/profile'],
    ['Support', '/support'],
    ['Dashboard', '/dashboard'],
  ];
  for (const [label, path] of links) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1').first()).toBeVisible();
  }

  await nav.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  // The server revoked it: a copy of the token kept elsewhere no longer opens the account.
  await expect
    .poll(async () => (await tellbox.api.get('/api/user/subscription', { token: owner.token })).status)
    .toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('user')]),
  ).toEqual([null, null]);
  await open('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('at 375 px the menu button opens the sidebar as a drawer', async ({ page, open, signIn }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn();
  await open('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Tellbox' });
  await drawer.getByRole('link', { name: 'My Widgets', exact: true }).click();
  await expect(page).toHaveURL(/\/widgets$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'My Widgets', level: 1 })).toBeVisible();
});

for (const width of [375, 1440]) {
  test(`no horizontal scrolling at ${width} px, with long content and the upgrade card`, async ({
    page,
    open,
    signIn,
    tellbox,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const owner = await signIn({ name: 'An owner with a fairly long name' });
    const widget = await createWidget(tellbox.api, owner);
    await sendFeedback(tellbox, widget.key, {
      message: `A long word: ${'x'.repeat(120)}`,
      pageUrl: `https://shop.example.com/${'very-long-path-segment/'.repeat(8)}`,
    });
    await createPost(tellbox, owner, { ...validPost(widget._id), link: `https://example.com/${'a'.repeat(150)}` });
    await open('/dashboard');
    await expect(page.getByRole('heading', { name: 'Limit reached' })).toBeVisible();
    await expect(card(page, 'Recent Feedback').getByRole('listitem')).toHaveCount(1);
    await expect(card(page, 'Recent News').getByRole('listitem')).toHaveCount(1);
    await expectNoHorizontalScroll(page, '/dashboard');
  });
}
