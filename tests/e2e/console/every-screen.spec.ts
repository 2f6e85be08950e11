/**
 * Every screen of the console at 375, 768, 1280 and 1440 px, on an account full of realistic data
 * (long names, URLs and messages): the page never scrolls sideways, every button, link and field
 * is on screen without scrolling sideways, and at 375 and 1440 px axe finds no serious or critical
 * violation. Owner screens are checked in the dark theme too, at 375 and 1440 px: it changes
 * colours, not sizes. The dark theme is switched to on the loaded screen, as the system's setting
 * changes (the console follows it live; loading a screen dark is color-scheme.spec.ts's matter),
 * and axe then checks what the switch can change: the colours (COLOR_RULES).
 */
import { acceptCookiesUpFront, expect } from './fixtures';
import { ALL_SCREENS, AXE_WIDTHS, WIDTHS, schemesOf, widthsOf } from './screens/screen-catalogue';
import {
  COLOR_RULES,
  controlsOffScreen,
  seriousAxeViolations,
  showScreen,
  sidewaysOverflow,
  switchScheme,
} from './screens/screen-checks';
import { screenTest as test } from './screens/screen-test';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

for (const screen of ALL_SCREENS) {
  test(`${screen.name} (${screen.path}) fits every width and passes axe`, async ({ page, open, signInFor }) => {
    test.setTimeout(180_000);
    await signInFor(screen);
    for (const width of WIDTHS) {
      const axe = (AXE_WIDTHS as readonly number[]).includes(width);
      // The first scheme checked at this width loads the screen; the next one is switched to.
      const schemes = schemesOf(screen).filter((scheme) => widthsOf(scheme).includes(width));
      for (const [index, scheme] of schemes.entries()) {
        const where = `${screen.name} at ${width} px, ${scheme}`;
        if (index === 0) await showScreen(page, open, screen, width, scheme);
        else await switchScheme(page, scheme);
        expect.soft(await sidewaysOverflow(page), `${where}: the page scrolls sideways by (px)`).toBeLessThanOrEqual(0);
        expect.soft(await controlsOffScreen(page), `${where}: controls off screen`).toEqual([]);
        // A scheme switched to changes colours only, on the very page just checked in full.
        const rules = index === 0 ? undefined : COLOR_RULES;
        if (axe) expect.soft(await seriousAxeViolations(page, rules), `${where}: axe`).toEqual([]);
      }
    }
  });
}
