/**
 * /feedback end to end (docs/product.md §2): feedback that visitors send through the public widget API
 * reaches the owner's inbox, filtered by widget, paged, in detail, and always as text.
 */
import type { Page } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { createWidget, validFeedback } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  expectNoImageMade,
  recordDialogs,
  recordRequestPaths,
  test,
  type Console,
} from './fixtures';

const ORIGIN = 'https://shop.example.com';
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** What a visitor's widget sends: the public API, from the owner's site, in a browser. */
async function sendFeedback(tellbox: Console, widget: Widget, fields: Record<string, unknown> = {}) {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(fields), {
    headers: { Origin: ORIGIN, 'User-Agent': BROWSER },
  });
  expect(response.status, response.text).toBe(201);
}

const rows = (page: Page) => page.getByRole('list', { name: 'Feedback' }).getByRole('listitem');
/** A feedback's row in the table, or its card on a phone. */
/** The open entry, beside the list (or in its place on a phone). */
const entry = (page: Page) => page.getByRole('region', { name: 'Feedback details' });

async function chooseWidget(page: Page, name: string) {
  await page.getByLabel('Filter by widget').click();
  await page.locator(`.ant-select-item-option[title="${name}"]`).click();
}

test('feedback sent through the public API is listed, and its details show everything the visitor sent', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const message = `The checkout button does nothing on my phone.\nI tried twice. ${'Long detail. '.repeat(10)}`;
  await sendFeedback(tellbox, widget, {
    message,
    authorName: 'Ada Visitor',
    authorEmail: 'ada@example.com',
    pageUrl: 'https://shop.example.com/checkout?step=2',
  });
  await sendFeedback(tellbox, widget, { message: 'Nice shop' });

  await open('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  const anonymous = rows(page).filter({ hasText: 'Nice shop' });
  await expect(anonymous).toContainText('Anonymous');
  const ada = rows(page).filter({ hasText: 'Ada Visitor' });
  await expect(ada).toContainText('Shop');
  // The table shows the first 80 characters of the message, then an ellipsis.
  await expect(ada).toContainText(`${Array.from(message.replace('\n', ' ')).slice(0, 80).join('').trimEnd()}`);
  await expect(ada).not.toContainText('Long detail. Long detail. Long detail. Long detail. Long detail. Long detail.');
  // The page as its path; the age in words, the exact time on hover. The row is one link to the entry.
  await expect(ada.locator('.tb-inbox-row-path')).toHaveText('/checkout?step=2');
  await expect(ada.locator('time')).toHaveText(/^(just now|\d+ minutes? ago)$/);
  await expect(ada.locator('time')).toHaveAttribute('title', /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
  await expect(ada.getByRole('link')).toHaveCount(1);

  await ada.getByRole('link').click();
  const dialog = entry(page);
  await expect(dialog).toBeVisible();
  const fullMessage = dialog.locator('.tb-details-message');
  await expect(fullMessage).toHaveText(message, { useInnerText: true });
  await expect(fullMessage).toHaveCSS('white-space', 'pre-wrap');
  await expect(dialog).toContainText('Ada Visitor (ada@example.com)');
  const pageLink = dialog.getByRole('link', { name: 'https://shop.example.com/checkout?step=2' });
  await expect(pageLink).toHaveAttribute('href', 'https://shop.example.com/checkout?step=2');
  await expect(pageLink).toHaveAttribute('target', '_blank');
  await expect(pageLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(dialog.getByTitle(BROWSER)).toHaveText('Chrome 131·macOS·Desktop');
  // The raw user agent is folded away until asked for.
  await expect(dialog.getByText(BROWSER, { exact: true })).toBeHidden();
  await dialog.getByText('User agent', { exact: true }).click();
  await expect(dialog.getByText(BROWSER, { exact: true })).toBeVisible();
  await expect(dialog).toContainText('Shop');
  await expect(dialog.locator('.tb-entry-facts time')).toHaveText(
    /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the widget filter narrows the list, follows ?widget= and goes back to all widgets', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const shop = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const blog = await createWidget(tellbox.api, owner, { name: 'Blog' });
  await sendFeedback(tellbox, shop, { message: 'From the shop' });
  await sendFeedback(tellbox, blog, { message: 'From the blog' });

  await open('/feedback');
  await expect(rows(page)).toHaveCount(2);

  await chooseWidget(page, 'Blog');
  await expect(page).toHaveURL(new RegExp(`/feedback\\?widget=${blog._id}$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('From the blog');
  // One widget: the rows do not name it.
  await expect(rows(page).locator('.tb-inbox-row-widget')).toHaveCount(0);

  await chooseWidget(page, 'All widgets');
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).locator('.tb-inbox-row-widget')).toHaveText(['Blog', 'Shop']);

  // Back returns to the previous filter; a link with ?widget= preselects it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`widget=${blog._id}$`));
  await expect(rows(page)).toHaveCount(1);
  await open(`/feedback?widget=${shop._id}`);
  await expect(page.locator('.tb-widget-filter .ant-select-content')).toHaveText('Shop');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('From the shop');
  await open('/feedback?widget=all');
  await expect(rows(page)).toHaveCount(2);
});

test('a message of HTML is shown as text in the list and the open entry, and nothing runs', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const dialogs = recordDialogs(page);
  const requested = recordRequestPaths(page);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  const hostile = '<img src=x onerror=alert(1)>';
  await sendFeedback(tellbox, widget, { message: hostile, authorName: '<b>Mallory</b>' });

  await open('/feedback');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(hostile);
  await expect(rows(page)).toContainText('<b>Mallory</b>');
  await rows(page).getByRole('link').click();
  await expect(entry(page).locator('.tb-details-message')).toHaveText(hostile);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'Mallory' })).toHaveCount(0);
  await expectNoImageMade(page, requested, 'x');
  expect(dialogs).toEqual([]);
});

test('a large inbox pages newest first with Newer and Older; what the plan hides is announced', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(60_000);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  // Free shows 50 entries a month: #51 and #52 are stored but hidden.
  const label = (n: number) => `Feedback number ${String(n).padStart(2, '0')}`;
  for (let n = 1; n <= 52; n += 1) await sendFeedback(tellbox, widget, { message: label(n) });

  await open('/feedback');
  const messagesOnPage = async () => {
    await expect(rows(page).first()).toBeVisible();
    return (await rows(page).locator('.tb-feedback-message-text').allInnerTexts()).map((text) => text.trim());
  };
  const pager = page.getByRole('navigation', { name: 'Feedback pages' });
  await expect(pager.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await expect(rows(page)).toHaveCount(20);
  const first = await messagesOnPage();

  await pager.getByRole('button', { name: 'Older' }).click();
  await expect(pager).toContainText('Page 2');
  // Until the next page arrives the current one stays on screen.
  await expect(rows(page).first().locator('.tb-feedback-message-text')).not.toHaveText(first[0] ?? '');
  await expect(rows(page)).toHaveCount(20);
  const second = await messagesOnPage();

  await pager.getByRole('button', { name: 'Older' }).click();
  await expect(pager).toContainText('Page 3');
  await expect(rows(page)).toHaveCount(10);
  const third = await messagesOnPage();
  await expect(pager.getByRole('button', { name: 'Older' })).toBeDisabled();

  const seen = [...first, ...second, ...third];
  expect(new Set(seen).size).toBe(50);
  expect([...seen].sort()).toEqual(Array.from({ length: 50 }, (_, i) => label(i + 1)));
  expect(seen.indexOf(label(50))).toBeLessThan(seen.indexOf(label(1)));

  await pager.getByRole('button', { name: 'Newer' }).click();
  await expect(pager).toContainText('Page 2');
  expect(await messagesOnPage()).toEqual(second);

  const notice = page.getByText(
    '2 feedback entries are hidden: your Free plan shows up to 50 per month. Nothing is lost: upgrade to see them.',
  );
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test('an empty inbox says so', async ({ page, open, signIn }) => {
  await signIn();
  await open('/feedback');
  await expect(page.getByText('No feedback received yet.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Feedback pages' })).toHaveCount(0);
  await expect(page.getByText(/feedback entr(y is|ies are) hidden/)).toHaveCount(0);
});

test('/feedback fits 375 px and 1440 px without sideways scrolling, with an entry open too', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'A widget with a rather long name for a phone' });
  await sendFeedback(tellbox, widget, {
    message: `${'Averyveryverylongwordwithoutanyspaces'.repeat(8)} and\nmore lines`,
    authorName: 'Someone With A Long Name',
    pageUrl: `https://shop.example.com/${'deep/'.repeat(40)}page`,
  });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await open('/feedback');
    await expect(rows(page)).toHaveCount(1);
    await expectNoHorizontalScroll(page, `/feedback at ${width} px`);
    await rows(page).getByRole('link').click();
    await expect(entry(page)).toBeVisible();
    await expectNoHorizontalScroll(page, `/feedback details at ${width} px`);
  }
});
