/**
 * Every public screen fits 375 px and 1440 px without horizontal scrolling. (What `/` loads is
 * checked against its byte budget by `npm run bench`: tests/bench/landing-bench.ts.)
 */
import { expect, test } from './fixtures';

const SCREENS = [
  '/',
  '/login',
  '/signup',
  '/email-confirmation',
  '/confirm-email',
  '/forgot-password',
  '/reset-password?token=abc',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/rebrand',
  '/unauthorized',
  '/no-such-page',
];

const isNotFoundStatus = (url: string, text: string) =>
  new URL(url).pathname === '/no-such-page' && text.includes('status of 404');

for (const width of [375, 1440]) {
  test(`no horizontal scrolling at ${width} px`, async ({ page, open }) => {
    await page.setViewportSize({ width, height: 800 });
    // Nothing breaks on the way: no script errors, no CSP violations, no React warnings.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      // The not-found page answers with status 404, which Chromium logs as a failed resource.
      if (message.type() === 'error' && !isNotFoundStatus(page.url(), message.text())) problems.push(message.text());
    });
    for (const path of SCREENS) {
      await open(path);
      await expect(page.locator('h1').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      // the cookie banner shows on the first page only; its layout is checked there too
    }
    expect(problems).toEqual([]);
  });
}
