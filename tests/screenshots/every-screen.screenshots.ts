/**
 * Writes every screen of the console (tests/e2e/console/screens/screen-catalogue.ts) at 375 and
 * 1440 px, in each of its themes, to screenshots/<screen>-<width>-<theme>.png, whole pages, for
 * people to look at. Run with `npm run screenshots`.
 */
import path from 'node:path';
import { acceptCookiesUpFront } from '../e2e/console/fixtures';
import { ALL_SCREENS, schemesOf, SCREENSHOT_WIDTHS } from '../e2e/console/screens/screen-catalogue';
import { showScreen } from '../e2e/console/screens/screen-checks';
import { screenTest as test } from '../e2e/console/screens/screen-test';

const FOLDER = path.resolve('screenshots');

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

for (const screen of ALL_SCREENS) {
  test(screen.name, async ({ page, open, signInFor }) => {
    await signInFor(screen);
    for (const scheme of schemesOf(screen)) {
      for (const width of SCREENSHOT_WIDTHS) {
        await showScreen(page, open, screen, width, scheme);
        await page.screenshot({ path: path.join(FOLDER, `${screen.name}-${width}-${scheme}.png`), fullPage: true });
      }
    }
  });
}
