/** The cookie banner on every page (docs/product.md §2, §4). */
import type { Page } from '@playwright/test';
import { expect, test, waitForRouteDrawn } from './fixtures';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

for (const path of ['/', '/login', '/rebrand', '/privacy-policy', '/no-such-page']) {
  test(`the banner shows on ${path} while no choice is stored`, async ({ page, open }) => {
    await open(path);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Close' })).toBeVisible();
  });
}

test('Accept All stores accepted and the banner stays away', async ({ page, open }) => {
  await open('/');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('accepted');
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('Decline stores declined', async ({ page, open }) => {
  await open('/login');
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('declined');
});

test('the close icon hides the banner without storing a choice', async ({ page, open }) => {
  await open('/');
  await banner(page).getByRole('button', { name: 'Close' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBeNull();
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(banner(page)).toBeVisible();
});

test('the banner works by keyboard', async ({ page, open }) => {
  await open('/contact');
  await banner(page).getByRole('button', { name: 'Accept All' }).focus();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('accepted');
});
