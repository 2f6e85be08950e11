/**
 * Right-to-left text in a left-to-right widget: what a visitor types and what an owner posts runs
 * in the direction of its own script, while English beside it stays left to right.
 */
import type { Locator } from '@playwright/test';
import { withClockAdvanced } from '../../helpers/test-clock';
import { expect, expectCleanPage, ownerFeedback, seedWidget, test } from './fixtures';
import { dialogOf, launcherOf } from './steps';

const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

/** The space between an element's text and its box, on each side, in whole pixels. */
const textGap = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { left: Math.round(text.left - box.left), right: Math.round(box.right - text.right) };
  });

const ARABIC_POST = { title: 'وضع داكن جديد', content: 'أصبح الوضع الداكن متاحًا للجميع من الإعدادات.' };
const ARABIC_MESSAGE = 'الدفع بطيء جدًا على الهاتف';

test('an Arabic message and an Arabic post read right to left, English beside them left to right', async ({
  page,
  tellbox,
  probe,
}) => {
  const seeded = await seedWidget(tellbox);
  // A minute after the seeded posts, so it is the newest.
  const post = { widgetId: seeded.widget._id, ...ARABIC_POST, icon: '🚀' };
  const published = await withClockAdvanced(tellbox.server.clock, 60_000, () =>
    tellbox.api.post('/api/post', post, { token: seeded.owner.token }),
  );
  expect(published.status).toBe(201);

  await page.goto(tellbox.pages.url('shop.test', 'plain', seeded.widget.key));
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  const message = dialog.getByLabel('Message');
  const name = dialog.getByLabel('Name (optional)');
  expect(await direction(message)).toBe('ltr');
  await message.pressSequentially(ARABIC_MESSAGE);
  expect(await direction(message)).toBe('rtl');
  await name.fill('سارة');
  expect(await direction(name)).toBe('rtl');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your feedback was sent.');
  const stored = await ownerFeedback(tellbox, seeded.owner);
  expect(stored.map((item) => [item.message, item.authorName])).toEqual([[ARABIC_MESSAGE, 'سارة']]);

  await dialog.getByRole('tab', { name: 'Updates' }).click();
  const updates = dialog.getByRole('tabpanel', { name: 'Updates' });
  const arabicTitle = updates.getByRole('heading', { name: ARABIC_POST.title });
  const arabicContent = updates.getByText(ARABIC_POST.content);
  const englishTitle = updates.getByRole('heading', { name: 'We shipped dark mode' });
  const englishContent = updates.getByText('Dark mode is here for everyone.').first();
  expect(await direction(arabicTitle)).toBe('rtl');
  expect(await direction(arabicContent)).toBe('rtl');
  expect(await direction(englishTitle)).toBe('ltr');
  expect(await direction(englishContent)).toBe('ltr');
  // And it shows: the Arabic title starts at its box's right edge, the English one at its left.
  expect(await textGap(arabicTitle)).toMatchObject({ right: 0 });
  expect(await textGap(englishTitle)).toMatchObject({ left: 0 });
  expect((await textGap(arabicTitle)).left).toBeGreaterThan(0);
  await expectCleanPage(page, probe);
});
