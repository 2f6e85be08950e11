/** Sign-up, confirmation by e-mail, login, logout and password reset, end to end (docs/product.md §4, §8). */
import type { Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../../server/modules/accounts/auth.service';
import { COMMON_PASSWORD_MESSAGE } from '../../../src/shared/schemas';
import { linkIn, type ReceivedMail } from '../../helpers/mailbox';
import { acceptCookiesUpFront, expect, expectToast, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** Passwords far from the common-password list the server refuses. */
const PASSWORD = 'quiet harbour lamp';
const NEW_PASSWORD = 'amber kite orchard';

/** The path and query of an e-mailed link (its host is the server's PUBLIC_URL). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('sign up, confirm by e-mail, log in, reach the dashboard and log out', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('signup');
  await open('/signup?plan=pro');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Name').fill('Jane Owner');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expectToast(page, 'Account created', 'Please check your email to confirm your account.');
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 3000 });
  // Read after the 1 s redirect, not during it: sessionStorage survives the full-page navigation.
  expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBe('pro');
  await expect(page.getByText('Please check your inbox and your spam folder.')).toBeVisible();

  const mail = await tellbox.mailbox.waitFor(email, (m) => m.subject === 'Confirm your Tellbox account');
  // Timed from before the page opens: the 3 s run from the confirmation, which comes later, so this
  // lower bound holds however busy the machine is.
  const openedAt = Date.now();
  await open(pathOf(linkIn(mail)));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  expect(Date.now() - openedAt).toBeGreaterThanOrEqual(2900);

  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Login successful', 'Welcome back!');
  // Pro was chosen before sign-up: the first login goes on to its checkout, and forgets the choice.
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBeNull();
  await open('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome.*Jane Owner/ })).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toMatch(/^Bearer \S+$/);
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('user'))) ?? 'null')).toMatchObject({
    name: 'Jane Owner',
    email,
  });

  // A logged-in visitor on /login goes to the dashboard; the landing page offers Dashboard.
  await open('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await open('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const free = page.locator('#pricing').getByRole('article', { name: 'Free' });
  await expect(free.getByText('Your Plan')).toBeVisible();
  await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(
    page.locator('#pricing').getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Upgrade Now' }),
  ).toBeVisible();

  await open('/dashboard');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('user')]),
  ).toEqual([null, null]);
});

const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');

async function signUp(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Name').fill('Jane Owner');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

test('logging in before confirming says why and resends the confirmation e-mail on request', async ({
  page,
  open,
  tellbox,
}) => {
  const email = uniqueEmail('unconfirmed');
  await open('/signup');
  await signUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 3000 });
  await tellbox.mailbox.waitFor(email, isConfirmationMail);

  await open('/login');
  await logIn(page, email, PASSWORD);
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form.getByText(AUTH_MESSAGES.unconfirmed)).toBeVisible();
  await expect(page.getByText('Please check your credentials and try again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await form.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(form.getByText(AUTH_MESSAGES.confirmationSent)).toBeVisible();
  await tellbox.mailbox.waitFor(email, () => tellbox.mailbox.to(email).filter(isConfirmationMail).length === 2);

  // The new link confirms the account, and the same login now goes through.
  await open(pathOf(linkIn(tellbox.mailbox.to(email).filter(isConfirmationMail)[1] as ReceivedMail)));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await open('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a resend that cannot reach the server says so, and trying again works', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('unconfirmed-offline');
  await tellbox.api.post('/api/auth/register', { name: 'Jane Owner', email, password: PASSWORD });
  await tellbox.mailbox.waitFor(email, isConfirmationMail);
  await open('/login');
  await logIn(page, email, PASSWORD);
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form.getByText(AUTH_MESSAGES.unconfirmed)).toBeVisible();

  await page.route('**/api/public/resend-confirmation', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(
    form.getByText('The confirmation e-mail could not be sent. Please try again in a few minutes.'),
  ).toBeVisible();

  await page.unroute('**/api/public/resend-confirmation');
  await form.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(form.getByText(AUTH_MESSAGES.confirmationSent)).toBeVisible();
  await tellbox.mailbox.waitFor(email, () => tellbox.mailbox.to(email).filter(isConfirmationMail).length === 2);
});

test('a very common password is refused on the password field at sign-up and at reset', async ({
  page,
  open,
  tellbox,
}) => {
  const email = uniqueEmail('common');
  await open('/signup');
  await signUp(page, email, 'password1234');
  const signup = page.getByRole('form', { name: 'Sign Up' });
  await expect(signup.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  await expect(signup.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please try again with a different email.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);

  await signUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 3000 });
  await tellbox.api.post('/api/public/request-password-reset', { email });
  const mail = await tellbox.mailbox.waitFor(email, (m) => m.subject === 'Reset your Tellbox password');
  await open(pathOf(linkIn(mail)));
  const reset = page.getByRole('form', { name: 'Reset Password' });
  await reset.getByLabel('New Password').fill('123456');
  await reset.getByLabel('Confirm Password').fill('123456');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  await expect(reset.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');

  // The link was not used up: a good password goes through.
  await reset.getByLabel('New Password').fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password reset successful');
});

test('a protected route sends a visitor to login and back after logging in', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('guard');
  await tellbox.api.post('/api/auth/register', { name: 'Guard', email, password: PASSWORD });
  const mail = await tellbox.mailbox.waitFor(email);
  await tellbox.api.post(`/api/public/confirm-email?token=${new URL(linkIn(mail)).searchParams.get('token')}`);

  // Not the default destination, so only the remembered origin can lead back there.
  await open('/checkout?plan=premium');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/checkout\?plan=premium$/);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
});

test('a wrong password shows the login failure above the button, not as a toast', async ({ page, open }) => {
  await open('/login');
  await logIn(page, uniqueEmail('nobody'), 'wrong-password');
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed Please check your credentials and try again.',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('an invalid confirmation link shows the error and Go to Login', async ({ page, open }) => {
  await open('/confirm-email');
  await expect(page.getByText('Invalid confirmation link. No token provided.')).toBeVisible();
  await open('/confirm-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Confirmation failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('request a password reset, follow the link, set a new password and log in with it', async ({
  page,
  open,
  tellbox,
}) => {
  const email = uniqueEmail('reset');
  await tellbox.api.post('/api/auth/register', { name: 'Reset Me', email, password: 'oldpass1' });
  const confirm = await tellbox.mailbox.waitFor(email);
  await tellbox.api.post(`/api/public/confirm-email?token=${new URL(linkIn(confirm)).searchParams.get('token')}`);

  await open('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Reset email sent', 'Please check your email for password reset instructions.');
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('spam folder')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  const mail = await tellbox.mailbox.waitFor(email, (m) => m.subject === 'Reset your Tellbox password');
  await open(pathOf(linkIn(mail)));
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password reset successful');
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 4000 });

  await logIn(page, email, 'oldpass1');
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed Please check your credentials and try again.',
  );
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset link without a token says so and goes to forgot-password', async ({ page, open }) => {
  await open('/reset-password');
  await expectToast(page, 'Invalid reset link', 'The password reset link is invalid or has expired.');
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a used reset link fails with the toast of docs/product.md §8', async ({ page, open }) => {
  await open('/reset-password?token=expired-token');
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Reset failed', 'Failed to reset password. The link may have expired.');
});

test('a stored session survives a reload; Loading shows while it is restored', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('restore');
  await tellbox.api.post('/api/auth/register', { name: 'Restore Me', email, password: PASSWORD });
  const mail = await tellbox.mailbox.waitFor(email);
  await tellbox.api.post(`/api/public/confirm-email?token=${new URL(linkIn(mail)).searchParams.get('token')}`);

  await open('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/subscription', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: /Welcome.*Restore Me/ })).toBeVisible();
});
