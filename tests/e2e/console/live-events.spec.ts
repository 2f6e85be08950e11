/**
 * Live lists (issue 7): with an owner screen open, feedback that a visitor sends through the
 * public API appears without a reload, over the owner's event stream (`GET /api/events`, token in
 * the Authorization header), and hostile text stays text.
 */
import type { Page, Request } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { EVENT_STREAM_PATH } from '../../../src/shared/desktop-events';
import { createWidget, validFeedback } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, recordDialogs, test, type Console } from './fixtures';

const ORIGIN = { Origin: 'https://shop.example.com', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) TellboxE2E/1.0' };

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function sendFeedback(tellbox: Console, widget: Widget, message: string) {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), {
    headers: ORIGIN,
  });
  expect(response.status, response.text).toBe(201);
}

/** Every request the page makes for the event stream. */
function recordStreamRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(EVENT_STREAM_PATH)) requests.push(request);
  });
  return requests;
}

/** Resolves once the event stream has answered 200 (its headers; the body stays open). */
const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === EVENT_STREAM_PATH && response.status() === 200,
  );

/** A mark in the page's memory: a reload would lose it. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { liveEventsMark: 'still here' }));
}
const pageMark = (page: Page) => page.evaluate(() => (window as unknown as { liveEventsMark?: string }).liveEventsMark);

test('/feedback: new feedback appears without a reload, as text', async ({ page, open, signIn, tellbox }) => {
  const dialogs = recordDialogs(page);
  const streamRequests = recordStreamRequests(page);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Live shop' });

  const opened = streamOpened(page);
  await open('/feedback');
  await expect(page.getByText('No feedback received yet.')).toBeVisible();
  await opened;
  await markPage(page);

  await sendFeedback(tellbox, widget, 'The live list works');
  const rows = page.getByRole('list', { name: 'Feedback' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('The live list works');
  await expect(rows.first()).toContainText('Live shop');

  const hostile = '<img src=x onerror="alert(document.domain)"> arrived live';
  await sendFeedback(tellbox, widget, hostile);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'arrived live' })).toContainText('<img src=x onerror=');
  await expect(page.locator('.tb-inbox-rows img')).toHaveCount(0);

  expect(await pageMark(page)).toBe('still here');
  expect(dialogs).toEqual([]);
  // One stream, the token in its header and nowhere in its URL.
  expect(streamRequests).toHaveLength(1);
  const request = streamRequests[0] as Request;
  expect(await request.headerValue('authorization')).toBe(`Bearer ${owner.token}`);
  expect(request.url()).not.toContain(owner.token);
});

test('/dashboard: the total and the recent list update live; moving to /feedback keeps the one stream', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const streamRequests = recordStreamRequests(page);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Dashboard shop' });

  const opened = streamOpened(page);
  await open('/dashboard');
  const total = page
    .locator('.tb-stat-card')
    .filter({ has: page.getByRole('heading', { name: 'Total Feedback' }) })
    .locator('.tb-stat-card-value');
  await expect(total).toHaveText('0');
  await opened;
  await markPage(page);

  await sendFeedback(tellbox, widget, 'Seen on the dashboard');
  await expect(total).toHaveText('1');
  const recent = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Recent Feedback', exact: true }) });
  await expect(recent).toContainText('Seen on the dashboard');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await sendFeedback(tellbox, widget, 'Seen on the inbox');
  await expect(
    page.getByRole('list', { name: 'Feedback' }).getByRole('listitem').filter({ hasText: 'Seen on the inbox' }),
  ).toHaveCount(1);

  expect(await pageMark(page)).toBe('still here');
  expect(streamRequests).toHaveLength(1);
});

test('logging out closes the stream', async ({ page, open, signIn }) => {
  await signIn();
  const opened = streamOpened(page);
  await open('/dashboard');
  await opened;
  const isStream = (request: Request) => new URL(request.url()).pathname === EVENT_STREAM_PATH;
  // The aborted fetch ends the request in the browser: it fails (aborted) or finishes.
  const ended = Promise.race([
    page.waitForEvent('requestfailed', { predicate: isStream }),
    page.waitForEvent('requestfinished', { predicate: isStream }),
  ]);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await ended;
});
