/**
 * /widgets against the real server (docs/product.md §2, §5, §8; docs/plans-and-billing.md,
 * "Plans"): create with the snippet dialog, the free plan's limit, edit, delete with confirmation,
 * copying, installations, a failed load, and the layout at 375 px and 1440 px with every dialog
 * open.
 */
import type { Page } from '@playwright/test';
import type { Widget, WidgetListResponse } from '../../../src/shared/api';
import { createWidget, validFeedback, type TestOwner } from '../../helpers/factories';
import { withClockAdvanced } from '../../helpers/test-clock';
import { acceptCookiesUpFront, expect, expectNoHorizontalScroll, expectToast, test, type Console } from './fixtures';

const NO_WIDGETS = 'No widgets found. Create your first widget to get started.';
const HOUR_MS = 60 * 60 * 1000;

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function widgetsOf(tellbox: Console, owner: TestOwner): Promise<Widget[]> {
  const response = await tellbox.api.get<WidgetListResponse>('/api/widget', { token: owner.token });
  return response.body.widgets;
}

/** A widget's row in the table, or its card on a phone. */
function rowOf(page: Page, name: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .or(page.locator('.tb-list-card').filter({ has: page.getByTitle(name, { exact: true }) }));
}

test('create a widget: the snippet dialog opens by itself with its snippet, and copies it', async ({
  page,
  context,
  open,
  signIn,
  tellbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tellbox.server.url });
  const owner = await signIn();
  await open('/widgets');
  await expect(page.getByRole('heading', { name: 'My Widgets', level: 1 })).toBeVisible();
  await expect(page.getByText(NO_WIDGETS)).toBeVisible();
  await expect(page.getByText('0 of 1 widgets used (Free plan)')).toBeVisible();

  await page.getByRole('button', { name: 'Create New Widget' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Widget' });
  await form.getByLabel('Name').fill('Main site');
  await form.getByRole('button', { name: 'Create Widget' }).click();
  await expectToast(page, 'Widget created');
  await expect(form).toBeHidden();

  const [widget] = await widgetsOf(tellbox, owner);
  expect(widget).toMatchObject({ name: 'Main site', branding: { position: 'bottom-right', color: '#3B82F6' } });
  const snippetDialog = page.getByRole('dialog', { name: 'Install Main site' });
  await expect(snippetDialog).toBeVisible();
  await expect(snippetDialog.getByLabel('Installation snippet')).toHaveText(widget!.snippet);
  expect(widget!.snippet).toContain(`data-site-key="${widget!.key}"`);

  await snippetDialog.getByRole('button', { name: 'Copy snippet' }).click();
  await expectToast(page, 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(widget!.snippet);

  await snippetDialog.getByRole('button', { name: 'Close' }).click();
  await expect(snippetDialog).toBeHidden();
  const row = rowOf(page, 'Main site');
  await expect(row.getByText(`${widget!.key.slice(0, 8)}…`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('just now')).toBeVisible();
  await expect(page.getByText('1 of 1 widgets used (Free plan)')).toBeVisible();

  // The Snippet action opens the same dialog again.
  await row.getByRole('button', { name: 'Snippet of Main site' }).click();
  await expect(page.getByRole('dialog', { name: 'Install Main site' }).getByLabel('Installation snippet')).toHaveText(
    widget!.snippet,
  );
});

test("at the free plan's widget limit Create is disabled, with the upgrade to Pro beside it", async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await createWidget(tellbox.api, owner);
  await open('/widgets');
  await expect(page.getByText('1 of 1 widgets used (Free plan)')).toBeVisible();

  const create = page.getByRole('button', { name: 'Create New Widget' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Limit reached · Upgrade to Pro');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test("a limit used up since the page loaded: the server's refusal gives the same toast", async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/widgets');
  await expect(page.getByText('0 of 1 widgets used (Free plan)')).toBeVisible();
  // Another tab takes the last place.
  await createWidget(tellbox.api, owner, { name: 'From elsewhere' });

  await page.getByRole('button', { name: 'Create New Widget' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Widget' });
  await form.getByLabel('Name').fill('One too many');
  await form.getByRole('button', { name: 'Create Widget' }).click();
  await expectToast(page, 'Limit reached', "You've reached the maximum number of widgets (1) for your Free plan.");
  await expect(form).toBeHidden();
  await expect(rowOf(page, 'From elsewhere')).toBeVisible();
  // The page now knows: Create is disabled, and the toast offers the way on.
  await expect(page.getByRole('button', { name: 'Create New Widget' })).toBeDisabled();
  await expect(page.getByText('One too many')).toHaveCount(0);
  expect(await widgetsOf(tellbox, owner)).toHaveLength(1);
  await page.locator('.ant-notification-notice').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test("edit: the form shows the widget's settings and the new name shows in the table", async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await createWidget(tellbox.api, owner, {
    name: 'Old name',
    position: 'bottom-left',
    primaryColor: '#FF0055',
    enableFeedback: false,
  });
  await open('/widgets');
  await rowOf(page, 'Old name').getByRole('button', { name: 'Edit Old name' }).click();

  const form = page.getByRole('dialog', { name: 'Edit Widget' });
  await expect(form.getByLabel('Name')).toHaveValue('Old name');
  await expect(form.getByText('Bottom left')).toBeVisible();
  await expect(form.getByLabel('Primary Color', { exact: true })).toHaveValue('#FF0055');
  await expect(form.getByLabel('Primary Color picker')).toHaveValue('#ff0055');
  await expect(form.getByRole('switch', { name: 'Enable Feedback' })).not.toBeChecked();
  await expect(form.getByRole('switch', { name: 'Enable News' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Active' })).toBeChecked();

  await form.getByLabel('Name').fill('New name');
  await form.getByLabel('Primary Color picker').fill('#00aa11');
  await expect(form.getByLabel('Primary Color', { exact: true })).toHaveValue('#00AA11');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Widget updated');
  await expect(rowOf(page, 'New name')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Old name', exact: true })).toHaveCount(0);

  const [widget] = await widgetsOf(tellbox, owner);
  expect(widget).toMatchObject({
    name: 'New name',
    branding: { position: 'bottom-left', color: '#00AA11' },
    enabledTabs: ['news'],
    active: true,
  });
});

test('the form refuses what docs/product.md §5 refuses, with its messages', async ({ page, open, signIn }) => {
  await signIn();
  await open('/widgets');
  await page.getByRole('button', { name: 'Create New Widget' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Widget' });
  await form.getByLabel('Name').fill('A');
  await form.getByLabel('Primary Color', { exact: true }).fill('blue');
  await form.getByRole('switch', { name: 'Enable Feedback' }).click();
  await form.getByRole('switch', { name: 'Enable News' }).click();
  await form.getByRole('button', { name: 'Create Widget' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid hex color code')).toBeVisible();
  await expect(form.getByText('At least one feature (Feedback or News) must be enabled')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(NO_WIDGETS)).toBeVisible();
});

test('delete asks first: Cancel keeps the widget, Delete removes it', async ({ page, open, signIn, tellbox }) => {
  const owner = await signIn();
  await createWidget(tellbox.api, owner, { name: 'Doomed' });
  await open('/widgets');

  await page.getByRole('button', { name: 'Delete Doomed' }).click();
  let confirm = page.getByRole('dialog').filter({ hasText: 'Delete Doomed?' });
  await expect(confirm.getByText(/^This action cannot be undone\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, 'Doomed')).toBeVisible();
  expect(await widgetsOf(tellbox, owner)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete Doomed' }).click();
  confirm = page.getByRole('dialog').filter({ hasText: 'Delete Doomed?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Widget deleted');
  await expect(page.getByText(NO_WIDGETS)).toBeVisible();
  await expect(page.getByText('0 of 1 widgets used (Free plan)')).toBeVisible();
  expect(await widgetsOf(tellbox, owner)).toHaveLength(0);
});

test('the site key copy button copies the whole key and reads Copied for 2 seconds', async ({
  page,
  context,
  open,
  signIn,
  tellbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tellbox.server.url });
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  await open('/widgets');
  const row = rowOf(page, 'Main site');

  // Timed from before the click: the 2 s start with it, whatever the checks below cost on a busy machine.
  const clickedAt = Date.now();
  await row.getByRole('button', { name: 'Copy site key of Main site' }).click();
  const copied = row.getByRole('button', { name: 'Copied' });
  await expect(copied).toHaveText('Copied');
  await expectToast(page, 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(widget.key);
  await expect(row.getByRole('button', { name: 'Copy site key of Main site' })).toHaveText('Copy', {
    timeout: 4000,
  });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
});

test('a site that sent feedback is listed as an installation and can be removed', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  const sent = await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
    headers: { Origin: 'https://shop.example.com' },
  });
  expect(sent.status, sent.text).toBe(201);

  await open('/widgets');
  await rowOf(page, 'Main site').getByRole('button', { name: 'Expand row' }).click();
  const panel = page.getByRole('region', { name: 'Installations of Main site' });
  await expect(panel.getByText('shop.example.com', { exact: true })).toBeVisible();
  await expect(panel.getByText('1 of 1 installations used (Free plan)')).toBeVisible();

  await panel.getByRole('button', { name: 'Remove shop.example.com' }).click();
  await expectToast(page, 'Installation removed');
  await expect(panel.getByText(/^No installations yet\./)).toBeVisible();
  await expect(panel.getByText('0 of 1 installations used (Free plan)')).toBeVisible();
  expect((await widgetsOf(tellbox, owner))[0]?.installations).toEqual([]);
});

test('installations come a page at a time: Load more shows the rest', async ({ page, open, signIn, tellbox }) => {
  const owner = await signIn({ plan: 'premium' });
  const widget = await createWidget(tellbox.api, owner);
  const register = async (host: string) => {
    const response = await tellbox.api.get(`/api/public/widget/${widget.key}`, {
      headers: { Origin: `https://${host}` },
    });
    expect(response.status, response.text).toBe(200);
  };
  // Ten sites an hour register at most: the last two an hour later on the server's clock.
  for (let i = 0; i < 10; i += 1) await register(`site-${i}.example`);
  await withClockAdvanced(tellbox.server.clock, HOUR_MS, async () => {
    await register('site-10.example');
    await register('site-11.example');
  });

  await open('/widgets');
  await rowOf(page, 'Main site').getByRole('button', { name: 'Expand row' }).click();
  const panel = page.getByRole('region', { name: 'Installations of Main site' });
  await expect(panel.getByText('12 of Unlimited installations used (Premium plan)')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByText('site-11.example', { exact: true })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(12);
  await expect(panel.getByText('site-11.example', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('locking a widget to its sites: the switch explains itself, and a new site is refused', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const widget = await createWidget(tellbox.api, owner);
  const configFrom = (origin: string) =>
    tellbox.api.get(`/api/public/widget/${widget.key}`, { headers: { Origin: origin } });
  expect((await configFrom('https://shop.example.com')).status).toBe(200);

  await open('/widgets');
  await page.getByRole('button', { name: 'Edit Main site' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Widget' });
  const lock = form.getByRole('switch', { name: 'Lock to current sites' });
  await expect(lock).not.toBeChecked();
  await expect(lock).toHaveAccessibleDescription(
    'No new site can register this widget; the sites under Installations keep working.',
  );
  await lock.click();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Widget updated');

  expect((await widgetsOf(tellbox, owner))[0]?.lockHosts).toBe(true);
  expect((await configFrom('https://other.example.com')).status).toBe(403);
  expect((await configFrom('https://shop.example.com')).status).toBe(200);
  await rowOf(page, 'Main site').getByRole('button', { name: 'Expand row' }).click();
  const panel = page.getByRole('region', { name: 'Installations of Main site' });
  await expect(panel.getByText('Locked: no new site can register this widget.')).toBeVisible();
  await expect(panel.getByText('shop.example.com', { exact: true })).toBeVisible();
});

test('a failed load shows the message and Retry, which loads the list', async ({ page, open, signIn }) => {
  await signIn();
  await page.route('**/api/widget', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
  );
  await open('/widgets');
  await expectToast(page, 'Failed to load widgets. Please try again.');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  await page.unroute('**/api/widget');
  await retry.click();
  await expect(page.getByText(NO_WIDGETS)).toBeVisible();
  await expect(retry).toHaveCount(0);
});

for (const width of [375, 1440]) {
  test(`no horizontal scrolling at ${width} px, with each dialog open`, async ({ page, open, signIn, tellbox }) => {
    await page.setViewportSize({ width, height: 800 });
    const owner = await signIn({ plan: 'pro' });
    const widget = await createWidget(tellbox.api, owner, { name: 'A widget with a rather long name for a phone' });
    await tellbox.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://a-very-long-subdomain-name.shop.example.com' },
    });
    await open('/widgets');
    await expect(rowOf(page, widget.name)).toBeVisible();
    await expectNoHorizontalScroll(page, '/widgets');

    // A table row expands; a phone's card unfolds.
    await rowOf(page, widget.name)
      .getByRole('button', { name: /^(Expand row|Show installations)/ })
      .click();
    await expect(page.getByRole('region', { name: `Installations of ${widget.name}` })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the installations row');

    await page.getByRole('button', { name: 'Create New Widget' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Widget' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the create dialog');
    await page.getByRole('dialog', { name: 'Create New Widget' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Edit ${widget.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Widget' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the edit dialog');
    await page.getByRole('dialog', { name: 'Edit Widget' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Snippet of ${widget.name}` }).click();
    await expect(page.getByRole('dialog', { name: `Install ${widget.name}` })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the snippet dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Delete ${widget.name}` }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'This action cannot be undone.' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the delete confirmation');
  });
}
