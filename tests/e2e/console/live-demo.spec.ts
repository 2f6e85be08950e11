/**
 * The landing page's live demo (docs/product.md §2): the owner's console with sample data, and the visitor's
 * side running the real widget script in its demo mode. The whole demo runs in the page: not one
 * request reaches the API.
 */
import type { Page } from '@playwright/test';
import { DEMO_DAYS, DEMO_OLDER_FEEDBACK } from '../../../src/renderer/src/features/landing/live-demo-data';
import { acceptCookiesUpFront, axeOn, expect, expectNoHorizontalScroll, expectToast, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const LAST_30_DAYS = sum(Object.values(DEMO_DAYS).flat());
const NEW_MESSAGE = 'Love the new checkout!';

/** Opens the landing page at the demo and records, from then on, every request to the API. */
async function openDemo(page: Page, open: (path: string) => Promise<void>): Promise<string[]> {
  await open('/#demo');
  // The pricing section asks for the plan table as the page loads; the demo starts after that.
  await page.waitForLoadState('networkidle');
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });
  return apiRequests;
}

/** Axe finds nothing serious or critical in the demo (the widget's frame included). */
async function expectAccessibleDemo(page: Page) {
  const results = await axeOn(page).include('#demo').analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

test("owner view: the console's four screens with the sample data, and the demo toasts", async ({ page, open }) => {
  const apiRequests = await openDemo(page, open);
  const demo = page.locator('#demo');
  const sidebar = demo.getByRole('navigation', { name: 'Demo dashboard' });
  for (const name of ['Dashboard', 'My Widgets', 'Feedback', 'News Posts']) {
    await expect(sidebar.getByRole('button', { name })).toBeVisible();
  }
  await expect(sidebar.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  // The dashboard: the stats, feedback per day over 30 days (an image with its numbers in words),
  // the recent feedback and news.
  await expect(demo.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  const total = demo.locator('.tb-ld-stat').filter({ hasText: 'Total Feedback' });
  await expect(total).toContainText(String(DEMO_OLDER_FEEDBACK + LAST_30_DAYS));
  const chart = demo.getByRole('img', { name: /^Feedback per day over the last 30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(new RegExp(`: ${LAST_30_DAYS} in total \\(Shop \\d+, Help center \\d+\\)`));
  expect(await chart.locator('rect.tb-ld-series-0').count()).toBeGreaterThan(20);
  await expect(demo.getByText(`${LAST_30_DAYS} in the last 30 days`).first()).toBeVisible();
  await expect(demo.getByRole('heading', { name: 'Recent Feedback' })).toBeVisible();
  await expect(demo.getByText('Would love a yearly plan option!')).toBeVisible();
  await expect(demo.getByRole('heading', { name: 'Recent News' })).toBeVisible();
  await expectAccessibleDemo(page);

  // My Widgets: each widget with its domain and status; the buttons say what they would do.
  await sidebar.getByRole('button', { name: 'My Widgets' }).click();
  await expect(demo.getByRole('heading', { name: 'My Widgets' })).toBeVisible();
  await expect(demo.getByText('3 of 5 widgets used (Pro plan)')).toBeVisible();
  const shopRow = demo.getByRole('row').filter({ hasText: 'shop.example.com' });
  await expect(shopRow).toContainText('Shop');
  await expect(shopRow).toContainText('Active');
  await expect(demo.getByRole('row').filter({ hasText: 'Old landing' })).toContainText('Inactive');
  await demo.getByRole('button', { name: 'Create New Widget' }).click();
  await expectToast(page, 'Widget created');
  await shopRow.getByRole('button', { name: 'Manage' }).click();
  await expectToast(page, 'Manage (demo)');
  await shopRow.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted (demo)');

  // The feedback inbox.
  await sidebar.getByRole('button', { name: 'Feedback' }).click();
  await expect(demo.getByRole('heading', { name: 'Feedback', exact: true })).toBeVisible();
  const giftCard = demo.getByRole('row').filter({ hasText: 'gift card' });
  await expect(giftCard).toContainText('/checkout');
  await expect(giftCard).toContainText('Anonymous');
  await expect(demo.getByRole('row').filter({ hasText: 'yearly plan' })).toContainText('Marta');
  await expectAccessibleDemo(page);

  // The news posts.
  await sidebar.getByRole('button', { name: 'News Posts' }).click();
  await expect(demo.getByRole('row').filter({ hasText: 'Free shipping weekend' })).toContainText('Published');
  await expect(demo.getByRole('row').filter({ hasText: 'Holiday opening hours' })).toContainText('Draft');
  await demo.getByRole('button', { name: 'Create News Post' }).click();
  await expectToast(page, 'Post created');
  await expectAccessibleDemo(page);

  expect(apiRequests).toEqual([]);
});

test('user view: the real widget on a sample shop; what the visitor sends lands in the owner inbox', async ({
  page,
  open,
}) => {
  const apiRequests = await openDemo(page, open);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const demo = page.locator('#demo');
  await demo.getByRole('radio', { name: 'User' }).click();
  await expect(demo.getByRole('radio', { name: 'User' })).toHaveAttribute('aria-checked', 'true');

  // The widget script itself, in the shop's frame, drawn from the demo's config: the launcher
  // (with the unread count's words: two sample posts) in the frame's corner, not on the landing page.
  const frame = page.locator('#demo iframe');
  const shop = frame.contentFrame();
  const launcher = shop.getByRole('button', { name: 'Feedback 2 new updates' });
  await expect(launcher).toBeVisible();
  expect(scripts).toContain('/widget.js');
  await expect(page.locator('tellbox-widget')).toHaveCount(0);
  await expect(shop.locator('tellbox-widget')).toHaveCount(1);
  await frame.scrollIntoViewIfNeeded();
  const frameBox = await frame.boundingBox();
  const launcherBox = await launcher.boundingBox();
  expect(frameBox && launcherBox).toBeTruthy();
  if (frameBox && launcherBox) {
    expect(launcherBox.x + launcherBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(launcherBox.y + launcherBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
    expect(launcherBox.x).toBeGreaterThan(frameBox.x + frameBox.width / 2);
  }

  // Its panel, from its shadow root: both tabs, the sample posts, the form and its checks.
  await launcher.click();
  const dialog = shop.getByRole('dialog', { name: 'Support Widget' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Updates' }).click();
  await expect(dialog.getByRole('heading', { name: 'Free shipping weekend' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Holiday opening hours' })).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Feedback' }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter your feedback')).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await expectAccessibleDemo(page);

  await dialog.getByLabel('Message').fill(NEW_MESSAGE);
  await dialog.getByLabel('Name (optional)').fill('Grace');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  await expectToast(page, 'Feedback sent');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The toast's way to the inbox: the owner view, its Feedback screen, the message on top.
  await page.getByRole('button', { name: 'See it in the inbox' }).click();
  await expect(demo.getByRole('radio', { name: 'Owner' })).toHaveAttribute('aria-checked', 'true');
  const sidebar = demo.getByRole('navigation', { name: 'Demo dashboard' });
  await expect(sidebar.getByRole('button', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page');
  const newest = demo.getByRole('row').nth(1);
  await expect(newest).toContainText(NEW_MESSAGE);
  await expect(newest).toContainText('Grace');
  await expect(newest).toContainText('New');
  // And on the dashboard: one more in total, and in today's column.
  await sidebar.getByRole('button', { name: 'Dashboard' }).click();
  await expect(demo.locator('.tb-ld-stat').filter({ hasText: 'Total Feedback' })).toContainText(
    String(DEMO_OLDER_FEEDBACK + LAST_30_DAYS + 1),
  );
  await expect(demo.getByRole('img', { name: /^Feedback per day/ })).toHaveAccessibleName(
    new RegExp(`: ${LAST_30_DAYS + 1} in total`),
  );
  await expect(demo.getByRole('listitem').filter({ hasText: NEW_MESSAGE })).toBeVisible();

  expect(apiRequests).toEqual([]);
});

test('the Owner/User switch is one radio group: arrow keys move the choice', async ({ page, open }) => {
  await openDemo(page, open);
  const demo = page.locator('#demo');
  const owner = demo.getByRole('radio', { name: 'Owner' });
  await owner.focus();
  await page.keyboard.press('ArrowRight');
  const user = demo.getByRole('radio', { name: 'User' });
  await expect(user).toBeFocused();
  await expect(user).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('#demo iframe')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(owner).toHaveAttribute('aria-checked', 'true');
  await expect(demo.getByRole('navigation', { name: 'Demo dashboard' })).toBeVisible();
});

for (const width of [375, 1440]) {
  test(`at ${width} px both sides fit the page, and the window keeps its height from one side to the other`, async ({
    page,
    open,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openDemo(page, open);
    const demo = page.locator('#demo');
    const window = demo.locator('.tb-ld-window');
    await expect(demo.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
    const ownerBox = await window.boundingBox();
    await expectNoHorizontalScroll(page, `the owner view at ${width} px`);
    await demo.getByRole('radio', { name: 'User' }).click();
    await expect(
      page
        .locator('#demo iframe')
        .contentFrame()
        .getByRole('button', { name: /^Feedback/ }),
    ).toBeVisible();
    expect(await window.boundingBox()).toEqual(ownerBox);
    await expectNoHorizontalScroll(page, `the user view at ${width} px`);
  });
}
