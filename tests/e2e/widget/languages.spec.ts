/**
 * The widget speaks the visitor's language: the script tag's `data-lang`, else the page's
 * `<html lang>`, else the browser's. Its words, the owner's rewording included, come with the
 * config in that language; dates follow it too.
 */
import type { Page } from '@playwright/test';
import { WIDGET_STRINGS, type WidgetLanguage } from '../../../src/shared/widget-language';
import type { PageLanguages } from './host-pages';
import { expect, expectCleanPage, seedWidget, test, type Tellbox } from './fixtures';

/** The dialog, by the title it has in `language` (or the owner's). */
const dialogNamed = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The languages page for `key`, with the config request's `lang` recorded. */
async function openPage(page: Page, tellbox: Tellbox, key: string, languages: PageLanguages) {
  const asked: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/public/widget/')) asked.push(url.searchParams.get('lang'));
  });
  await page.goto(tellbox.pages.url('shop.test', 'languages', key, languages));
  return asked;
}

/** `iso` as the widget writes dates in `language` (the browser runs in UTC here). */
const dateIn = (language: WidgetLanguage, iso: string) =>
  new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

test('a page in Italian gets Italian words, Italian checks and Italian dates', async ({ page, tellbox, probe }) => {
  const { widget, posts } = await seedWidget(tellbox);
  const it = WIDGET_STRINGS.it;
  const asked = await openPage(page, tellbox, widget.key, { lang: 'it-IT' });
  // The page's tag goes to the server as it is; the server picks Italian.
  await page.getByRole('button', { name: new RegExp(`^${it.launcher}`) }).click();
  expect(asked).toEqual(['it-IT']);
  const dialog = dialogNamed(page, it.title);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText([it.tabFeedback, it.tabNews]);
  await expect(dialog.getByRole('button', { name: it.close })).toBeVisible();
  const message = dialog.getByLabel(it.message);
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute('placeholder', it.placeholder);
  await expect(dialog.getByLabel(it.authorName)).toBeVisible();
  await expect(dialog.getByLabel(it.authorEmail)).toBeVisible();

  // The widget's own checks speak Italian too.
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(message).toHaveAccessibleDescription(it.required);
  await message.fill('Ottimo negozio');
  await dialog.getByLabel(it.authorEmail).fill('non-un-indirizzo');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(dialog.getByLabel(it.authorEmail)).toHaveAccessibleDescription(it.invalidEmail);
  await dialog.getByLabel(it.authorEmail).fill('');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(dialog.getByRole('status')).toHaveText(it.thanks);
  await expect(dialog.getByRole('button', { name: it.another })).toBeFocused();

  await dialog.getByRole('tab', { name: it.tabNews }).click();
  const published = posts.filter((post) => post.status === 'published');
  const dates = dialog.getByRole('tabpanel', { name: it.tabNews }).locator('time');
  await expect(dates).toHaveText(published.map((post) => dateIn('it', post.createdAt)));
  // "21 novembre 2026": day, Italian month name, year.
  await expect(dates.first()).toHaveText(
    /^\d{1,2} (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre) \d{4}$/,
  );
  await expect(dialog.getByRole('link', { name: it.learnMore })).toBeVisible();
  // The public changelog, opened in the visitor's language.
  await expect(dialog.getByRole('link', { name: it.allUpdates })).toHaveAttribute(
    'href',
    `${widget.changelogUrl}?lang=it`,
  );
  await expectCleanPage(page, probe);
});

test('data-lang="de" on the script tag wins over the page\'s lang="it"', async ({ page, tellbox, probe }) => {
  const { widget, posts } = await seedWidget(tellbox);
  const de = WIDGET_STRINGS.de;
  const asked = await openPage(page, tellbox, widget.key, { lang: 'it', dataLang: 'de' });
  await page.getByRole('button', { name: new RegExp(`^${de.launcher}`) }).click();
  expect(asked).toEqual(['de']);
  const dialog = dialogNamed(page, de.title);
  await expect(dialog.getByRole('tab')).toHaveText([de.tabFeedback, de.tabNews]);
  await expect(dialog.getByLabel(de.message)).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Senden' })).toBeVisible();
  await dialog.getByRole('tab', { name: de.tabNews }).click();
  const newest = posts.find((post) => post.status === 'published');
  await expect(dialog.locator('time').first()).toHaveText(dateIn('de', newest?.createdAt ?? ''));
  await expectCleanPage(page, probe);
});

test("without data-lang or the page's lang, the browser's language decides", async ({ browser, tellbox }) => {
  const { widget } = await seedWidget(tellbox, { posts: false });
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC' });
  const page = await context.newPage();
  const asked = await openPage(page, tellbox, widget.key, {});
  const fr = WIDGET_STRINGS.fr;
  await page.getByRole('button', { name: fr.launcher }).click();
  expect(asked).toEqual(['fr-FR']);
  await expect(dialogNamed(page, fr.title).getByLabel(fr.message)).toBeFocused();
  await context.close();
});

test("the owner's words show in the language they were written for, and only there", async ({
  page,
  tellbox,
  probe,
}) => {
  const own = {
    title: 'Parla con la Bottega',
    launcher: 'Scrivici',
    placeholder: 'Com’è andato il tuo ordine?',
    thanks: 'Grazie mille, ti rispondiamo presto!',
  };
  const { widget } = await seedWidget(tellbox, { widget: { texts: { it: own } }, posts: false });

  await openPage(page, tellbox, widget.key, { lang: 'it' });
  await page.getByRole('button', { name: own.launcher, exact: true }).click();
  const dialog = dialogNamed(page, own.title);
  const message = dialog.getByLabel(WIDGET_STRINGS.it.message);
  await expect(message).toHaveAttribute('placeholder', own.placeholder);
  await message.fill('Tutto perfetto');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(dialog.getByRole('status')).toHaveText(own.thanks);
  await expectCleanPage(page, probe);

  // The same widget on an English page: the English defaults, none of the Italian rewording.
  const en = WIDGET_STRINGS.en;
  await openPage(page, tellbox, widget.key, { lang: 'en' });
  await page.getByRole('button', { name: en.launcher, exact: true }).click();
  const english = dialogNamed(page, en.title);
  await expect(english.getByLabel(en.message)).toHaveAttribute('placeholder', en.placeholder);
  await english.getByLabel(en.message).fill('All good');
  await english.getByRole('button', { name: en.send }).click();
  await expect(english.getByRole('status')).toHaveText(en.thanks);
  await expect(page.getByText(own.title)).toHaveCount(0);
  await expectCleanPage(page, probe);
});
