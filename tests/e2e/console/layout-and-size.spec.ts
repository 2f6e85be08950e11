/** Every screen fits 375 px and 1440 px without horizontal scrolling; `/` stays within its byte budget. */
import { gzipSync } from 'node:zlib';
import { acceptCookiesUpFront, expect, test } from './fixtures';

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

for (const width of [375, 1440]) {
  test(`no horizontal scrolling at ${width} px`, async ({ page, open }) => {
    await page.setViewportSize({ width, height: 800 });
    // Nothing breaks on the way: no script errors, no CSP violations, no React warnings.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
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

/** Spec: the landing page is fast; the budget is for everything `/` loads, gzipped. */
const LANDING_BUDGET_BYTES = 250 * 1024;
/** A text only the dashboard screen contains. */
const DASHBOARD_MARKER = 'Your dashboard is on its way.';

test('the JavaScript and CSS that / loads fit the budget and hold no dashboard code', async ({ page, open }) => {
  await acceptCookiesUpFront(page);
  const assets = new Map<string, number>();
  const bodies: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(js|css)$/.test(new URL(url).pathname)) return;
    const body = await response.body();
    bodies.push(body.toString('utf8'));
    assets.set(url, gzipSync(body, { level: 9 }).length);
  });
  await open('/');
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...assets.values()].reduce((sum, size) => sum + size, 0);
  const report = [...assets].map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`);
  console.log(`/ loads ${(total / 1024).toFixed(1)} KB gzipped:\n  ${report.join('\n  ')}`);
  expect(assets.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  for (const url of assets.keys()) expect(url).not.toMatch(/dashboard/i);
  // The dashboard screen's own text must not be in what / loads (code splitting works).
  for (const body of bodies) expect(body).not.toContain(DASHBOARD_MARKER);
});
