/**
 * The owner's three lists (/feedback, /widgets, /news) fit every width with the longest real data:
 * no sideways scrolling, every control inside the screen (for widgets and news a table beside the
 * sidebar from 768 px, cards on a phone; the inbox's rows, with an entry open too), and at 375 px
 * each card's actions open what they should.
 */
import type { Locator, Page } from '@playwright/test';
import { acceptCookiesUpFront, expect, expectNoHorizontalScroll, expectToast, test } from './fixtures';
import { INSTALLATION_HOSTS, LONG_POST_TITLE, LONG_WIDGET_NAME, seedLongData } from './long-data';
import { WIDTHS } from './screens/screen-catalogue';
import { expectFitsScreen } from './screens/screen-checks';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** A list's row for the item that contains `text`: a table row, or a card on a phone. */
function rowOf(page: Page, text: string): Locator {
  return page.getByRole('row').or(page.locator('.tb-list-card')).filter({ hasText: text });
}

/** The buttons of a phone's cards: each at least 32 px tall, for a thumb. */
async function expectTapTargets(page: Page, label: string) {
  const heights = await page
    .locator('.tb-list-cards button:visible')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().height)));
  expect(heights.length, `${label}: buttons in the cards`).toBeGreaterThan(0);
  expect(Math.min(...heights), `${label}: the smallest button's height`).toBeGreaterThanOrEqual(32);
}

for (const width of WIDTHS) {
  test(`at ${width} px the three lists fit with long data, every control on screen`, async ({
    page,
    open,
    signIn,
    tellbox,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const owner = await signIn({ plan: 'premium' });
    await seedLongData(tellbox, owner);

    await open('/feedback');
    const inbox = page.getByRole('list', { name: 'Feedback' });
    await expect(inbox.getByRole('link')).toHaveCount(2);
    await expectFitsScreen(page, `/feedback at ${width} px`);
    // An entry open: beside the list from 1 024 px, in its place below.
    await inbox.getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Feedback details' }).locator('.tb-entry-message')).toBeVisible();
    await expectFitsScreen(page, `/feedback with an entry open at ${width} px`);

    await open('/widgets');
    const widget = rowOf(page, LONG_WIDGET_NAME);
    await widget.getByRole('button', { name: /^(Expand row|Show installations)/ }).click();
    const installations = page.getByRole('region', { name: `Installations of ${LONG_WIDGET_NAME}` });
    await expect(installations.getByRole('listitem')).toHaveCount(INSTALLATION_HOSTS.length);
    await expectFitsScreen(page, `/widgets with installations at ${width} px`);

    await open('/news');
    await expect(rowOf(page, LONG_POST_TITLE)).toBeVisible();
    await expectFitsScreen(page, `/news at ${width} px`);

    if (width < 768) {
      // The inbox is rows of links at every width (inbox.spec.ts); these two turn into cards.
      for (const path of ['/widgets', '/news']) {
        await open(path);
        await expect(page.locator('.tb-list-card').first()).toBeVisible();
        await expect(page.locator('.ant-table')).toHaveCount(0);
        await expectTapTargets(page, `${path} at ${width} px`);
      }
    }
  });
}

test('at 375 px every action of a card opens what it should', async ({ page, context, open, signIn, tellbox }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tellbox.server.url });
  await page.setViewportSize({ width: 375, height: 812 });
  const owner = await signIn({ plan: 'premium' });
  const { widget } = await seedLongData(tellbox, owner);

  await open('/feedback');
  const feedback = page.getByRole('list', { name: 'Feedback' }).getByRole('listitem').first();
  await feedback.getByRole('link').click();
  const details = page.getByRole('region', { name: 'Feedback details' });
  await expect(details.locator('.tb-details-message')).toContainText('The checkout page forgets my address');
  await expectNoHorizontalScroll(page, 'the feedback details');
  await details.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(details).toBeHidden();
  await expect(feedback).toBeVisible();

  await open('/widgets');
  const card = rowOf(page, LONG_WIDGET_NAME);
  await card.getByRole('button', { name: `Copy site key of ${LONG_WIDGET_NAME}` }).click();
  await expectToast(page, 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(widget.key);

  await card.getByRole('button', { name: `Edit ${LONG_WIDGET_NAME}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Widget' });
  await expect(edit.getByLabel('Name')).toHaveValue(LONG_WIDGET_NAME);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await card.getByRole('button', { name: `Snippet of ${LONG_WIDGET_NAME}` }).click();
  const snippet = page.getByRole('dialog', { name: `Install ${LONG_WIDGET_NAME}` });
  await expect(snippet.getByLabel('Installation snippet')).toHaveText(widget.snippet);
  await snippet.getByRole('button', { name: 'Close' }).click();
  await expect(snippet).toBeHidden();

  await card.getByRole('button', { name: `Delete ${LONG_WIDGET_NAME}` }).click();
  const confirmDelete = page.getByRole('dialog').filter({ hasText: `Delete ${LONG_WIDGET_NAME}?` });
  await expect(confirmDelete.getByText(/^This action cannot be undone\./)).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDelete).toBeHidden();

  const toggle = card.getByRole('button', { name: `Show installations (${INSTALLATION_HOSTS.length})` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const installations = page.getByRole('region', { name: `Installations of ${LONG_WIDGET_NAME}` });
  await expect(installations.getByRole('listitem')).toHaveCount(INSTALLATION_HOSTS.length);
  const longHost = INSTALLATION_HOSTS[0] ?? '';
  await installations.getByRole('button', { name: `Remove ${longHost}` }).click();
  await expectToast(page, 'Installation removed');
  await expect(installations.getByText(longHost, { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Hide installations' }).click();
  await expect(installations).toHaveCount(0);

  await open('/news');
  const post = rowOf(page, LONG_POST_TITLE);
  await post.getByRole('button', { name: `Edit ${LONG_POST_TITLE}` }).click();
  const editPost = page.getByRole('dialog', { name: 'Edit News Post' });
  await expect(editPost.getByLabel('Title')).toHaveValue(LONG_POST_TITLE);
  await editPost.getByRole('button', { name: 'Cancel' }).click();
  await expect(editPost).toBeHidden();

  await post.getByRole('button', { name: `Delete ${LONG_POST_TITLE}` }).click();
  const confirmPost = page.getByRole('dialog', { name: 'Delete news post' });
  await expect(confirmPost).toContainText(LONG_POST_TITLE);
  await confirmPost.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmPost).toBeHidden();
  await expect(post).toBeVisible();
});
