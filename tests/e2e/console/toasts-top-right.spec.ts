/**
 * Toasts sit at the top, right on a wide screen, over the bar that stays put: never over the
 * cookie banner at the foot of the screen, nor over the page's buttons and links (issue 32). The
 * banner shows here (no choice stored), as on a first visit.
 */
import type { Locator, Page } from '@playwright/test';
import { createOwner } from '../../helpers/factories';
import { expect, expectToast, test, uniqueEmail } from './fixtures';

test.use({ reducedMotion: 'no-preference' });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The first toast's box once it has slid in. */
async function restingToast(page: Page): Promise<Box> {
  const toasts = page.locator('.ant-notification');
  await toasts.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const box = await page.locator('.ant-notification-notice').first().boundingBox();
  expect(box).not.toBeNull();
  return box as Box;
}

/** The buttons and links in `scope` that are on screen, with their names. */
async function actionBoxes(scope: Locator): Promise<{ name: string; box: Box }[]> {
  const found: { name: string; box: Box }[] = [];
  for (const action of await scope.locator('button, a').all()) {
    const box = await action.boundingBox();
    if (box && box.width > 0) found.push({ name: (await action.textContent())?.trim() ?? '', box });
  }
  return found;
}

async function expectClearOf(page: Page, toast: Box, scope: Locator, width: number) {
  const banner = await page.getByRole('region', { name: 'Cookie consent' }).boundingBox();
  expect(banner, 'the cookie banner shows').not.toBeNull();
  expect(overlaps(toast, banner as Box), `the toast covers the cookie banner at ${width} px`).toBe(false);
  const actions = await actionBoxes(scope);
  expect(actions.length).toBeGreaterThan(0);
  const covered = actions.filter(({ box }) => overlaps(box, toast)).map(({ name }) => name);
  expect(covered, `actions under the toast at ${width} px`).toEqual([]);
}

function expectAtTheTop(page: Page, toast: Box, width: number) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(toast.y).toBeLessThan(16);
  // Right on a wide screen; across the top on a phone.
  if (width >= 768) expect(viewport.width - (toast.x + toast.width)).toBeLessThanOrEqual(32);
  else expect(Math.abs(toast.x + toast.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
}

for (const width of [375, 1440]) {
  test(`at ${width} px a public page's toast sits at the top, clear of the banner and the page's actions`, async ({
    page,
    open,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 900 });
    await open('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('toast'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Reset email sent', 'Please check your email for password reset instructions.');
    const toast = await restingToast(page);
    expectAtTheTop(page, toast, width);
    await expectClearOf(page, toast, page.locator('main'), width);
  });

  test(`at ${width} px the console's toast sits at the top, clear of the banner and the page's actions`, async ({
    page,
    open,
    tellbox,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const owner = await createOwner(tellbox.server, tellbox.api, { email: uniqueEmail('toast') });
    await open('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel('Password').fill(owner.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Login successful', 'Welcome back!');
    const toast = await restingToast(page);
    expectAtTheTop(page, toast, width);
    await expect(page.locator('.tb-page-header')).toBeVisible();
    await expectClearOf(page, toast, page.locator('.tb-app-content'), width);
  });
}
