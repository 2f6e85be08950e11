/**
 * An owner who asks their system for less motion gets a console that does not zoom or slide:
 * dialogs appear and go at once, buttons do not ripple. Everyone else keeps antd's short animations.
 */
import type { Page } from '@playwright/test';
import { acceptCookiesUpFront, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** Starts noting every CSS animation and transition that starts on the page; returns a reader. */
async function recordMotion(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenMotion: string[] }).seenMotion = seen;
    document.addEventListener('animationstart', (event) => seen.push(event.animationName), true);
    document.addEventListener('transitionstart', (event) => seen.push(`transition of ${event.propertyName}`), true);
  });
  return () => page.evaluate(() => (window as unknown as { seenMotion: string[] }).seenMotion);
}

for (const motion of ['reduce', 'no-preference'] as const) {
  const what = motion === 'reduce' ? 'opens and closes without any animation' : 'zooms in';
  test(`with prefers-reduced-motion: ${motion}, the Create New Widget dialog ${what}`, async ({
    page,
    open,
    signIn,
  }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await signIn();
    await open('/widgets');
    // Scripts that load from now on come late, as on a slow network, so the dialog's spinner shows.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const seenMotion = await recordMotion(page);
    await page.getByRole('button', { name: 'Create New Widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Widget' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    if (motion === 'reduce') expect(await seenMotion()).toEqual([]);
    // antd prefixes its keyframes with the theme's hash.
    else expect(await seenMotion()).toContainEqual(expect.stringMatching(/antZoomIn$/));
  });
}
