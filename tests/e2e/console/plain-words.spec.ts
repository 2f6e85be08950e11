/**
 * The console speaks plain words (issue 32): a field's message names the field and the rule, never
 * a library's wording; an error shows once, where it belongs (on the field, or one line above the
 * form's button), never also as a toast; and it goes when its cause does.
 */
import type { Locator, Page } from '@playwright/test';
import { createOwner } from '../../helpers/factories';
import { acceptCookiesUpFront, expect, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** What zod, fetch and JSON.parse say on their own, which must never reach a person. */
const LIBRARY_WORDING =
  /String must contain|character\(s\)|Expected \w+, received|Invalid email|Invalid input|Failed to fetch|Unexpected token|NetworkError/;

const toasts = (page: Page) => page.locator('.ant-notification-notice');

/** No toast comes: checked once the toasts' code would have had time to load and show one. */
async function expectNoToast(page: Page): Promise<void> {
  await page.waitForTimeout(1000);
  await expect(toasts(page)).toHaveCount(0);
}

async function fillSignup(form: Locator, values: { name: string; email: string; password: string }) {
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Password', { exact: true }).fill(values.password);
  await form.getByLabel('Confirm Password').fill(values.password);
}

test('sign-up with a one-letter name says so once, in plain words, on the field and not as a toast', async ({
  page,
  open,
}) => {
  await open('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await fillSignup(form, { name: 'J', email: 'not-an-address', password: '123' });
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toHaveCount(1);
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password must be at least 6 characters',
  );
  await expect(page.locator('body')).not.toContainText(LIBRARY_WORDING);
  await expectNoToast(page);

  // Fixed, the message goes with its cause.
  await form.getByLabel('Name').fill('Jo');
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
});

test('a refused login says so once above the button, and the error goes on an edit, a success, or leaving', async ({
  page,
  open,
  tellbox,
}) => {
  const owner = await createOwner(tellbox.server, tellbox.api, { email: uniqueEmail('stale') });
  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  const failure = page.getByText('Login failed');
  const tryLogin = async (password: string) => {
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Login' }).click();
  };

  await tryLogin('wrong password');
  await expect(form.getByRole('alert')).toHaveText('Login failed Please check your credentials and try again.');
  await expect(failure).toHaveCount(1);
  await expectNoToast(page);

  // An edit of the field: the error is stale.
  await form.getByLabel('Password').press('End');
  await form.getByLabel('Password').pressSequentially('x');
  await expect(failure).toHaveCount(0);

  // Leaving the page and coming back: gone.
  await tryLogin('wrong password');
  await expect(failure).toHaveCount(1);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(failure).toHaveCount(0);
  await page.goBack();
  await expect(form).toBeVisible();
  await expect(failure).toHaveCount(0);

  // A success after a failure: nothing of the failure is left, here or on the dashboard.
  await tryLogin('wrong password');
  await expect(failure).toHaveCount(1);
  await tryLogin(owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(failure).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'Login failed' })).toHaveCount(0);
});

test("an unreachable server gives the form's own sentence, never the browser's Failed to fetch", async ({
  page,
  open,
}) => {
  await open('/signup');
  await page.route('**/api/auth/register', (route) => route.abort('connectionrefused'));
  const form = page.getByRole('form', { name: 'Sign Up' });
  await fillSignup(form, { name: 'Jane Doe', email: uniqueEmail('offline'), password: 'quiet harbour lamp' });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByRole('alert')).toHaveText('Signup failed Please try again in a moment.');
  await expect(page.locator('body')).not.toContainText(LIBRARY_WORDING);
  await expectNoToast(page);

  // The next edit takes the stale failure away.
  await form.getByLabel('Name').fill('Jane');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test("the console's own forms name the field too: a short new password", async ({ page, open, signIn }) => {
  await signIn();
  await open('/settings/security');
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill('abc');
  await form.getByLabel('New Password', { exact: true }).fill('abc');
  await form.getByLabel('Confirm New Password').fill('abc');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Current password must be at least 6 characters', { exact: true })).toHaveCount(1);
  await expect(form.getByText('New password must be at least 6 characters', { exact: true })).toHaveCount(1);
  await expect(form.getByText('Password confirmation must be at least 6 characters', { exact: true })).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText(LIBRARY_WORDING);
  await expectNoToast(page);
});
