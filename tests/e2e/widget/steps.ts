/**
 * What a visitor does with the widget, and what the tests read from the page, written once for
 * every host page.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const launcherOf = (page: Page) => page.getByRole('button', { name: /^Feedback/ });
export const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Support Widget' });

/** Whether `locator`'s element has the focus (inside its shadow root, if it is in one). */
export const isFocused = (locator: Locator) =>
  locator.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);

/** Presses Tab until `locator` has the focus. */
export async function tabTo(page: Page, locator: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(locator)) return;
  }
  throw new Error(`Tab never reached ${locator}`);
}

/** The element that really has the focus, described, looking through shadow roots. */
export const deepFocus = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    const path: string[] = [];
    while (el) {
      path.push(el.tagName.toLowerCase());
      const inner: Element | null | undefined = el.shadowRoot?.activeElement;
      if (!inner) break;
      el = inner;
    }
    return { path: path.join(' > '), inDialog: !!el?.closest('dialog') };
  });

/**
 * Computed styles of the host page's own elements, plus its style sheets: what must be the same
 * with and without the widget.
 */
export const hostStyles = (page: Page) =>
  page.evaluate(() => {
    const snapshot: Record<string, string> = {
      styleSheets: String(document.styleSheets.length),
      adoptedStyleSheets: String(document.adoptedStyleSheets.length),
      bodyChildren: String(document.body.children.length),
    };
    for (const selector of ['html', 'body', 'main', 'nav', 'h1', 'p', 'a', 'button', 'input']) {
      const el = document.querySelector(selector);
      if (!el) continue;
      const style = getComputedStyle(el);
      for (const property of Array.from(style)) snapshot[`${selector} ${property}`] = style.getPropertyValue(property);
    }
    return snapshot;
  });

/** The same snapshot of the same page loaded with the widget script blocked. */
export async function baselineStyles(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const other = await page.context().newPage();
  try {
    await other.route('**/widget.js', (route) => route.abort());
    await other.goto(url);
    await ready(other);
    return await hostStyles(other);
  } finally {
    await other.close();
  }
}

/** The launcher's look, from inside the shadow root. */
export const launcherLook = (launcher: Locator) =>
  launcher.evaluate((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
      display: style.display,
      fontSize: style.fontSize,
      background: style.backgroundColor,
      color: style.color,
      height: box.height,
      right: window.innerWidth - box.right,
      left: box.left,
      bottom: window.innerHeight - box.bottom,
    };
  });

export interface Visitor {
  message: string;
  name: string;
  email: string;
}

/**
 * Tabs to the launcher, opens the dialog with Enter, fills the form and sends it with the
 * keyboard only, then closes with Escape. Returns the page URL at the time of sending.
 */
export async function sendFeedbackByKeyboard(page: Page, visitor: Visitor): Promise<string> {
  const launcher = launcherOf(page);
  await tabTo(page, launcher);
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await page.keyboard.type(visitor.message);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Name (optional)')).toBeFocused();
  await page.keyboard.type(visitor.name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Email (optional)')).toBeFocused();
  await page.keyboard.type(visitor.email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeFocused();
  const pageUrl = page.url();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  await expect(dialog.getByRole('button', { name: 'Send more feedback' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  return pageUrl;
}

/** en-US long month, as the widget shows dates (the browser runs in UTC here). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
