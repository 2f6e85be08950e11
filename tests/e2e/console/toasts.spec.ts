/**
 * Toasts never cover what the owner acts on next: after a row's action, the toast it gives sits
 * clear of every row action and page action on screen, on a phone and on a wide screen.
 */
import type { Locator, Page } from '@playwright/test';
import { createWidget, validPost } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, expectToast, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));
// With antd's animations, as most owners see them: the toasts are measured once they have slid in.
test.use({ reducedMotion: 'no-preference' });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The boxes of the buttons and links in `scope` that are on screen: below the sticky app bar, as
 * what has scrolled under the bar is hidden by it already.
 */
async function visibleActionBoxes(page: Page, scope: Locator): Promise<{ name: string; box: Box }[]> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const bar = await page.locator('.tb-app-header').boundingBox();
  const top = bar ? bar.y + bar.height : 0;
  const screen = { x: 0, y: top, width: viewport.width, height: viewport.height - top };
  const found: { name: string; box: Box }[] = [];
  for (const action of await scope.locator('button, a').all()) {
    const box = await action.boundingBox();
    if (box && box.width > 0 && overlaps(box, screen)) found.push({ name: (await action.textContent()) ?? '', box });
  }
  return found;
}

for (const width of [375, 1440]) {
  test(`at ${width} px a toast covers no row action and no page action`, async ({ page, open, signIn, tellbox }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const owner = await signIn({ plan: 'premium' });
    const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
    for (let i = 0; i < 14; i++) {
      const response = await tellbox.api.post(
        '/api/post',
        { ...validPost(widget._id), title: `Post number ${i + 1}` },
        { token: owner.token },
      );
      expect(response.status, response.text).toBe(201);
    }
    await open('/news');
    // A table row, or on a phone a card.
    const rows = page.locator('tbody tr.ant-table-row, .tb-list-card');
    await expect(rows).toHaveCount(14);

    // A row far down the list: on a phone the page has scrolled, and the rows fill the screen.
    const row = rows.filter({ hasText: 'Post number 2', hasNotText: 'Post number 12' });
    await row.scrollIntoViewIfNeeded();
    if (width === 375) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await row.getByRole('button', { name: /^Delete / }).click();
    // The app bar the phone's toasts sit over stays on screen while the dialog locks the page's
    // scrolling, and as it closes, which is when the toast comes.
    const appBar = page.locator('.tb-app-header');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect((await appBar.boundingBox())?.y).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'News post deleted');
    // Measured where the toast comes to rest, not part-way through its slide in, and once the
    // closing dialog has given the page back its scrolling.
    await page
      .locator('.ant-notification')
      .evaluate((toasts) =>
        Promise.all(toasts.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const toast = await page.locator('.ant-notification-notice').first().boundingBox();
    expect(toast).not.toBeNull();

    const actions = [
      ...(await visibleActionBoxes(page, page.locator('tbody, .tb-list-cards'))),
      ...(await visibleActionBoxes(page, page.locator('.tb-page-header'))),
    ];
    expect(actions.length).toBeGreaterThan(0);
    const covered = actions.filter(({ box }) => overlaps(box, toast as Box)).map(({ name }) => name);
    expect(covered, `actions under the toast at ${width} px`).toEqual([]);
  });
}
