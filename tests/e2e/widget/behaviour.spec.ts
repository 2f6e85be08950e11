/**
 * The widget's behaviour beyond the basic journey, on the plain page unless a case needs another:
 * the JavaScript API and its event, loading twice, focus handling, validation, a failed send and
 * its retry, the unread count, phones, colour scheme, reduced motion, contrast, one-tab widgets, and
 * the `<style nonce>` fallback for browsers without constructable stylesheets.
 */
import type { Page } from '@playwright/test';
import { withClockAdvanced } from '../../helpers/test-clock';
import {
  expect,
  expectCleanPage,
  ownerFeedback,
  readProbe,
  seedWidget,
  test,
  type Seeded,
  type Tellbox,
} from './fixtures';
import { deepFocus, dialogOf, launcherLook, launcherOf, tabTo } from './steps';

async function openPlainPage(page: Page, tellbox: Tellbox, seeded: Seeded) {
  await page.goto(tellbox.pages.url('shop.test', 'plain', seeded.widget.key));
  await expect(page.getByRole('button', { name: /^(Feedback|Updates)/ })).toBeVisible();
}

const feedbackPosts = (page: Page) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/feedback')) posts.push(request.postData() ?? '');
  });
  return posts;
};

test('one global, Tellbox.open() and close(), and an event when feedback is sent', async ({ page, tellbox, probe }) => {
  const seeded = await seedWidget(tellbox);
  await openPlainPage(page, tellbox, seeded);
  const added = await page.evaluate(() => {
    const before = new Set((window as unknown as { __tb: { globals: string[] } }).__tb.globals);
    return Object.getOwnPropertyNames(window).filter((name) => !before.has(name) && name !== '__tb');
  });
  expect(added).toEqual(['Tellbox']);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  const dialog = dialogOf(page);
  await page.evaluate(() => window.Tellbox?.open());
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await page.evaluate(() => window.Tellbox?.close());
  await expect(dialog).toBeHidden();
  // The owner's own button opens it; focus returns there on Escape.
  const ownButton = page.getByRole('button', { name: 'Subscribe' });
  await ownButton.focus();
  await page.evaluate(() => window.Tellbox?.open());
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ownButton).toBeFocused();
  await page.evaluate(() => window.Tellbox?.open('news'));
  await expect(dialog.getByRole('tab', { name: 'Updates' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: 'Feedback' }).click();
  await dialog.getByLabel('Message').fill('Sent through the API test');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  expect((await readProbe(page)).sent).toEqual([{ siteKey: seeded.widget.key }]);
  await expectCleanPage(page, probe);
});

test('Tellbox.open() called before the widget is ready opens it once ready', async ({ page, tellbox, probe }) => {
  const seeded = await seedWidget(tellbox, { posts: false });
  // The config answers slowly, so the owner's call surely comes first.
  let calledEarly = false;
  await page.route('**/api/public/widget/*', async (route) => {
    await page.waitForFunction(() => window.Tellbox);
    calledEarly = await page.evaluate(() => {
      window.Tellbox?.open();
      return !document.querySelector('tellbox-widget');
    });
    await route.continue();
  });
  await page.goto(tellbox.pages.url('shop.test', 'plain', seeded.widget.key));
  await expect(dialogOf(page)).toBeVisible();
  expect(calledEarly).toBe(true);
  await expect(dialogOf(page).getByLabel('Message')).toBeFocused();
  await expectCleanPage(page, probe);
});

test('loading the script twice renders one widget and fetches its config once', async ({ page, tellbox, probe }) => {
  const seeded = await seedWidget(tellbox, { posts: false });
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/public/widget/')) configRequests.push(request.url());
  });
  await openPlainPage(page, tellbox, seeded);
  await page.evaluate(
    ({ src, key }) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = `${src}?again`;
        script.dataset.siteKey = key;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('second load failed'));
        document.body.append(script);
      }),
    { src: `${tellbox.server.url}/widget.js`, key: seeded.widget.key },
  );
  // A second copy that booted would have asked for the config while it ran, before its load event:
  // a request made after that event reaches the listener after it, so once a marker request has
  // been seen, the count is complete (and without a second config, nothing renders a second time).
  const marker = page.waitForRequest((request) => request.url().endsWith('/favicon.ico?e2e-marker'));
  await page.evaluate(() => void fetch('/favicon.ico?e2e-marker'));
  await marker;
  await expect(page.locator('tellbox-widget')).toHaveCount(1);
  await expect(launcherOf(page)).toHaveCount(1);
  expect(configRequests).toHaveLength(1);
  await expectCleanPage(page, probe);
});

test('focus moves in, stays trapped in both directions, and Escape returns it to the launcher', async ({
  page,
  tellbox,
  probe,
}) => {
  const seeded = await seedWidget(tellbox);
  await openPlainPage(page, tellbox, seeded);
  const launcher = launcherOf(page);
  await tabTo(page, launcher);
  await page.keyboard.press('Space');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(key);
      expect(await deepFocus(page), `${key} × ${i + 1}`).toMatchObject({ inDialog: true });
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();

  // The close button and the backdrop close it too, and focus comes back the same way.
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await page.mouse.click(10, 10);
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await expectCleanPage(page, probe);
});

test('an empty message and a bad e-mail are caught before sending, with labelled errors', async ({
  page,
  tellbox,
  probe,
}) => {
  const seeded = await seedWidget(tellbox, { posts: false });
  await openPlainPage(page, tellbox, seeded);
  const sent = feedbackPosts(page);
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  const message = dialog.getByLabel('Message');
  const email = dialog.getByLabel('Email (optional)');

  await message.fill('   ');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAccessibleDescription('Please enter your feedback');
  await expect(message).toBeFocused();

  await message.fill('Great product');
  await email.fill('not-an-address');
  await page.keyboard.press('Enter');
  await expect(message).not.toHaveAttribute('aria-invalid');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Invalid email');
  await expect(email).toBeFocused();
  expect(sent).toEqual([]);

  await email.fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0] ?? '{}')).toEqual({ message: 'Great product', pageUrl: page.url() });
  await expectCleanPage(page, probe);
});

test('a failed send says so, keeps the text, and "Try again" sends it', async ({ page, tellbox }) => {
  const seeded = await seedWidget(tellbox, { posts: false });
  await openPlainPage(page, tellbox, seeded);
  await page.route('**/api/public/widget/*/feedback', (route) => route.abort('connectionreset'));
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  const text = 'This must survive a network failure';
  await dialog.getByLabel('Message').fill(text);
  await dialog.getByLabel('Name (optional)').fill('Grace');
  const send = dialog.getByRole('button', { name: 'Send' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Your feedback could not be sent.');
  const retry = dialog.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeFocused();
  await expect(dialog.getByLabel('Message')).toHaveValue(text);
  await expect(dialog.getByLabel('Name (optional)')).toHaveValue('Grace');
  expect(await ownerFeedback(tellbox, seeded.owner)).toEqual([]);

  await page.unroute('**/api/public/widget/*/feedback');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  const stored = await ownerFeedback(tellbox, seeded.owner);
  expect(stored.map((item) => [item.message, item.authorName])).toEqual([[text, 'Grace']]);
});

test('an unread count marks posts newer than the last one seen, remembered across visits', async ({
  browser,
  page,
  tellbox,
}) => {
  const seeded = await seedWidget(tellbox);
  await openPlainPage(page, tellbox, seeded);
  const unread = page.getByRole('button', { name: 'Feedback 2 new updates' });
  await expect(unread).toBeVisible();
  await unread.click();
  await dialogOf(page).getByRole('tab', { name: 'Updates' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeFocused();

  // A later visit (fresh HTTP cache, same storage): nothing new, no count.
  const storageState = await page.context().storageState();
  const later = await browser.newContext({ storageState, timezoneId: 'UTC' });
  const second = await later.newPage();
  await openPlainPage(second, tellbox, seeded);
  await expect(second.getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();
  await expect(second.locator('tellbox-widget .badge')).toBeHidden();
  await later.close();

  // The owner publishes again, a minute later: the count is back, for that one post.
  const post = { widgetId: seeded.widget._id, title: 'Newer news', content: 'Something new to read.', icon: '🎉' };
  const published = await withClockAdvanced(tellbox.server.clock, 60_000, () =>
    tellbox.api.post('/api/post', post, { token: seeded.owner.token }),
  );
  expect(published.status).toBe(201);
  const again = await browser.newContext({ storageState, timezoneId: 'UTC' });
  const third = await again.newPage();
  await openPlainPage(third, tellbox, seeded);
  await expect(third.getByRole('button', { name: 'Feedback 1 new update' })).toBeVisible();
  await expect(third.locator('tellbox-widget .badge')).toHaveText('1');
  await again.close();
});

test('phones get a full-width sheet under 480 px', async ({ page, tellbox }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  // No entrance animation: the box is measured where it comes to rest.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const seeded = await seedWidget(tellbox);
  await openPlainPage(page, tellbox, seeded);
  await launcherOf(page).click();
  const box = await dialogOf(page).boundingBox();
  expect(box).toMatchObject({ x: 0, width: 375 });
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(700);

  await page.setViewportSize({ width: 1024, height: 700 });
  const wide = await dialogOf(page).boundingBox();
  expect(wide?.width).toBe(380);
  expect(1024 - (wide?.x ?? 0) - (wide?.width ?? 0)).toBe(20);
});

test('it follows the colour scheme and animates only without reduced motion', async ({ page, tellbox }) => {
  const seeded = await seedWidget(tellbox);
  await openPlainPage(page, tellbox, seeded);
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  const look = () =>
    dialog.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color, animation: style.animationName };
    });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  expect(await look()).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(17, 24, 39)', animation: 'tb-in' });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  expect(await look()).toEqual({ background: 'rgb(31, 41, 55)', color: 'rgb(249, 250, 251)', animation: 'none' });
});

/** WCAG contrast of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+/g) ?? []).map((n) => {
      const c = Number(n) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

for (const [color, text, position] of [
  ['#FFEB3B', 'rgb(0, 0, 0)', 'bottom-left'],
  ['#1E3A8A', 'rgb(255, 255, 255)', 'bottom-right'],
  ['#777777', 'rgb(0, 0, 0)', 'bottom-right'],
] as const) {
  test(`launcher text on ${color} is ${text} (≥ 4.5:1), at the ${position}`, async ({ page, tellbox }) => {
    const seeded = await seedWidget(tellbox, { widget: { primaryColor: color, position }, posts: false });
    await openPlainPage(page, tellbox, seeded);
    const look = await launcherLook(launcherOf(page));
    expect(look.color).toBe(text);
    expect(contrast(look.background, look.color)).toBeGreaterThanOrEqual(4.5);
    expect(position === 'bottom-left' ? look.left : look.right).toBe(20);

    // The dialog opens on the launcher's side, and its Send button has the same colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await launcherOf(page).click();
    const box = await dialogOf(page).boundingBox();
    const viewport = page.viewportSize();
    expect(position === 'bottom-left' ? box?.x : (viewport?.width ?? 0) - (box?.x ?? 0) - (box?.width ?? 0)).toBe(20);
    expect(await launcherLook(dialogOf(page).getByRole('button', { name: 'Send' }))).toMatchObject({
      background: look.background,
      color: look.color,
    });
  });
}

test('one enabled tab means no tab bar: Feedback only, or Updates only', async ({ page, tellbox, probe }) => {
  const feedbackOnly = await seedWidget(tellbox, { widget: { enableNews: false } });
  await openPlainPage(page, tellbox, feedbackOnly);
  await launcherOf(page).click();
  await expect(dialogOf(page).getByLabel('Message')).toBeFocused();
  await expect(dialogOf(page).getByRole('tablist')).toHaveCount(0);
  await expect(dialogOf(page).getByText('We shipped dark mode')).toHaveCount(0);

  const newsOnly = await seedWidget(tellbox, { widget: { enableFeedback: false } });
  await openPlainPage(page, tellbox, newsOnly);
  const launcher = page.getByRole('button', { name: 'Updates 2 new updates' });
  await launcher.click();
  await expect(dialogOf(page).getByRole('tablist')).toHaveCount(0);
  await expect(dialogOf(page).getByLabel('Message')).toHaveCount(0);
  await expect(dialogOf(page).getByRole('heading', { name: 'We shipped dark mode' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Updates', exact: true })).toBeFocused();
  await expectCleanPage(page, probe);
});

test('without constructable stylesheets, a <style> with the script nonce works under the strict CSP', async ({
  page,
  tellbox,
  probe,
}) => {
  await page.addInitScript(() => {
    // An older browser: no adoptedStyleSheets anywhere.
    delete (ShadowRoot.prototype as Partial<ShadowRoot>).adoptedStyleSheets;
    delete (Document.prototype as Partial<Document>).adoptedStyleSheets;
  });
  const seeded = await seedWidget(tellbox, { posts: false });
  await page.goto(tellbox.pages.url('shop.test', 'strict-csp', seeded.widget.key));
  const launcher = launcherOf(page);
  await expect(launcher).toBeVisible();
  expect(await launcherLook(launcher)).toMatchObject({ background: 'rgb(59, 130, 246)', height: 48 });
  const nonces = await page.evaluate(() => {
    const root = document.querySelector('tellbox-widget')?.shadowRoot;
    return [...(root?.querySelectorAll('style') ?? [])].map((style) => style.nonce);
  });
  // The static styles and the owner's theme, both carrying the page's nonce.
  expect(nonces).toHaveLength(2);
  expect(nonces[0]).toMatch(/^[\w-]{16}$/);
  expect(nonces[1]).toBe(nonces[0]);
  await expectCleanPage(page, probe);
});
