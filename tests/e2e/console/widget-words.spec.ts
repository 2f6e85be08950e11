/**
 * The widget form's words, launcher and changelog against the real server: an owner rewords the
 * Italian title and launcher, saves, finds them again on reopening, and the widget's config in
 * Italian (`?lang=it`) carries them; the launcher options and the changelog switch reach the
 * config too, and the news screen links the live changelog.
 */
import type { Page } from '@playwright/test';
import type { PublicWidgetConfig, Widget, WidgetListResponse } from '../../../src/shared/api';
import { createWidget, type TestOwner } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, expectToast, test, type Console } from './fixtures';

const SHOP = 'https://shop.example.com';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function widgetsOf(tellbox: Console, owner: TestOwner): Promise<Widget[]> {
  const response = await tellbox.api.get<WidgetListResponse>('/api/widget', { token: owner.token });
  return response.body.widgets;
}

/** The widget's config as the script asks for it from a page in `lang`. */
async function configIn(tellbox: Console, key: string, lang: string): Promise<PublicWidgetConfig> {
  const response = await tellbox.api.get<PublicWidgetConfig>(`/api/public/widget/${key}?lang=${lang}`, {
    headers: { Origin: SHOP },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Picks a language by its own name in the Words tab. */
async function chooseLanguage(page: Page, name: string) {
  const form = page.getByRole('dialog');
  await form.getByLabel('Language').click();
  await page.locator(`.ant-select-item-option[title="${name}"]`).click();
  await expect(form.getByRole('figure', { name: `Preview in ${name}` })).toBeVisible();
}

test("the owner's Italian words: saved, shown again on reopening, and in the widget's Italian config", async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'Negozio' });
  await open('/widgets');

  await page.getByRole('button', { name: 'Edit Negozio' }).click();
  let form = page.getByRole('dialog', { name: 'Edit Widget' });
  await form.getByRole('tab', { name: 'Words' }).click();
  await chooseLanguage(page, 'Italiano');
  const preview = form.getByRole('figure', { name: 'Preview in Italiano' });
  // Empty fields: the preview and the placeholders speak Italian's own words.
  await expect(preview.getByText('Assistenza')).toBeVisible();
  await expect(form.getByLabel('Dialog title')).toHaveAttribute('placeholder', 'Assistenza');

  await form.getByLabel('Dialog title').fill('Aiuto rapido');
  await form.getByLabel('Launcher label').fill('Scrivici');
  await expect(preview.getByText('Aiuto rapido')).toBeVisible();
  await expect(preview.getByText('Scrivici')).toBeVisible();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Widget updated');
  await expect(form).toBeHidden();

  expect((await widgetsOf(tellbox, owner))[0]?.texts).toEqual({ it: { title: 'Aiuto rapido', launcher: 'Scrivici' } });

  // Reopened, the Words tab starts at the language the owner reworded.
  await page.getByRole('button', { name: 'Edit Negozio' }).click();
  form = page.getByRole('dialog', { name: 'Edit Widget' });
  await form.getByRole('tab', { name: 'Words' }).click();
  await expect(form.getByRole('figure', { name: 'Preview in Italiano' })).toBeVisible();
  await expect(form.getByLabel('Dialog title')).toHaveValue('Aiuto rapido');
  await expect(form.getByLabel('Launcher label')).toHaveValue('Scrivici');
  await form.getByRole('button', { name: 'Cancel' }).click();

  const italian = await configIn(tellbox, widget.key, 'it');
  expect(italian.lang).toBe('it');
  expect(italian.strings).toMatchObject({ title: 'Aiuto rapido', launcher: 'Scrivici', send: 'Invia' });
  // Other languages keep their own words.
  const german = await configIn(tellbox, widget.key, 'de');
  expect(german.strings).toMatchObject({ title: 'Hilfe & Feedback', launcher: 'Feedback' });
});

test('the launcher hidden and moved, the changelog off: saved and in the config; News links the live page', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const shop = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const docs = await createWidget(tellbox.api, owner, { name: 'Docs' });
  await open('/news');
  // Both widgets start with News and their changelog on.
  const changelogs = page.locator('.tb-changelog-links');
  await expect(changelogs.getByRole('link', { name: 'Public changelog of Shop (opens in a new tab)' })).toHaveAttribute(
    'href',
    shop.changelogUrl,
  );
  await expect(changelogs.getByRole('link', { name: /^Public changelog of Docs/ })).toBeVisible();

  await open('/widgets');
  await page.getByRole('button', { name: 'Edit Docs' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Widget' });
  await expect(form.getByRole('link', { name: 'Open the public changelog (opens in a new tab)' })).toHaveAttribute(
    'href',
    docs.changelogUrl,
  );
  await form.getByRole('switch', { name: 'Public changelog' }).click();
  await form.getByRole('tab', { name: 'Launcher' }).click();
  await form.getByRole('switch', { name: 'Hide the launcher' }).click();
  await expect(form.getByLabel("Your button's snippet", { exact: true })).toContainText('Tellbox.open()');
  await form.getByLabel('Horizontal offset').fill('250');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Horizontal offset must be at most 200')).toBeVisible();
  await form.getByLabel('Horizontal offset').fill('48');
  await form.getByLabel('Vertical offset').fill('96');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Widget updated');

  const saved = (await widgetsOf(tellbox, owner)).find((widget) => widget._id === docs._id);
  expect(saved).toMatchObject({ hideLauncher: true, offsetX: 48, offsetY: 96, publicChangelog: false });
  const config = await configIn(tellbox, docs.key, 'en');
  expect(config.widget).toMatchObject({ hideLauncher: true, offsetX: 48, offsetY: 96, changelogUrl: null });

  await open('/news');
  await expect(changelogs.getByRole('link', { name: /^Public changelog of Shop/ })).toBeVisible();
  await expect(changelogs.getByRole('link', { name: /^Public changelog of Docs/ })).toHaveCount(0);
});
