/**
 * A new owner's getting-started steps on /dashboard tick themselves as the owner takes them:
 * a widget created in the console; its real snippet, as the console shows it, pasted into a page
 * of a customer's site on another origin (`shop.test`, mapped to loopback) and loaded by a
 * visitor's browser; a feedback sent through that widget. The dashboard stays open throughout:
 * the owner's event stream ticks steps 2 and 3 without a reload.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { EVENT_STREAM_PATH } from '../../../src/shared/desktop-events';
import { widgetSnippet } from '../../../src/shared/snippet';
import { createWidget } from '../../helpers/factories';
import { TEST_HOSTS_RULE, chromiumLaunchOptions } from '../chromium';
import { acceptCookiesUpFront, axeOn, expect, test, waitForRouteDrawn } from './fixtures';

test.use({ launchOptions: chromiumLaunchOptions([TEST_HOSTS_RULE]) });
test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/**
 * The customer's site: one page with the snippet pasted in, on loopback under any `*.test` name,
 * or under `host` (a developer's test page beside the console: 127.0.0.1, another port).
 */
async function startCustomerSite(snippet: string, host = 'shop.test') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Our shop</h1><p>Welcome.</p></main>${snippet}</body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const gettingStarted = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: /Get started|all set/ }) });
const step = (page: Page, title: string) =>
  gettingStarted(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });

/** A mark in the page's memory: a reload would lose it. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { onboardingMark: 'still here' }));
const pageMark = (page: Page) => page.evaluate(() => (window as unknown as { onboardingMark?: string }).onboardingMark);

async function expectNoAxeViolations(page: Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

test('a new owner: the three steps tick as the widget is created, installed and sends its first feedback', async ({
  page,
  browser,
  open,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn({ name: 'Nina New' });
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === EVENT_STREAM_PATH && response.status() === 200,
  );
  await open('/dashboard');
  const card = gettingStarted(page);
  await expect(card.getByRole('heading', { level: 2, name: 'Get started with Tellbox' })).toBeVisible();
  await expect(card.getByText('0 of 3')).toBeVisible();
  for (const title of ['Create a widget', 'Install the snippet', 'Receive your first feedback']) {
    await expect(step(page, title).getByText('Done', { exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // Step 1, in the console: the step's button leads to My Widgets, where the widget is created.
  await step(page, 'Create a widget').getByRole('button', { name: 'Create your first widget' }).click();
  await expect(page).toHaveURL(/\/widgets$/);
  await page.getByRole('button', { name: 'Create New Widget' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Widget' });
  await form.getByLabel('Name').fill('Our shop');
  await form.getByRole('button', { name: 'Create Widget' }).click();
  const snippetDialog = page.getByRole('dialog', { name: 'Install Our shop' });
  const snippet = (await snippetDialog.getByLabel('Installation snippet').textContent()) ?? '';
  expect(snippet).toMatch(/^<script src="[^"]+\/widget\.js" data-site-key="[^"]+" async><\/script>$/);
  await snippetDialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(card.getByText('1 of 3')).toBeVisible();
  await expect(step(page, 'Create a widget').getByText('Done', { exact: true })).toBeVisible();
  await expect(step(page, 'Install the snippet').getByRole('button', { name: 'Get your snippet' })).toBeVisible();
  await streamOpened;
  await markPage(page);

  // Step 2, on the customer's site: a visitor's browser loads the page with the snippet.
  const site = await startCustomerSite(snippet);
  const visitor = await browser.newContext();
  try {
    const shop = await visitor.newPage();
    await shop.goto(site.url);
    const launcher = shop.getByRole('button', { name: /^Feedback/ });
    await expect(launcher).toBeVisible();
    await expect(step(page, 'Install the snippet').getByText('Done', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText('2 of 3')).toBeVisible();

    // Step 3: the visitor sends feedback through the widget.
    await launcher.click();
    const dialog = shop.getByRole('dialog', { name: 'Support Widget' });
    await dialog.getByLabel('Message').fill('Found you through the new widget!');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  } finally {
    await visitor.close();
    await site.close();
  }
  await expect(step(page, 'Receive your first feedback').getByText('Done', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(card.getByText('3 of 3')).toBeVisible();
  await expect(card.getByRole('heading', { level: 2, name: 'You’re all set' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /^Feedback per day/ })
      .getByRole('row')
      .last(),
  ).toContainText('1');
  expect(await pageMark(page)).toBe('still here');
  await expectNoAxeViolations(page);

  // Closed, the steps stay gone; a later visit, all done, never shows them.
  await card.getByRole('button', { name: 'Close getting started' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nina New' })).toBeVisible();
  await expect(page.locator('.tb-stat-card-value').first()).toHaveText('1');
  await expect(gettingStarted(page)).toHaveCount(0);
});

test('a test page on the console\'s own host but another port (a developer on localhost) ticks "Install the snippet"', async ({
  page,
  browser,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ name: 'Lou Local' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Local shop' });
  await open('/dashboard');
  await expect(step(page, 'Create a widget').getByText('Done', { exact: true })).toBeVisible();
  await expect(step(page, 'Install the snippet').getByText('Done', { exact: true })).toHaveCount(0);

  // The console is on 127.0.0.1 too: only its own origin (its port) is not a customer's page.
  const consoleUrl = new URL(tellbox.server.url);
  const site = await startCustomerSite(widgetSnippet(tellbox.server.url, widget.key), consoleUrl.hostname);
  const visitor = await browser.newContext();
  try {
    expect(new URL(site.url).port).not.toBe(consoleUrl.port);
    const testPage = await visitor.newPage();
    await testPage.goto(site.url);
    await expect(testPage.getByRole('button', { name: /^Feedback/ })).toBeVisible();
    await expect(step(page, 'Install the snippet').getByText('Done', { exact: true })).toBeVisible({ timeout: 10_000 });
  } finally {
    await visitor.close();
    await site.close();
  }
});
