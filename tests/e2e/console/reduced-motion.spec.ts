/**
 * An owner who asks their system for less motion gets a console that does not zoom or slide:
 * dialogs appear and go at once, buttons do not ripple. Everyone else keeps antd's short animations.
 */
import type { Page } from '@playwright/test';
import { acceptCookiesUpFront, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

interface SeenMotion {
  /** Every CSS animation and transition that started, as the page's events told. */
  started: string[];
  /** The animation each element was styled with as its classes changed. */
  styled: string[];
}

/**
 * Starts noting motion on the page; returns a reader. The events come with rendered frames, so on
 * a busy machine an animation cancelled before its first frame never tells: the styles say what
 * each element was given to play, whether or not a frame showed it.
 */
async function recordMotion(page: Page): Promise<() => Promise<SeenMotion>> {
  await page.evaluate(() => {
    const seen: SeenMotion = { started: [], styled: [] };
    (window as unknown as { seenMotion: SeenMotion }).seenMotion = seen;
    document.addEventListener('animationstart', (event) => seen.started.push(event.animationName), true);
    document.addEventListener(
      'transitionstart',
      (event) => seen.started.push(`transition of ${event.propertyName}`),
      true,
    );
    new MutationObserver((records) => {
      for (const record of records) {
        if (!(record.target instanceof Element)) continue;
        const name = getComputedStyle(record.target).animationName;
        if (name !== 'none' && !seen.styled.includes(name)) seen.styled.push(name);
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenMotion: SeenMotion }).seenMotion);
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
    // Scripts that load from now on wait until the dialog or a spinner is on screen, as on a slow
    // network, so a spinner the dialog shows while its code arrives is seen (and judged) too.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const seenMotion = await recordMotion(page);
    await page.getByRole('button', { name: 'Create New Widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Widget' });
    await expect(dialog.or(page.locator('.ant-spin-spinning')).first()).toBeVisible();
    release();
    await expect(dialog).toBeVisible();
    // Cancel is clicked once the zoom has ended, as a person would: a click on a button still
    // zooming into place can land where it no longer is (it once left the dialog open).
    await expect(dialog).not.toHaveClass(/-appear/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const seen = await seenMotion();
    if (motion === 'reduce') expect(seen).toEqual({ started: [], styled: [] });
    // antd prefixes its keyframes with the theme's hash.
    else expect(seen.styled).toContainEqual(expect.stringMatching(/antZoomIn$/));
  });
}
