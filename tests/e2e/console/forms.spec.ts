/** Every form shows its validation message for each kind of bad input (docs/product.md §5). */
import type { Locator } from '@playwright/test';
import { acceptCookiesUpFront, expect, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

async function fill(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
}

test('login: bad e-mail and short password', async ({ page, open }) => {
  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await fill(form, { Email: 'not-an-email', Password: '12345' });
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('login: empty form', async ({ page, open }) => {
  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
});

test('sign-up: short name, bad e-mail, short password, mismatched confirmation', async ({ page, open }) => {
  await open('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await fill(form, { Name: 'J', Email: 'bad@', Password: '123', 'Confirm Password': '456' });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  // The console's words for the generic rules (docs/product.md §5): the field and the rule.
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

  await fill(form, {
    Name: 'Jane',
    Email: uniqueEmail('mismatch'),
    Password: 'secret123',
    'Confirm Password': 'secret124',
  });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
});

test('sign-up: an address already taken says so on the e-mail field', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('taken');
  // Not a common password: the server would refuse that one before looking at the address.
  await tellbox.api.post('/api/auth/register', { name: 'First', email, password: 'quiet harbour lamp' });
  await open('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  const password = 'quiet harbour lamp';
  await fill(form, { Name: 'Second', Email: email, Password: password, 'Confirm Password': password });
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('An account with this email already exists.')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);
});

test('forgot password: bad e-mail', async ({ page, open }) => {
  await open('/forgot-password');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});

test('reset password: short password and mismatched confirmation on the confirm field', async ({ page, open }) => {
  await open('/reset-password?token=abc');
  const form = page.getByRole('form', { name: 'Reset Password' });
  await fill(form, { 'New Password': '123', 'Confirm Password': '123' });
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

  await fill(form, { 'New Password': 'secret123', 'Confirm Password': 'secret12' });
  await form.getByRole('button', { name: 'Reset Password' }).click();
  const confirm = form.getByLabel('Confirm Password', { exact: true });
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText("Passwords don't match")).toBeVisible();
});
