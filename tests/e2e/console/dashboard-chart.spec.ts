/**
 * The dashboard's chart against the real server: feedback sent on known days (the server's clock
 * moved back for each send) for two widgets shows as those counts per day and per widget, in the
 * chart's table for screen readers, its legend, its tooltip and the week's trend. The browser is
 * in Los Angeles, so the days are that time zone's (the dashboard asks for its own).
 */
import type { Page } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { EVENT_STREAM_PATH } from '../../../src/shared/desktop-events';
import { withClockAdvanced } from '../../helpers/test-clock';
import { createWidget, validFeedback } from '../../helpers/factories';
import { acceptCookiesUpFront, axeOn, expect, expectNoHorizontalScroll, test, type Console } from './fixtures';

const ZONE = 'America/Los_Angeles';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

test.use({ timezoneId: ZONE });
test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** The offset from now to `daysAgo` days back at about noon in ZONE: far from either midnight. */
function noonDaysAgo(daysAgo: number): number {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format());
  return -daysAgo * DAY - (hour - 12) * HOUR;
}

/** "Tue, Nov 24": how the chart names the day `offset` from now, in ZONE. */
const dayLabel = (offset: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(Date.now() + offset),
  );

async function sendFeedback(tellbox: Console, widget: Widget, offset: number, count: number) {
  await withClockAdvanced(tellbox.server.clock, offset, async () => {
    for (let i = 0; i < count; i += 1) {
      const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
        headers: { Origin: 'https://shop.example.com' },
      });
      expect(response.status, response.text).toBe(201);
    }
  });
}

const chartTable = (page: Page) =>
  page.getByRole('table', { name: 'Feedback per day over the last 30 days, by widget' });
const row = (page: Page, label: string) =>
  chartTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

test('feedback on known days for two widgets shows as those counts per day and per widget', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const shop = await createWidget(tellbox.api, owner, { name: 'Main shop' });
  const help = await createWidget(tellbox.api, owner, { name: 'Help center' });
  const today = noonDaysAgo(0);
  const threeDaysAgo = noonDaysAgo(3);
  const nineDaysAgo = noonDaysAgo(9);
  const twentyDaysAgo = noonDaysAgo(20);
  await sendFeedback(tellbox, shop, today, 2);
  await sendFeedback(tellbox, help, today, 1);
  await sendFeedback(tellbox, shop, threeDaysAgo, 1);
  await sendFeedback(tellbox, help, nineDaysAgo, 3);
  await sendFeedback(tellbox, shop, twentyDaysAgo, 1);
  await sendFeedback(tellbox, help, twentyDaysAgo, 1);
  // Older than the chart's 30 days: counted in the total, not on the chart.
  await sendFeedback(tellbox, shop, noonDaysAgo(40), 5);

  const timeseries = page.waitForRequest((request) => request.url().includes('/api/dashboard/timeseries'));
  await open('/dashboard');
  expect(new URL((await timeseries).url()).searchParams.get('tz')).toBe(ZONE);

  // Help center has more feedback in the span (5 against 4), so it comes first.
  await expect(chartTable(page).getByRole('columnheader')).toHaveText(['Day', 'Help center', 'Main shop', 'Total']);
  await expect(chartTable(page).getByRole('row')).toHaveCount(31);
  const expected: [number, string[]][] = [
    [today, ['1', '2', '3']],
    [threeDaysAgo, ['0', '1', '1']],
    [nineDaysAgo, ['3', '0', '3']],
    [twentyDaysAgo, ['1', '1', '2']],
    [noonDaysAgo(1), ['0', '0', '0']],
  ];
  for (const [offset, cells] of expected) {
    await expect(row(page, dayLabel(offset)).getByRole('cell')).toHaveText(cells);
  }
  await expect(chartTable(page).getByRole('row').last().getByRole('rowheader')).toHaveText(dayLabel(today));

  const card = page.locator('.tb-chart-card');
  await expect(card.getByText('in the last 30 days')).toHaveText('9 in the last 30 days');
  await expect(card.locator('.tb-chart-legend li')).toHaveText(['Help center5', 'Main shop4']);
  const stat = (title: string) =>
    page.locator('.tb-stat-card').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(stat('Total Feedback').locator('.tb-stat-card-value')).toHaveText('14');
  // This week: 3 today and 1 three days ago; last week: the 3 of nine days ago.
  await expect(stat('Feedback This Week').locator('.tb-stat-card-value')).toHaveText('4');
  await expect(stat('Feedback This Week')).toContainText('Up 33% vs last week');

  // Pointing at today's column shows its counts (to the eye: the table above is what screen readers get).
  await card.locator('.tb-chart-hit').last().hover();
  const tooltip = card.locator('.tb-chart-tooltip');
  await expect(tooltip).toContainText(dayLabel(today));
  await expect(tooltip.locator('li')).toHaveText(['Help center1', 'Main shop2']);
  await expect(tooltip).toContainText('Total3');

  const axe = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  for (const width of [375, 768, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card.locator('svg')).toBeVisible();
    await expectNoHorizontalScroll(page, `/dashboard at ${width} px`);
  }
});

test('a new feedback arriving while the dashboard is open adds to today on the chart', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Main shop' });
  await sendFeedback(tellbox, widget, noonDaysAgo(2), 1);
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === EVENT_STREAM_PATH && response.status() === 200,
  );
  await open('/dashboard');
  const todayRow = row(page, dayLabel(noonDaysAgo(0)));
  await expect(todayRow.getByRole('cell')).toHaveText(['0', '0']);
  await streamOpened;
  await sendFeedback(tellbox, widget, 0, 1);
  await expect(todayRow.getByRole('cell')).toHaveText(['1', '1']);
});

test('no feedback in the last 30 days: the chart says so', async ({ page, open, signIn, tellbox }) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  await sendFeedback(tellbox, widget, noonDaysAgo(45), 1);
  await open('/dashboard');
  await expect(page.locator('.tb-chart-card').getByText('No feedback in the last 30 days')).toBeVisible();
  await expect(chartTable(page)).toHaveCount(0);
});
