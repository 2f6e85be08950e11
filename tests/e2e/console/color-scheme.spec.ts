/**
 * The console's dark theme: it follows the system's preference, the owner's switch overrides it
 * and is remembered, and the public pages stay light whatever the console uses.
 */
import type { Page } from '@playwright/test';
import { COLORS } from '../../../src/shared/design-tokens';
import { acceptCookiesUpFront, expect, test, waitForRouteDrawn } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** The page's background as `#rrggbb`. */
async function pageBackground(page: Page): Promise<string> {
  const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

test('the console follows a dark system, the switch overrides it and is remembered, the public pages stay light', async ({
  page,
  open,
  signIn,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn();
  await open('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => pageBackground(page)).toBe(COLORS.dark.bg);

  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await theme.getByTitle('Light theme').click();
  await expect.poll(() => pageBackground(page)).toBe(COLORS.light.bg);
  await page.reload();
  await waitForRouteDrawn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => pageBackground(page)).toBe(COLORS.light.bg);

  await theme.getByTitle('Dark theme').click();
  await page.emulateMedia({ colorScheme: 'light' });
  await open('/widgets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageBackground(page)).toBe(COLORS.dark.bg);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => pageBackground(page)).toBe(COLORS.light.bg);
});
