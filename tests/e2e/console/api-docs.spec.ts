/**
 * The API reference (`/api/docs`, Swagger UI themed by server/openapi/reference-theme.css) passes
 * axe as every console screen does: no serious or critical violation (WCAG 2.x A and AA) at 375
 * and 1440 px, in the light and the dark scheme, with its operations folded and one unfolded;
 * and the page never scrolls sideways.
 */
import { expect, test } from './fixtures';
import { AXE_WIDTHS } from './screens/screen-catalogue';
import { seriousAxeViolations, settle, sidewaysOverflow } from './screens/screen-checks';

for (const scheme of ['light', 'dark'] as const) {
  for (const width of AXE_WIDTHS) {
    test(`/api/docs passes axe and fits at ${width} px, ${scheme}`, async ({ page, tellbox }) => {
      // axe reads every one of the reference's hundred operations: slow on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(`${tellbox.server.url}/api/docs`);
      const operations = page.locator('.opblock');
      await expect(operations.first()).toBeVisible();
      await settle(page);
      expect(await seriousAxeViolations(page), `folded, ${width} px, ${scheme}`).toEqual([]);

      // One operation unfolded: its parameters, responses and "Try it out" button.
      await page.locator('.opblock-summary-control').first().click();
      await expect(page.locator('.opblock-body').first()).toBeVisible();
      await settle(page);
      expect(await seriousAxeViolations(page), `unfolded, ${width} px, ${scheme}`).toEqual([]);
      expect(await sidewaysOverflow(page), 'the page scrolls sideways by (px)').toBeLessThanOrEqual(0);
    });
  }
}
