/**
 * The command palette (src/renderer/src/components/command-palette): Ctrl-K anywhere in the
 * console, or the top bar's Search button, opens it; typing filters; Enter goes to a widget, a
 * recent feedback or runs New widget; Escape closes it and gives the focus back. Its code is not
 * part of the console's first load: it arrives on the first open.
 */
import type { Page } from '@playwright/test';
import type { FeedbackListResponse, Widget } from '../../../src/shared/api';
import { createWidget, validFeedback, type TestOwner } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, recordRequestPaths, test, type Console } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** A visitor's feedback through the public API, as the widget sends it; its id, as the owner's API lists it. */
async function sendFeedback(tellbox: Console, owner: TestOwner, widget: Widget, message: string): Promise<string> {
  const response = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), {
    headers: { Origin: 'https://shop.example.com' },
  });
  expect(response.status, response.text).toBe(201);
  const list = await tellbox.api.get<FeedbackListResponse>('/api/feedback?status=all', { token: owner.token });
  const item = list.body.feedbacks.find((feedback) => feedback.message === message);
  if (!item) throw new Error(`"${message}" is not in the owner's inbox`);
  return item._id;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const field = (page: Page) => palette(page).getByRole('combobox', { name: /^Search screens/ });
const option = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });
/** The palette's chunk (vite names it after its module). */
const isPaletteCode = (path: string) => /\/assets\/command-palette-[\w-]+\.js$/.test(path);

async function openWithKeys(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();
}

test('Ctrl-K loads the palette on first use, typing filters and Enter opens a widget', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const checkout = await createWidget(tellbox.api, owner, { name: 'Checkout helper' });
  await createWidget(tellbox.api, owner, { name: 'Docs site' });
  const requested = recordRequestPaths(page);

  await open('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  expect(requested.filter(isPaletteCode), 'palette code before the first Ctrl-K').toEqual([]);

  await openWithKeys(page);
  expect(requested.filter(isPaletteCode)).toHaveLength(1);
  // Before typing: the actions, every screen, the widgets.
  await expect(option(page, 'New widget')).toBeVisible();
  await expect(option(page, /^Dashboard/)).toBeVisible();
  await expect(option(page, /^Docs site/)).toBeVisible();

  await field(page).fill('checkout');
  await expect(option(page, /^Checkout helper/)).toBeVisible();
  await expect(option(page, /^Docs site/)).toHaveCount(0);
  await expect(option(page, 'New widget')).toHaveCount(0);
  await expect(option(page, /^Checkout helper/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/feedback\\?widget=${checkout._id}$`));
});

test('Enter on a recent feedback opens it; arrows move through the results', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner, { name: 'Shop' });
  await sendFeedback(tellbox, owner, widget, 'The refund button does nothing on Safari');
  const wanted = await sendFeedback(tellbox, owner, widget, 'Shipping costs appear only at the last step');
  await open('/news');

  await openWithKeys(page);
  // The newest feedback is there before anything is typed.
  await expect(option(page, /^Shipping costs appear/)).toBeVisible();
  await field(page).fill('shipping');
  // Found by the server's search, as the inbox's search box finds it.
  await expect(option(page, /^Shipping costs appear/)).toBeVisible();
  await expect(option(page, /^The refund button/)).toHaveCount(0);
  const results = palette(page).getByRole('option');
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  // Up from the first wraps to the last: the feedback, under the screens it matched.
  await expect(option(page, /^Shipping costs appear/)).toHaveAttribute('aria-selected', 'true');
  await expect(field(page)).toHaveAttribute(
    'aria-activedescendant',
    (await option(page, /^Shipping costs appear/).getAttribute('id')) ?? 'an id',
  );
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/feedback/${wanted}$`));
  await expect(page.getByText('Shipping costs appear only at the last step').first()).toBeVisible();
});

test('"New widget" opens the create dialog on My Widgets', async ({ page, open, signIn }) => {
  await signIn({ plan: 'pro' });
  await open('/dashboard');
  await openWithKeys(page);
  await field(page).fill('new wid');
  await expect(option(page, 'New widget')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/widgets$/);
  const dialog = page.getByRole('dialog', { name: 'Create New Widget' });
  await expect(dialog).toBeVisible();
  // Closed, it stays closed: the intent was used once.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Widgets' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create New Widget' })).toHaveCount(0);
});

test('"New news post" opens the post form on News Posts', async ({ page, open, signIn, tellbox }) => {
  const owner = await signIn({ plan: 'pro' });
  await createWidget(tellbox.api, owner, { name: 'Shop' });
  await open('/feedback');
  await openWithKeys(page);
  await field(page).fill('post');
  await expect(option(page, 'New news post')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('dialog', { name: 'Create News Post' })).toBeVisible();
});

test('Escape closes the palette and the focus returns to the Search button; nothing found is said', async ({
  page,
  open,
  signIn,
}) => {
  await signIn();
  await open('/dashboard');
  const trigger = page.getByRole('button', { name: 'Search', exact: true });
  await trigger.click();
  await expect(field(page)).toBeFocused();
  await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
  await field(page).fill('zzzz nothing like this');
  await expect(palette(page).getByRole('status')).toHaveText('Nothing found for “zzzz nothing like this”.');
  // The focus is trapped: Tab and Shift-Tab leave it in the field.
  await page.keyboard.press('Tab');
  await expect(field(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(field(page)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(trigger).toBeFocused();

  // Opened again, it starts afresh.
  await page.keyboard.press('Control+k');
  await expect(field(page)).toHaveValue('');
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeHidden();
});
