/**
 * The inbox built for daily work: from 1 024 px the list on the left and the open entry on the
 * right; j and k open the entries one after another, each at its own URL, which opens that entry
 * again in a fresh tab; on a phone an entry has the screen, and Back returns to the list where it
 * was. Nothing scrolls sideways at any width.
 */
import type { Page } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { createWidget, validFeedback } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  test,
  waitForRouteDrawn,
  type Console,
} from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** Feedback number `n`, sent n-th: the inbox lists the highest number first. */
const label = (n: number) => `Inbox item ${String(n).padStart(2, '0')}`;

async function sendMany(tellbox: Console, widget: Widget, count: number) {
  for (let n = 1; n <= count; n += 1) {
    const response = await tellbox.api.post(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({ message: label(n), pageUrl: `https://shop.example.com/page-${n}` }),
      { headers: { Origin: 'https://shop.example.com' } },
    );
    expect(response.status, response.text).toBe(201);
  }
}

const list = (page: Page) => page.getByRole('list', { name: 'Feedback' });
const rowLink = (page: Page, n: number) =>
  list(page)
    .getByRole('link')
    .filter({ hasText: label(n) });
const entry = (page: Page) => page.getByRole('region', { name: 'Feedback details' });
const message = (page: Page) => entry(page).locator('.tb-entry-message');
const ENTRY_URL = /\/feedback\/[^/?]+(\?.*)?$/;

test('at 1440 px the open entry sits beside the list, and its row is marked', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signIn({ plan: 'pro' });
  await sendMany(tellbox, await createWidget(tellbox.api, owner, { name: 'Shop' }), 3);

  await open('/feedback');
  // Nothing open yet: the right side says how to open one.
  await expect(page.getByText('Select feedback to read it')).toBeVisible();
  await rowLink(page, 2).click();
  await expect(page).toHaveURL(ENTRY_URL);
  await expect(message(page)).toHaveText(label(2));
  await expect(rowLink(page, 2)).toHaveAttribute('aria-current', 'page');
  await expect(list(page).locator('[aria-current="page"]')).toHaveCount(1);

  await expect(list(page)).toBeInViewport();
  await expect(entry(page)).toBeInViewport();
  const listBox = await list(page).boundingBox();
  const entryBox = await entry(page).boundingBox();
  if (!listBox || !entryBox) throw new Error('the list or the entry has no box');
  // Side by side: the entry starts right of the list's end, and their tops are level.
  expect(entryBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
  expect(Math.abs(entryBox.y - listBox.y)).toBeLessThan(40);
  expect(entryBox.width).toBeGreaterThan(400);
  expect(listBox.width).toBeGreaterThan(300);
  // The entry shows what came with it, and what the team wrote: the rows never had a button for it.
  await expect(entry(page).getByRole('link', { name: 'https://shop.example.com/page-2' })).toBeVisible();
  await expect(entry(page).getByRole('region', { name: 'Replies' })).toBeVisible();
  await expect(page.getByRole('button', { name: /View details/ })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Escape closes it; the row it was keeps the focus.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByText('Select feedback to read it')).toBeVisible();
});

test('j and k walk 20 entries together with the list, and each step’s URL opens that entry in a fresh tab', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signIn({ plan: 'pro' });
  await sendMany(tellbox, await createWidget(tellbox.api, owner, { name: 'Shop' }), 21);

  await open('/feedback?status=all');
  await expect(list(page).getByRole('listitem')).toHaveCount(20);
  // j opens the newest; 20 more steps reach the 21st entry, on the next page.
  const steps: { url: string; n: number }[] = [];
  for (let n = 21; n >= 1; n -= 1) {
    await page.keyboard.press('j');
    await expect(message(page)).toHaveText(label(n));
    await expect(page).toHaveURL(ENTRY_URL);
    // The list moves with it: the open entry's row is the marked one, and it has the focus.
    const row = rowLink(page, n);
    await expect(row).toHaveAttribute('aria-current', 'page');
    await expect(row).toBeFocused();
    const url = page.url();
    expect(new URL(url).searchParams.get('status')).toBe('all');
    steps.push({ url, n });
  }
  await expect(entry(page).locator('.tb-details-position')).toHaveText('21 of 21');
  // k walks back, over the page's edge too.
  await page.keyboard.press('k');
  await expect(message(page)).toHaveText(label(2));
  await page.keyboard.press('k');
  await expect(message(page)).toHaveText(label(3));

  // Each URL, in a fresh tab of the same signed-in browser, opens that same entry beside the list.
  const fresh = await page.context().newPage();
  for (const step of steps.slice(1)) {
    await fresh.goto(step.url);
    await waitForRouteDrawn(fresh);
    await expect(message(fresh), step.url).toHaveText(label(step.n));
    await expect(list(fresh)).toBeVisible();
  }
  await fresh.close();
});

test('at 375 px an entry opens full screen, and Back returns to the list where it was', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const owner = await signIn({ plan: 'pro' });
  await sendMany(tellbox, await createWidget(tellbox.api, owner, { name: 'Shop' }), 12);

  await open('/feedback');
  // Far down the list: the fourth entry from the end.
  const row = rowLink(page, 4);
  await row.scrollIntoViewIfNeeded();
  await row.click();
  await expect(page).toHaveURL(ENTRY_URL);
  await expect(message(page)).toHaveText(label(4));
  await expect(list(page)).toBeHidden();
  await expect(page.getByRole('tab', { name: /^New/ })).toBeHidden();
  const box = await entry(page).boundingBox();
  expect(box?.width).toBeGreaterThan(340);
  await expect(entry(page).getByRole('heading', { level: 2 }).first()).toBeFocused();
  await expectNoHorizontalScroll(page, 'an open entry at 375 px');

  await entry(page).getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(list(page)).toBeVisible();
  await expect(row).toBeInViewport();
  await expect(row).toBeFocused();
  await expect(entry(page)).toHaveCount(0);
});

test('the inbox never scrolls sideways with an entry open, from 375 to 1440 px', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner, { name: 'A widget with a rather long name, to wrap' });
  const response = await tellbox.api.post(
    `/api/public/widget/${widget.key}/feedback`,
    validFeedback({
      message: `${'An unbroken word '.repeat(3)}${'x'.repeat(400)}\nand a second line`,
      pageUrl: `https://shop.example.com/${'very-long-path-segment/'.repeat(12)}?q=${'y'.repeat(200)}`,
      authorName: 'Visitor With A Remarkably Long Name Indeed',
      authorEmail: 'a.visitor.with.a.long.address@example.com',
    }),
    { headers: { Origin: 'https://shop.example.com' } },
  );
  expect(response.status, response.text).toBe(201);
  await open('/feedback');
  await list(page).getByRole('link').first().click();
  await expect(page).toHaveURL(ENTRY_URL);
  for (const width of [375, 768, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(message(page)).toBeVisible();
    await expectNoHorizontalScroll(page, `an open entry at ${width} px`);
  }
});
