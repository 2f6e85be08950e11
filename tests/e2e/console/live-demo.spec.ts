/** The landing page's live demo and its toasts (spec §2). */
import { acceptCookiesUpFront, expect, expectToast, test } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('owner view: sidebar, domain and the demo toasts', async ({ page, open }) => {
  await open('/#demo');
  const demo = page.locator('#demo');
  const sidebar = demo.getByRole('navigation', { name: 'Demo dashboard' });
  for (const name of ['Dashboard', 'My Widgets', 'Feedback', 'News Posts']) {
    await expect(sidebar.getByRole('button', { name })).toBeVisible();
  }
  await sidebar.getByRole('button', { name: 'My Widgets' }).click();
  await expect(demo.getByText('shop.example.com')).toBeVisible();
  await demo.getByRole('button', { name: 'Create Widget' }).click();
  await expectToast(page, 'Widget created');
  await demo.getByRole('button', { name: 'Manage' }).click();
  await expectToast(page, 'Manage (demo)');
  await demo.getByRole('button', { name: 'Delete' }).first().click();
  await expectToast(page, 'Deleted (demo)');
  await sidebar.getByRole('button', { name: 'News Posts' }).click();
  await demo.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Post created');
});

test('user view: the support widget with Feedback and Updates tabs', async ({ page, open }) => {
  await open('/#demo');
  const demo = page.locator('#demo');
  await demo.getByText('User', { exact: true }).click();
  await demo.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Widget' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Feedback' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Updates' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Message required', 'Please enter your feedback');
  await dialog.getByLabel('Your feedback').fill('Love the new checkout!');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Feedback sent');

  await dialog.getByRole('tab', { name: 'Updates' }).click();
  await expect(dialog.getByText('Dark mode is here')).toBeVisible();
});
