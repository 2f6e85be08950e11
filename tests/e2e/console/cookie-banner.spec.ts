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

test('on a 375 px phone the banner is a compact bar, and Sign Up scrolls clear of it and takes the click', async ({
  page,
  open,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await open('/signup');
  const bar = await banner(page).boundingBox();
  expect(bar).not.toBeNull();
  // A bar along the bottom edge: a fifth of the screen at most, the buttons on one row.
  expect(bar?.height ?? Infinity).toBeLessThanOrEqual(667 / 5);
  const actions = await banner(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(new Set(actions).size).toBe(1);
  // The page keeps room for it at its foot: at least the banner's height.
  const room = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(room).toBeGreaterThanOrEqual(bar?.height ?? Infinity);

  // Scrolled as far as the page goes, the button is above the banner, where a tap lands on it.
  const signUp = page.getByRole('form', { name: 'Sign Up' }).getByRole('button', { name: 'Sign Up' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = await signUp.boundingBox();
  const shown = await banner(page).boundingBox();
  expect(button && shown && button.y + button.height).toBeLessThanOrEqual(shown?.y ?? 0);
  const hit = await signUp.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === element;
  });
  expect(hit, 'the element at the centre of Sign Up is Sign Up').toBe(true);
  await signUp.click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();

  // Once a choice is made, the page gives the banner's room back.
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
});
