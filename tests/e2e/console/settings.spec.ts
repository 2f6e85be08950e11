/**
 * Settings › Profile and Security (docs/product.md §2, §4, §5, §8): profile, password and account
 * deletion against the real server, and Plan & billing's fit at phone and desktop widths. The
 * sections themselves (addresses, nav, Danger zone, roles): settings-sections.spec.ts.
 */
import type { Page } from '@playwright/test';
import { PROFILE_MESSAGES } from '../../../server/modules/accounts/profile.service';
import type { UserProfile } from '../../../src/shared/api';
import {
  COMMON_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_REQUIRED,
  DELETE_ACCOUNT_CONFIRMATION,
} from '../../../src/shared/schemas';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  expectToast,
  test,
  uniqueEmail,
  waitForRouteDrawn,
} from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

test('change the profile: the new name shows in the header and survives a reload', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ name: 'Old Name' });
  await open('/settings/profile');
  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Name')).toHaveValue('Old Name');
  await expect(form.getByLabel('Email')).toHaveValue(owner.email);

  // The messages for bad input: the console's words for the generic rules (docs/product.md §5).
  await form.getByLabel('Name').fill('A');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  // Renaming alone asks for no password.
  await form.getByLabel('Name').fill('New Name');
  await form.getByLabel('Email').fill(owner.email);
  await expect(form.getByLabel('Current Password')).toHaveCount(0);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Profile updated');
  await expect(page.getByRole('banner').getByText('New Name')).toBeVisible();

  await page.reload();
  await waitForRouteDrawn(page);
  await expect(page.getByRole('banner').getByText('New Name')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Name')).toHaveValue('New Name');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
  expect(stored).toMatchObject({ name: 'New Name', email: owner.email });
  const profile = await tellbox.api.get<{ user: UserProfile }>('/api/user', { token: owner.token });
  expect(profile.body.user).toMatchObject({ username: 'New Name', email: owner.email, pendingEmail: null });
});

test('a new e-mail address needs the current password, then waits for its confirmation link', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const newEmail = uniqueEmail('moved');
  await open('/settings/profile');
  const form = page.getByRole('form', { name: 'Profile' });
  const currentPassword = form.getByLabel('Current Password');
  await expect(currentPassword).toHaveCount(0);
  // The field appears as soon as the address differs from the one in use, and goes when it is back.
  await form.getByLabel('Email').fill(newEmail);
  await expect(currentPassword).toBeVisible();
  await form.getByLabel('Email').fill(` ${owner.email.toUpperCase()} `);
  await expect(currentPassword).toHaveCount(0);
  await form.getByLabel('Email').fill(newEmail);

  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form.getByText(CURRENT_PASSWORD_REQUIRED)).toBeVisible();
  await expect(currentPassword).toBeFocused();

  await currentPassword.fill('not my password');
  await form.getByRole('button', { name: 'Update Profile' }).click();
  // Said once, on the field: not also as a toast.
  await expect(form.getByText(PROFILE_MESSAGES.wrongPassword)).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
  const unchanged = await tellbox.api.get<{ user: UserProfile }>('/api/user', { token: owner.token });
  expect(unchanged.body.user).toMatchObject({ email: owner.email, pendingEmail: null });

  await currentPassword.fill(owner.password);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Profile updated');
  await expect(currentPassword).toHaveCount(0);
  await expect(form.getByText(`Confirm your new email address: ${newEmail}`)).toBeVisible();
  await expect(form.getByText(`Your email address stays ${owner.email} until you open it.`)).toBeVisible();
  // Until the link is opened the account keeps its address, and so does the stored user.
  await expect(form.getByLabel('Email')).toHaveValue(owner.email);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
  expect(stored).toMatchObject({ email: owner.email });
});

test('an address taken by another account is said on the e-mail field, not as a toast', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const other = uniqueEmail('taken');
  await tellbox.api.post('/api/auth/register', { name: 'Other', email: other, password: 'quiet harbour lamp' });
  const owner = await signIn();
  await open('/settings/profile');
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByLabel('Email').fill(other);
  await form.getByLabel('Current Password').fill(owner.password);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form.getByText('An account with this email already exists.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
});

test('change the password: the old token is refused, the new one is stored and works', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/settings/security');
  const form = page.getByRole('form', { name: 'Change Password' });

  await form.getByLabel('Current Password').fill(owner.password);
  await form.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
  await form.getByLabel('Confirm New Password').fill('something-else');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();

  // A very common new password is refused on its field.
  await form.getByLabel('New Password', { exact: true }).fill('123456');
  await form.getByLabel('Confirm New Password').fill('123456');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  await expect(form.getByLabel('New Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByLabel('Confirm New Password').fill('brand-new-secret');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText(PROFILE_MESSAGES.wrongPassword)).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(200);

  await form.getByLabel('Current Password').fill(owner.password);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password updated');
  // The fields are cleared after success.
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await expect(form.getByLabel('New Password', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Confirm New Password')).toHaveValue('');

  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(401);
  const token = (await storedToken(page)) ?? '';
  expect(token).toMatch(/^Bearer \S+$/);
  expect(token).not.toBe(`Bearer ${owner.token}`);
  expect((await tellbox.api.get('/api/user', { token: token.slice('Bearer '.length) })).status).toBe(200);

  // After a reload the console still talks to the server with the new token.
  const subscription = page.waitForResponse((r) => r.url().endsWith('/api/user/subscription'));
  await open('/settings/billing');
  expect((await subscription).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Plan & billing', level: 1 })).toBeVisible();

  const login = await tellbox.api.post('/api/auth/login', { email: owner.email, password: 'brand-new-secret' });
  expect(login.status).toBe(200);
});

test('delete the account: the dialog asks for the current password; cancel or a wrong one keeps it', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/settings/profile');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog.getByText(DELETE_ACCOUNT_CONFIRMATION)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(200);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByLabel('Current Password')).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(CURRENT_PASSWORD_REQUIRED)).toBeVisible();
  await dialog.getByLabel('Current Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(PROFILE_MESSAGES.wrongPassword)).toBeVisible();
  await expect(dialog.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(200);

  await dialog.getByLabel('Current Password').fill(owner.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account deleted', 'Il tuo account è stato eliminato.');
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('user')]),
  ).toEqual([null, null]);
  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(401);

  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(owner.email);
  await form.getByLabel('Password').fill(owner.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Login failed Please check your credentials and try again.',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('Plan & billing fits 375 px and 1440 px without sideways scrolling', async ({ page, open, signIn }) => {
  await signIn({ plan: 'pro' });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await open('/settings/billing');
    await expect(page.getByRole('heading', { name: 'Available Plans' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cancel Subscription' })).toBeVisible();
    await expectNoHorizontalScroll(page, `/settings/billing at ${width}px`);
  }
});
