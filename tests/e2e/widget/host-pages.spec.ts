/**
 * The widget embedded in four customer pages on another origin than the Tellbox server: a plain
 * page, hostile global CSS, a strict CSP, and a single-page app that replaces its body. In each,
 * the whole visitor journey runs against the real server, by keyboard alone.
 */
import type { Page } from '@playwright/test';
import type { HostPage } from './host-pages';
import { POSTS, expect, expectCleanPage, ownerFeedback, readProbe, seedWidget, test } from './fixtures';
import {
  baselineStyles,
  dialogOf,
  hostStyles,
  launcherLook,
  launcherOf,
  longDate,
  sendFeedbackByKeyboard,
} from './steps';

const PAGES: { kind: HostPage; ready: (page: Page) => Promise<void> }[] = [
  { kind: 'plain', ready: async () => {} },
  { kind: 'hostile-css', ready: async () => {} },
  { kind: 'strict-csp', ready: async () => {} },
  {
    kind: 'spa',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    },
  },
];

/** The SPA navigates twice (a new <body>, then re-rendered children) and drops the widget once. */
async function navigateTheApp(page: Page) {
  const launcher = launcherOf(page);
  await page.evaluate(() =>
    (window as unknown as { spa: { navigate(path: string): void } }).spa.navigate('/spa/pricing'),
  );
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await expect(launcher).toBeVisible();
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(launcher).toBeVisible();
  await page.evaluate(() => document.querySelector('tellbox-widget')?.remove());
  await expect(launcher).toBeVisible();
  expect(await page.locator('tellbox-widget').count()).toBe(1);
  expect(page.url()).toContain('/spa/about?key=');
}

for (const { kind, ready } of PAGES) {
  test(`${kind} page: the widget renders, leaves the page's styles alone, takes keyboard feedback and shows published news only`, async ({
    page,
    tellbox,
    probe,
  }) => {
    const { owner, widget, posts } = await seedWidget(tellbox);
    const url = tellbox.pages.url('shop.test', kind, widget.key);
    const baseline = await baselineStyles(page, url, ready);

    await page.goto(url);
    await ready(page);
    const launcher = launcherOf(page);
    await expect(launcher).toBeVisible();
    // Isolation, page → widget: the launcher keeps its own look whatever the page's CSS says.
    expect(await launcherLook(launcher)).toMatchObject({
      display: 'flex',
      fontSize: '14px',
      background: 'rgb(59, 130, 246)',
      color: 'rgb(0, 0, 0)',
      height: 48,
      right: 20,
      bottom: 20,
    });
    // Styles come as constructable stylesheets (static, then the owner's theme), which no CSP
    // blocks; no <style> element.
    expect(
      await page.evaluate(() => {
        const root = document.querySelector('tellbox-widget')?.shadowRoot;
        return [root?.adoptedStyleSheets.length, root?.querySelectorAll('style').length];
      }),
    ).toEqual([2, 0]);
    // Isolation, widget → page: the page's own elements and style sheets are exactly as without it.
    expect(await hostStyles(page)).toEqual(baseline);

    if (kind === 'spa') await navigateTheApp(page);

    const visitor = {
      message: `Checkout broke on the ${kind} page <script>alert(1)</script>`,
      name: 'Ada Visitor',
      email: 'Ada@Example.com',
    };
    const sentFrom = await sendFeedbackByKeyboard(page, visitor);
    expect((await readProbe(page)).sent).toEqual([{ siteKey: widget.key }]);

    const userAgent = await page.evaluate(() => navigator.userAgent);
    const stored = (await ownerFeedback(tellbox, owner)).filter((item) => item.message === visitor.message);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      pageUrl: sentFrom,
      userAgent,
      authorName: visitor.name,
      authorEmail: 'ada@example.com',
      widgetId: widget._id,
    });

    // Updates, by keyboard: reopen, back to the tab bar, arrow to Updates.
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('tab', { name: 'Feedback' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const updatesTab = dialog.getByRole('tab', { name: 'Updates' });
    await expect(updatesTab).toBeFocused();
    await expect(updatesTab).toHaveAttribute('aria-selected', 'true');
    const updates = dialog.getByRole('tabpanel', { name: 'Updates' });
    await expect(updates).toBeVisible();

    // Published posts only, newest first (the server's order: createdAt, then id, descending).
    const published = posts
      .filter((post) => post.status === 'published')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id));
    await expect(updates.getByRole('heading')).toHaveText(published.map((post) => post.title));
    await expect(updates.getByText(POSTS.draft.title)).toHaveCount(0);
    for (const post of published) await expect(updates.getByText(longDate(post.createdAt)).first()).toBeVisible();

    // Only the https link is a link; the javascript: one is plain text.
    const links = updates.getByRole('link', { name: 'Learn more' });
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', POSTS.published.link);
    await expect(links).toHaveAttribute('target', '_blank');
    await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
    const unsafe = updates.getByText(POSTS.unsafe.link, { exact: true });
    await expect(unsafe).toBeVisible();
    expect(await unsafe.evaluate((el) => el.closest('a'))).toBeNull();
    await expect(page.locator('tellbox-widget a[href^="javascript" i]')).toHaveCount(0);

    // The list is reachable by keyboard, then the link; clicking the javascript: text does nothing.
    await page.keyboard.press('Tab');
    await expect(updates).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(links).toBeFocused();
    await unsafe.click();
    expect(probe.dialogs).toEqual([]);
    expect(page.url()).toBe(sentFrom);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();

    await expectCleanPage(page, probe);
  });
}
