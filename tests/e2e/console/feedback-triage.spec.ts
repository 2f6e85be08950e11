/**
 * /feedback as a triage desk: an owner goes through the inbox with the keyboard alone (j/k to
 * move, Enter and Escape for the details, j/k in them for the next entry, e to resolve, s for
 * spam, the status select by Tab and arrows, ? for the keys) and with the mouse (tick rows, mark
 * them together), and sees what changes: the tabs' counts, the entries moving from tab to tab,
 * the spam set aside in its own tab.
 */
import type { Locator, Page } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { createWidget, validFeedback } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, expectNoHorizontalScroll, expectToast, test, type Console } from './fixtures';

const ORIGIN = 'https://shop.example.com';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));
// Narrower than the split view: j and k move a focus through the list, Enter opens an entry in its
// place and Escape brings the list back (from 1 024 px they open entries beside it: inbox.spec.ts).
test.use({ viewport: { width: 900, height: 900 } });

/** What a visitor's widget sends: the public API, from the owner's site. */
async function sendFeedback(tellbox: Console, widget: Widget, message: string) {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), {
    headers: { Origin: ORIGIN },
  });
  expect(response.status, response.text).toBe(201);
}

/** Feedback number `n`, sent n-th: the inbox lists the highest number first. */
const label = (n: number) => `Triage item ${String(n).padStart(2, '0')}`;

const rows = (page: Page) => page.getByRole('list', { name: 'Feedback' }).getByRole('listitem');
const rowOf = (page: Page, n: number) => rows(page).filter({ hasText: label(n) });
const messages = async (page: Page) =>
  (await rows(page).locator('.tb-feedback-message-text').allInnerTexts()).map((text) => text.trim());
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
/** The entry keyboard triage is on. */
const focused = (page: Page) => page.locator('[aria-current="true"]');

async function expectCounts(page: Page, counts: Record<'New' | 'In progress' | 'Resolved' | 'All' | 'Spam', number>) {
  for (const [name, count] of Object.entries(counts))
    await expect(tab(page, name)).toHaveAccessibleName(`${name} ${count}`);
}

async function expectFocusOn(page: Page, n: number): Promise<Locator> {
  const row = focused(page);
  await expect(row).toHaveCount(1);
  await expect(row.locator('.tb-feedback-message-text')).toHaveText(label(n));
  await expect(row).toBeFocused();
  return row;
}

/**
 * Counts what a mouse (or a finger) does in the page from now on: keys never press a pointer, so
 * a keyboard-only owner leaves it at 0.
 */
async function countPointerPresses(page: Page) {
  await page.addInitScript(() => {
    const counted = { presses: 0 };
    Object.assign(window, { __pointerPresses: counted });
    for (const type of ['pointerdown', 'mousedown', 'touchstart'])
      window.addEventListener(type, () => (counted.presses += 1), { capture: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __pointerPresses: { presses: number } }).__pointerPresses.presses);
}

/** Tab (or Shift+Tab) until `target` has the focus, as an owner would: at most `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 200 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the focus never reached ${String(target)}`);
}

/** The open entry: in place of the list at this width (the split view has its own spec, inbox.spec.ts). */
const details = (page: Page) => page.getByRole('region', { name: 'Feedback details' });

/** In the open details: the status select by Tab, its list opened and In progress chosen by arrows. */
async function markInProgressInDetails(page: Page) {
  const status = details(page).getByRole('combobox', { name: 'Status' });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  const option = page.locator('.ant-select-item-option-active');
  while ((await option.textContent()) !== 'In progress') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(details(page).locator('.tb-feedback-status-field')).toContainText('In progress');
  // Escape goes to the topmost layer open (antd keeps one stack for the whole page), and the list
  // leaves that stack a render after it is hidden, when its closing has ended: a script that
  // pressed Escape in between closed the list, not the dialog (a person is never that quick). So
  // the list is seen hidden, and two frames drawn since, before the next key.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('an owner triages 20 entries with the keyboard alone, and every tab shows where they went', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(120_000);
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  for (let n = 1; n <= 22; n += 1) await sendFeedback(tellbox, widget, label(n));
  const pointerPresses = await countPointerPresses(page);

  await open('/feedback');
  await expect(rows(page)).toHaveCount(20);
  await expectCounts(page, { New: 22, 'In progress': 0, Resolved: 0, All: 22, Spam: 0 });

  // ? lists the keys; Escape puts the list away.
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toContainText('Mark resolved');
  await expect(keys).toContainText('Previous / next, with one open');
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();

  // Every one of the 20 newest (22 down to 3) gets a status: multiples of 4 are spam, of 7 in
  // progress (chosen in the details), the rest resolved. The first ten in the list, one key each.
  const spam = (n: number) => n % 4 === 0;
  const inProgress = (n: number) => !spam(n) && n % 7 === 0;
  await page.keyboard.press('j');
  for (let n = 22; n >= 13; n -= 1) {
    await expectFocusOn(page, n);
    if (inProgress(n)) {
      await page.keyboard.press('Enter');
      await expect(details(page).locator('.tb-details-message')).toHaveText(label(n));
      await markInProgressInDetails(page);
      await page.keyboard.press('Escape');
      await expect(details(page)).toBeHidden();
    } else {
      await page.keyboard.press(spam(n) ? 's' : 'e');
    }
    // It leaves New at once; the focus stays in its place, on the next entry.
    await expect(rowOf(page, n)).toHaveCount(0);
  }

  // The other ten without leaving the details: each marked there, then j to the one in its place.
  await expectFocusOn(page, 12);
  await page.keyboard.press('Enter');
  for (let n = 12; n >= 3; n -= 1) {
    await expect(details(page).locator('.tb-details-message')).toHaveText(label(n));
    if (inProgress(n)) await markInProgressInDetails(page);
    else {
      await page.keyboard.press(spam(n) ? 's' : 'e');
      await expect(details(page).locator('.tb-feedback-status-field')).toContainText(spam(n) ? 'Spam' : 'Resolved');
    }
    await expect(rowOf(page, n)).toHaveCount(0);
    if (n > 3) await page.keyboard.press('j');
  }
  await page.keyboard.press('Escape');
  await expect(details(page)).toBeHidden();

  // 5 spam (20, 16, 12, 8, 4), 3 in progress (21, 14, 7), 12 resolved; 2 and 1 never reached.
  await expectCounts(page, { New: 2, 'In progress': 3, Resolved: 12, All: 17, Spam: 5 });
  expect(await messages(page)).toEqual([2, 1].map(label));
  // The focus is back on the list, where the details left it: k goes up the page.
  await expectFocusOn(page, 2);
  await page.keyboard.press('k');
  await expectFocusOn(page, 2);
  await page.keyboard.press('j');
  await expectFocusOn(page, 1);

  // The tabs by keyboard too: back to the chosen tab with Shift+Tab, the arrows along them.
  await tabTo(page, tab(page, 'New'), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'In progress')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/feedback\?status=in_progress$/);
  await expect.poll(() => messages(page)).toEqual([21, 14, 7].map(label));

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/feedback\?status=resolved$/);
  await expect.poll(() => messages(page)).toEqual([22, 19, 18, 17, 15, 13, 11, 10, 9, 6, 5, 3].map(label));

  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page)).toHaveCount(17);
  await expect(rows(page).filter({ hasText: 'Spam' })).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/feedback\?status=spam$/);
  await expect.poll(() => messages(page)).toEqual([20, 16, 12, 8, 4].map(label));
  await expect(rows(page).locator('.tb-status-tag')).toHaveText(Array(5).fill('Spam'));

  // A spammed entry is resolved after all, from its own tab: j, then e.
  await page.keyboard.press('j');
  await expectFocusOn(page, 20);
  await page.keyboard.press('e');
  await expect(rowOf(page, 20)).toHaveCount(0);
  await expectToast(page, '1 feedback marked resolved');
  await expectCounts(page, { New: 2, 'In progress': 3, Resolved: 13, All: 18, Spam: 4 });
  expect(await pointerPresses(), 'pointer presses after the page opened').toBe(0);
});

test('rows ticked with the mouse are marked together, and move to their tab', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(90_000);
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  for (let n = 1; n <= 6; n += 1) await sendFeedback(tellbox, widget, label(n));

  await open('/feedback');
  await expect(rows(page)).toHaveCount(6);
  for (const n of [6, 4, 2]) await rowOf(page, n).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Selected feedback' });
  await expect(bar).toContainText('3 selected');
  await expect(bar.getByRole('button')).toHaveText([
    'Mark in progress',
    'Mark resolved',
    'Mark spam',
    'Clear selection',
  ]);

  await bar.getByRole('button', { name: 'Mark in progress' }).click();
  await expectToast(page, '3 feedback marked in progress');
  await expect(bar).toBeHidden();
  expect(await messages(page)).toEqual([5, 3, 1].map(label));
  await expectCounts(page, { New: 3, 'In progress': 3, Resolved: 0, All: 6, Spam: 0 });

  await tab(page, 'In progress').click();
  await expect(page).toHaveURL(/\/feedback\?status=in_progress$/);
  await expect.poll(() => messages(page)).toEqual([6, 4, 2].map(label));
  await expect(rows(page).locator('.tb-status-tag')).toHaveText(['In progress', 'In progress', 'In progress']);

  // Select all, then spam: the tab empties, and Spam has them.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Mark spam' }).click();
  await expectToast(page, '3 feedback marked spam');
  await expect(page.getByText('No feedback in progress.')).toBeVisible();
  await expectCounts(page, { New: 3, 'In progress': 0, Resolved: 0, All: 3, Spam: 3 });
  await tab(page, 'Spam').click();
  await expect.poll(() => messages(page)).toEqual([6, 4, 2].map(label));

  // Clear selection lets go without a change.
  await rowOf(page, 4).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toBeHidden();
  await expect(rows(page)).toHaveCount(3);

  // On a phone: a card is ticked by its checkbox, and the bar fits the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await tab(page, 'New').click();
  const cards = rows(page);
  await expect(cards).toHaveCount(3);
  await cards.first().getByRole('checkbox').check();
  await expect(bar).toContainText('1 selected');
  await expect(bar).toBeInViewport();
  await expectNoHorizontalScroll(page, 'the inbox with the bulk bar at 375 px');
  await bar.getByRole('button', { name: 'Mark resolved' }).click();
  await expectToast(page, '1 feedback marked resolved');
  await expect(cards).toHaveCount(2);
  await expectCounts(page, { New: 2, 'In progress': 0, Resolved: 1, All: 3, Spam: 3 });
});

test('the details walk the list with Next and Previous, on to the next page and back', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(90_000);
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  for (let n = 1; n <= 22; n += 1) await sendFeedback(tellbox, widget, label(n));

  await open('/feedback');
  await rowOf(page, 22).getByRole('link').click();
  const dialog = details(page);
  const message = dialog.locator('.tb-details-message');
  const place = dialog.locator('.tb-details-position');
  const next = dialog.getByRole('button', { name: 'Next feedback' });
  const previous = dialog.getByRole('button', { name: 'Previous feedback' });
  await expect(message).toHaveText(label(22));
  await expect(place).toHaveText('1 of 22');
  await expect(previous).toBeDisabled();

  await next.click();
  await expect(message).toHaveText(label(21));
  await expect(place).toHaveText('2 of 22');
  // The arrow keys walk too: on to the last entry of the first page.
  for (let n = 20; n >= 3; n -= 1) {
    await page.keyboard.press('ArrowRight');
    await expect(message).toHaveText(label(n));
  }
  await expect(place).toHaveText('20 of 22');

  // Past the page's end: the next page is loaded behind the dialog, which goes on to its first entry.
  await next.click();
  await expect(message).toHaveText(label(2));
  await expect(place).toHaveText('21 of 22');
  // The list waits hidden under the entry, turned to that page too.
  await expect(page.getByRole('navigation', { name: 'Feedback pages', includeHidden: true })).toContainText('Page 2');
  await next.click();
  await expect(message).toHaveText(label(1));
  await expect(next).toBeDisabled();
  // The focus went from Next, now disabled, to Previous, and stays in the dialog.
  await expect(previous).toBeFocused();

  await previous.click();
  await previous.click();
  await expect(message).toHaveText(label(3));
  await expect(place).toHaveText('20 of 22');
  await expect(page.getByRole('navigation', { name: 'Feedback pages', includeHidden: true })).toContainText('Page 1');

  // Closed, the list has the entry last shown under its focus.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, 3);

  // On a phone the walk is two arrows and the place beside Back, and the entry fits the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await rows(page).first().getByRole('link').click();
  await expect(next).toBeInViewport();
  await expect(previous).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toBeInViewport();
  await expectNoHorizontalScroll(page, 'the details with Previous and Next at 375 px');
});
