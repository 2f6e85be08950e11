/**
 * Every screen of the console at 375, 768, 1280 and 1440 px, on an account full of realistic data
 * (long names, URLs and messages): the page never scrolls sideways, every button, link and field
 * is on screen without scrolling sideways, and at 375 and 1440 px axe finds no serious or critical
 * violation. Owner screens are checked in the dark theme too, at 375 and 1440 px: it changes
 * colours, not sizes.
 */
import { acceptCookiesUpFront, expect, test } from './fixtures';
import { accountFor } from './screens/realistic-data';
import { ALL_SCREENS, AXE_WIDTHS, schemesOf, widthsOf } from './screens/screen-catalogue';
import { controlsOffScreen, seriousAxeViolations, showScreen, sidewaysOverflow } from './screens/screen-checks';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

for (const screen of ALL_SCREENS) {
  test(`${screen.name} (${screen.path}) fits every width and passes axe`, async ({ page, open, signIn, tellbox }) => {
    test.setTimeout(180_000);
    await accountFor(screen, signIn, tellbox);
    for (const scheme of schemesOf(screen)) {
      for (const width of widthsOf(scheme)) {
        const where = `${screen.name} at ${width} px, ${scheme}`;
        await showScreen(page, open, screen, width, scheme);
        expect.soft(await sidewaysOverflow(page), `${where}: the page scrolls sideways by (px)`).toBeLessThanOrEqual(0);
        expect.soft(await controlsOffScreen(page), `${where}: controls off screen`).toEqual([]);
        if ((AXE_WIDTHS as readonly number[]).includes(width)) {
          expect.soft(await seriousAxeViolations(page), `${where}: axe`).toEqual([]);
        }
      }
    }
  });
}
