/**
 * The public changelog page in Chromium (docs/product.md, "Public changelog"): axe finds no
 * violation at 375 and 1440 px, light and dark, for an owner colour that is light and one that is
 * dark, with a long title, an Arabic post and a link post; the page fits the width, runs no script
 * and shows the Arabic post right to left.
 */
import type { Page } from '@playwright/test';
import type { NewsPost, Widget } from '../../../src/shared/api';
import type { ColorScheme } from '../../../src/shared/design-tokens';
import { WIDGET_STRINGS } from '../../../src/shared/widget-language';
import { createOwner, createWidget } from '../../helpers/factories';
import { withClockAdvanced } from '../../helpers/test-clock';
import { axeOn, type Console, expect, expectNoHorizontalScroll, recordDialogs, test, uniqueEmail } from './fixtures';
import { LONG_POST_TITLE } from './long-data';

const OWNER_COLORS = { light: '#FFEB3B', dark: '#1E3A8A' } as const;
const WIDTHS = [375, 1440] as const;
const SCHEMES: ColorScheme[] = ['light', 'dark'];

const ARABIC_TITLE = 'تحديث جديد: الدفع أسرع الآن';
const ARABIC_CONTENT = 'أصبح الدفع يتم في خطوة واحدة.\nجربه اليوم من صفحة الإعدادات.';

interface Seeded {
  widget: Widget;
  posts: NewsPost[];
}

/** A widget in `color` with a link post, an Arabic post and a long-titled one (newest first). */
async function seedChangelog(tellbox: Console, color: string): Promise<Seeded> {
  const owner = await createOwner(tellbox.server, tellbox.api, { plan: 'premium', email: uniqueEmail('changelog') });
  const widget = await createWidget(tellbox.api, owner, { name: 'Acme Storefront', primaryColor: color });
  const bodies = [
    {
      title: 'Faster checkout',
      content: 'Checkout now takes one step.\nSaved cards fill in by themselves.',
      icon: '🚀',
    },
    { title: ARABIC_TITLE, content: ARABIC_CONTENT, icon: '🎉' },
    {
      title: LONG_POST_TITLE,
      content: `${'Unbreakable'.repeat(12)} and a few words after it, on a second line.`,
      icon: '✨',
      link: 'https://example.com/releases/2026/the-new-release?utm_source=changelog',
    },
  ];
  const posts: NewsPost[] = [];
  // A minute apart, the last one now: the worker's server clock is moved for each post only, so
  // the specs after this one (relative times, month windows) read it as it was.
  for (const [index, body] of bodies.entries()) {
    const response = await withClockAdvanced(tellbox.server.clock, (index + 1 - bodies.length) * 60_000, () =>
      tellbox.api.post<{ post: NewsPost }>(
        '/api/post',
        { widgetId: widget._id, status: 'published', ...body },
        { token: owner.token },
      ),
    );
    expect(response.status, response.text).toBe(201);
    posts.unshift(response.body.post);
  }
  return { widget, posts };
}

/** Every axe violation (of any impact) on the page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
  );
}

for (const [tone, color] of Object.entries(OWNER_COLORS)) {
  for (const width of WIDTHS) {
    test(`in a ${tone} owner colour at ${width} px, light and dark: axe finds no violation, nothing scrolls sideways, no script runs`, async ({
      page,
      tellbox,
    }, testInfo) => {
      const { widget, posts } = await seedChangelog(tellbox, color);
      const dialogs = recordDialogs(page);
      const pages = [
        { name: 'list', path: `/changelog/${widget.key}`, status: 200 },
        { name: 'post', path: `/changelog/${widget.key}/${posts[0]?._id}`, status: 200 },
        { name: 'not-found', path: '/changelog/no-such-key', status: 404 },
      ];
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const { name, path, status } of pages) {
          const label = `${name} ${width} px ${scheme}`;
          const response = await page.goto(`${tellbox.server.url}${path}`);
          expect(response?.status(), label).toBe(status);
          expect(await axeViolations(page), label).toEqual([]);
          await expectNoHorizontalScroll(page, label);
          expect(await page.locator('script').count(), label).toBe(0);
          const file = testInfo.outputPath(`changelog-${tone}-${name}-${width}-${scheme}.png`);
          await page.screenshot({ path: file, fullPage: true });
        }
      }
      expect(dialogs).toEqual([]);
    });
  }
}

test('the page reads as the visitor expects: newest first, the Arabic post right to left, a link post with its link', async ({
  page,
  tellbox,
}) => {
  const { widget, posts } = await seedChangelog(tellbox, OWNER_COLORS.dark);
  await page.goto(`${tellbox.server.url}/changelog/${widget.key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Acme Storefront ${WIDGET_STRINGS.en.changelogTitle}`,
  );
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(posts.map((post) => post.title));

  const arabic = page.getByRole('article', { name: ARABIC_TITLE });
  for (const part of [arabic.getByRole('heading'), arabic.locator('.content')]) {
    expect(await part.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  }
  await expect(arabic.locator('.content')).toHaveText(ARABIC_CONTENT);

  const linkPost = page.getByRole('article', { name: LONG_POST_TITLE });
  // "Learn more" is completed for screen readers by the post's title (Chromium reads "Learn more : …").
  await expect(linkPost.getByRole('link', { name: WIDGET_STRINGS.en.learnMore })).toHaveAttribute(
    'href',
    'https://example.com/releases/2026/the-new-release?utm_source=changelog',
  );
  await expect(linkPost.getByRole('link', { name: WIDGET_STRINGS.en.permalink })).toHaveAccessibleName(
    new RegExp(`^${WIDGET_STRINGS.en.permalink} ?: ${LONG_POST_TITLE}$`),
  );
  await linkPost.getByRole('link', { name: WIDGET_STRINGS.en.permalink }).click();
  await expect(page).toHaveURL(`${tellbox.server.url}/changelog/${widget.key}/${posts[0]?._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LONG_POST_TITLE);
  await expect(page.getByRole('link', { name: WIDGET_STRINGS.en.feed })).toHaveAttribute(
    'href',
    `${tellbox.server.publicUrl}/changelog/${widget.key}/feed.xml`,
  );
  await page.getByRole('link', { name: WIDGET_STRINGS.en.allUpdates }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(posts.length);
});
