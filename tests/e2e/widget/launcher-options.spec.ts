/**
 * The owner's launcher options: no launcher at all (their own button calls `Tellbox.open()`), its
 * distance from the corner, and the count of unread updates on it; and the Updates tab's link to
 * the public changelog.
 */
import type { Page } from '@playwright/test';
import { withClockAdvanced } from '../../helpers/test-clock';
import { expect, expectCleanPage, seedWidget, test } from './fixtures';
import { dialogOf, launcherLook, launcherOf } from './steps';

test("with the launcher hidden, the owner's button opens the dialog and gets the focus back", async ({
  page,
  tellbox,
  probe,
}) => {
  const { widget } = await seedWidget(tellbox, { widget: { hideLauncher: true } });
  await page.goto(tellbox.pages.url('shop.test', 'own-button', widget.key));
  // The widget is on the page (its host element), with no launcher and no unread count.
  await expect(page.locator('tellbox-widget')).toBeAttached();
  await page.waitForFunction(() => performance.getEntriesByName('tellbox:launcher').length > 0);
  await expect(page.locator('tellbox-widget button')).toHaveCount(0);
  await expect(page.locator('tellbox-widget .badge')).toHaveCount(0);
  await expect(launcherOf(page)).toHaveCount(0);

  const ownButton = page.getByRole('button', { name: 'Help & feedback' });
  await ownButton.focus();
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ownButton).toBeFocused();

  // With a mouse too; the dialog sits in the corner the launcher would have taken.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ownButton.click();
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  expect((viewport?.width ?? 0) - (box?.x ?? 0) - (box?.width ?? 0)).toBe(20);
  expect((viewport?.height ?? 0) - (box?.y ?? 0) - (box?.height ?? 0)).toBe(20);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ownButton).toBeFocused();
  await expectCleanPage(page, probe);
});

test('the offsets move the launcher from its corner, and the dialog opens above it', async ({ page, tellbox }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const right = await seedWidget(tellbox, { widget: { offsetX: 64, offsetY: 100 }, posts: false });
  await page.goto(tellbox.pages.url('shop.test', 'plain', right.widget.key));
  expect(await launcherLook(launcherOf(page))).toMatchObject({ right: 64, bottom: 100, height: 48 });
  await launcherOf(page).click();
  const viewport = page.viewportSize();
  const box = await dialogOf(page).boundingBox();
  expect((viewport?.width ?? 0) - (box?.x ?? 0) - (box?.width ?? 0)).toBe(64);
  // 100 + the launcher's 48 + a 12 px gap.
  expect((viewport?.height ?? 0) - (box?.y ?? 0) - (box?.height ?? 0)).toBe(160);

  const left = await seedWidget(tellbox, {
    widget: { position: 'bottom-left', offsetX: 0, offsetY: 0 },
    posts: false,
  });
  await page.goto(tellbox.pages.url('shop.test', 'plain', left.widget.key));
  expect(await launcherLook(launcherOf(page))).toMatchObject({ left: 0, bottom: 0 });

  // Phones keep the full-width bottom sheet whatever the offsets.
  await page.goto(tellbox.pages.url('shop.test', 'plain', right.widget.key));
  await page.setViewportSize({ width: 375, height: 700 });
  await launcherOf(page).click();
  expect(await dialogOf(page).boundingBox()).toMatchObject({ x: 0, width: 375 });
});

test('the launcher counts the unread updates until the Updates tab is seen', async ({ browser, page, tellbox }) => {
  const seeded = await seedWidget(tellbox);
  const url = tellbox.pages.url('shop.test', 'plain', seeded.widget.key);
  await page.goto(url);
  const unread = page.getByRole('button', { name: 'Feedback 2 new updates' });
  await expect(unread).toBeVisible();
  const badge = page.locator('tellbox-widget .badge');
  await expect(badge).toHaveText('2');
  await unread.click();
  const dialog = dialogOf(page);
  // The Feedback tab alone does not count as seeing the updates.
  await page.keyboard.press('Escape');
  await expect(badge).toHaveText('2');
  await unread.click();
  await dialog.getByRole('tab', { name: 'Updates' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeFocused();
  await expect(badge).toBeHidden();

  /**
   * The owner publishes `count` posts, each a minute after the one before. The worker's server
   * clock is moved for each post only: tests after this one read it as it was.
   */
  let minutesLater = 0;
  async function publish(count: number) {
    for (let i = 1; i <= count; i += 1) {
      minutesLater += 1;
      const post = { widgetId: seeded.widget._id, title: `News ${i}`, content: 'Something new.', icon: '🎉' };
      const published = await withClockAdvanced(tellbox.server.clock, minutesLater * 60_000, () =>
        tellbox.api.post('/api/post', post, { token: seeded.owner.token }),
      );
      expect(published.status).toBe(201);
    }
  }
  /** A later visit: a fresh HTTP cache, the same storage. */
  async function visitAgain(from: Page) {
    const context = await browser.newContext({ storageState: await from.context().storageState(), timezoneId: 'UTC' });
    const later = await context.newPage();
    await later.goto(url);
    return later;
  }

  // Ten more posts: the badge and the name say "9+".
  await publish(10);
  const second = await visitAgain(page);
  await expect(second.getByRole('button', { name: 'Feedback 9+ new updates' })).toBeVisible();
  await expect(second.locator('tellbox-widget .badge')).toHaveText('9+');
  await second.getByRole('button', { name: 'Feedback 9+ new updates' }).click();
  await dialogOf(second).getByRole('tab', { name: 'Updates' }).click();
  await second.keyboard.press('Escape');

  // One more after those were seen: "1 new update".
  await publish(1);
  const third = await visitAgain(second);
  await expect(third.getByRole('button', { name: 'Feedback 1 new update' })).toBeVisible();
  await expect(third.locator('tellbox-widget .badge')).toHaveText('1');
  await second.context().close();
  await third.context().close();
});

test('"All updates" on the Updates tab opens the public changelog in a new tab', async ({ page, tellbox, probe }) => {
  const { widget } = await seedWidget(tellbox);
  await page.goto(tellbox.pages.url('shop.test', 'plain', widget.key));
  await launcherOf(page).click();
  await dialogOf(page).getByRole('tab', { name: 'Updates' }).click();
  const all = dialogOf(page).getByRole('link', { name: 'All updates' });
  expect(widget.changelogUrl).toMatch(new RegExp(`^https?://[^/]+/changelog/${widget.key}$`));
  await expect(all).toHaveAttribute('href', widget.changelogUrl ?? '');
  await expect(all).toHaveAttribute('target', '_blank');
  await expect(all).toHaveAttribute('rel', 'noopener');
  await expectCleanPage(page, probe);

  // Turned off by the owner: no link.
  const off = await seedWidget(tellbox, { widget: { publicChangelog: false } });
  await page.goto(tellbox.pages.url('shop.test', 'plain', off.widget.key));
  await launcherOf(page).click();
  await dialogOf(page).getByRole('tab', { name: 'Updates' }).click();
  await expect(dialogOf(page).getByRole('heading', { name: 'We shipped dark mode' })).toBeVisible();
  await expect(dialogOf(page).getByRole('link', { name: 'All updates' })).toHaveCount(0);
});
