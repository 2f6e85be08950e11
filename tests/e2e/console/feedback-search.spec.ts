/**
 * /feedback searched and exported: words over message, author name and e-mail, and page URL, a
 * range of the owner's own days, both kept in the URL beside the widget and the tab (a reload
 * opens the same results), the tabs counting the same search, a search that finds nothing and
 * the way back, and the export of exactly what the filters show, as CSV and as JSON.
 */
import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import type { FeedbackItem, FeedbackListResponse, Widget } from '../../../src/shared/api';
import type { FeedbackStatus } from '../../../src/shared/feedback-status';
import { createWidget, type TestOwner } from '../../helpers/factories';
import { withClockAdvanced } from '../../helpers/test-clock';
import {
  acceptCookiesUpFront,
  type Console,
  expect,
  expectNoHorizontalScroll,
  test,
  waitForRouteDrawn,
} from './fixtures';

const ORIGIN = 'https://shop.example.com';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

interface Sent {
  message: string;
  at: string;
  status?: FeedbackStatus;
  authorEmail?: string;
  pageUrl?: string;
}

/**
 * The inbox of these tests: "checkout" in a message, an e-mail address and a page URL, and not in
 * the rest; days apart, and two sent late on Nov 20 in UTC, which is Nov 21 in Auckland.
 */
const INBOX: Sent[] = [
  { message: 'Checkout button vanished', at: '2026-11-10T12:00:00Z' },
  { message: 'The page is slow', at: '2026-11-20T12:00:00Z', authorEmail: 'buyer@checkout-fans.example' },
  { message: 'Love the blog', at: '2026-11-20T23:30:00Z' },
  { message: 'Checkout works again, thanks', at: '2026-11-21T08:00:00Z', status: 'resolved' },
  { message: 'Button too small', at: '2026-11-22T09:00:00Z', pageUrl: `${ORIGIN}/checkout/step-2` },
  { message: 'Checkout spam offer', at: '2026-11-23T09:00:00Z', status: 'spam' },
];

/** Sends INBOX through the public API, each at its time, and gives the entries their statuses. */
async function seedInbox(tellbox: Console, owner: TestOwner): Promise<Widget> {
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const { clock } = tellbox.server;
  for (const sent of INBOX) {
    await withClockAdvanced(clock, new Date(sent.at).getTime() - clock.now().getTime(), async () => {
      const response = await tellbox.api.post(
        `/api/public/widget/${widget.key}/feedback`,
        { message: sent.message, pageUrl: sent.pageUrl ?? `${ORIGIN}/pricing`, authorEmail: sent.authorEmail },
        { headers: { Origin: ORIGIN } },
      );
      expect(response.status, response.text).toBe(201);
    });
  }
  const listed = await tellbox.api.get<FeedbackListResponse>('/api/feedback?status=all&limit=100', {
    token: owner.token,
  });
  for (const sent of INBOX.filter((entry) => entry.status)) {
    const entry = listed.body.feedbacks.find((item) => item.message === sent.message);
    const response = await tellbox.api.patch(
      `/api/feedback/${entry?._id}`,
      { status: sent.status },
      { token: owner.token },
    );
    expect(response.status, response.text).toBe(200);
  }
  return widget;
}

const rows = (page: Page) => page.getByRole('list', { name: 'Feedback' }).getByRole('listitem');
const messages = async (page: Page) =>
  (await rows(page).locator('.tb-feedback-message-text').allInnerTexts()).map((text) => text.trim());
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search feedback' });

test('words and days narrow the inbox, the tabs count the same, and a reload keeps them', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  test.setTimeout(60_000);
  const owner = await signIn({ plan: 'pro' });
  await seedInbox(tellbox, owner);
  await open('/feedback');
  await expect(rows(page)).toHaveCount(4);

  // In a message, an e-mail address and a page URL, whatever the case.
  await search(page).pressSequentially('CHECKOUT');
  await expect(page).toHaveURL(/\/feedback\?q=CHECKOUT$/);
  await expect.poll(() => messages(page)).toEqual(['Button too small', 'The page is slow', 'Checkout button vanished']);
  await expect(tab(page, 'New')).toHaveAccessibleName('New 3');
  await expect(tab(page, 'Resolved')).toHaveAccessibleName('Resolved 1');
  await expect(tab(page, 'Spam')).toHaveAccessibleName('Spam 1');

  await page.getByLabel('From', { exact: true }).fill('2026-11-15');
  await expect.poll(() => messages(page)).toEqual(['Button too small', 'The page is slow']);
  await page.getByLabel('To', { exact: true }).fill('2026-11-20');
  await expect.poll(() => messages(page)).toEqual(['The page is slow']);
  await expect(page).toHaveURL(/\/feedback\?q=CHECKOUT&from=2026-11-15&to=2026-11-20$/);
  await expect(tab(page, 'Resolved')).toHaveAccessibleName('Resolved 0');

  await tab(page, 'All').click();
  await expect(page).toHaveURL(/\/feedback\?q=CHECKOUT&from=2026-11-15&to=2026-11-20&status=all$/);

  await page.reload();
  await waitForRouteDrawn(page);
  await expect(search(page)).toHaveValue('CHECKOUT');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-11-15');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-11-20');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => messages(page)).toEqual(['The page is slow']);
  await expect(tab(page, 'All')).toHaveAccessibleName('All 1');
});

test.describe('in Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test("a day is the owner's day, not UTC's", async ({ page, open, signIn, tellbox }) => {
    const owner = await signIn({ plan: 'pro' });
    await seedInbox(tellbox, owner);
    // Nov 21 in Auckland (UTC+13) runs from 11:00 UTC on Nov 20 to 11:00 UTC on Nov 21.
    await open('/feedback?status=all&from=2026-11-21&to=2026-11-21');
    await expect
      .poll(() => messages(page))
      .toEqual(['Checkout works again, thanks', 'Love the blog', 'The page is slow']);
  });
});

test('a search that finds nothing says so, and Clear filters brings the inbox back', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  await seedInbox(tellbox, owner);
  await open('/feedback?q=refund&from=2026-11-01');
  await expect(page.getByText('No feedback matches “refund” in these dates.')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(tab(page, 'All')).toHaveAccessibleName('All 0');

  await page.locator('.tb-inbox-rows-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(rows(page)).toHaveCount(4);
  await expect(search(page)).toHaveValue('');
  await expect(tab(page, 'All')).toHaveAccessibleName('All 5');
});

test('on a phone the filters fit the screen, the search and the dates one above the other', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  await seedInbox(tellbox, owner);
  await page.setViewportSize({ width: 375, height: 812 });
  await open('/feedback?status=all&q=checkout&from=2026-11-01&to=2026-11-30');
  await expect(rows(page)).toHaveCount(4);
  await expectNoHorizontalScroll(page, 'the searched inbox at 375 px');
  const searchBox = await search(page).boundingBox();
  const from = await page.getByLabel('From', { exact: true }).boundingBox();
  const to = await page.getByLabel('To', { exact: true }).boundingBox();
  expect(from && searchBox && from.y).toBeGreaterThan((searchBox?.y ?? 0) + (searchBox?.height ?? 0));
  // From and To side by side, on one line.
  expect(Math.round(to?.y ?? 0)).toBe(Math.round(from?.y ?? -1));
});

/** Chooses Export, then `format`, and waits for the browser's download. */
async function exportAs(page: Page, format: 'CSV (spreadsheet)' | 'JSON') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await fs.readFile(path, 'utf8') };
}

test('Export saves exactly what the filters show, as CSV and as JSON', async ({ page, open, signIn, tellbox }) => {
  test.setTimeout(60_000);
  const owner = await signIn({ plan: 'pro' });
  await seedInbox(tellbox, owner);
  await open('/feedback?status=all&q=checkout&from=2026-11-15');
  await expect
    .poll(() => messages(page))
    .toEqual(['Button too small', 'Checkout works again, thanks', 'The page is slow']);
  const shown = await messages(page);

  const csv = await exportAs(page, 'CSV (spreadsheet)');
  expect(csv.name).toMatch(/^tellbox-feedback-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
  expect(records.map((record) => record.Message)).toEqual(shown);
  expect(records.map((record) => record.Status)).toEqual(['New', 'Resolved', 'New']);
  expect(records.map((record) => record['E-mail'])).toEqual(['', '', 'buyer@checkout-fans.example']);

  const json = await exportAs(page, 'JSON');
  expect(json.name).toMatch(/^tellbox-feedback-\d{4}-\d{2}-\d{2}\.json$/);
  const items = JSON.parse(json.text) as FeedbackItem[];
  expect(items.map((item) => item.message)).toEqual(shown);
  expect(items.map((item) => item._id)).toEqual(records.map((record) => record.ID));

  // Spam only when its tab is the one shown.
  await tab(page, 'Spam').click();
  await expect.poll(() => messages(page)).toEqual(['Checkout spam offer']);
  const spam = parse((await exportAs(page, 'CSV (spreadsheet)')).text, { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  expect(spam.map((record) => record.Message)).toEqual(['Checkout spam offer']);
});
