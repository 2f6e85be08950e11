/**
 * Account Settings (spec §2, §4, §5, §8): profile, password and account deletion against the real
 * server, and the screen's fit at phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import type { UserProfile } from '../../../src/shared/api';
import { acceptCookiesUpFront, expect, expectNoHorizontalScroll, expectToast, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

test('change the profile: the new name shows in the header and survives a reload', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ name: 'Old Name' });
  await open('/settings');
  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Name')).toHaveValue('Old Name');
  await expect(form.getByLabel('Email')).toHaveValue(owner.email);

  // The spec's messages for bad input (generic defaults: spec §5, decisions §9).
  await form.getByLabel('Name').fill('A');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form.getByText('String must contain at least 2 character(s)')).toBeVisible();
  await expect(form.getByText('Invalid email')).toBeVisible();

  await form.getByLabel('Name').fill('New Name');
  await form.getByLabel('Email').fill(owner.email);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Profile updated');
  await expect(page.getByRole('banner').getByText('New Name')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('banner').getByText('New Name')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Name')).toHaveValue('New Name');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
  expect(stored).toMatchObject({ name: 'New Name', email: owner.email });
  const profile = await tellbox.api.get<{ user: UserProfile }>('/api/user', { token: owner.token });
  expect(profile.body.user).toMatchObject({ username: 'New Name', email: owner.email, pendingEmail: null });
});

test('a new e-mail address waits for its confirmation link, and the owner is told', async ({ page, open, signIn }) => {
  const owner = await signIn();
  const newEmail = uniqueEmail('moved');
  await open('/settings');
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByLabel('Email').fill(newEmail);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Profile updated');
  await expect(form.getByText(`Confirm your new email address: ${newEmail}`)).toBeVisible();
  await expect(form.getByText(`Your email address stays ${owner.email} until you open it.`)).toBeVisible();
  // Until the link is opened the account keeps its address, and so does the stored user.
  await expect(form.getByLabel('Email')).toHaveValue(owner.email);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
  expect(stored).toMatchObject({ email: owner.email });
});

test('an address taken by another account fails with the spec toast', async ({ page, open, signIn, tellbox }) => {
  const other = uniqueEmail('taken');
  await tellbox.api.post('/api/auth/register', { name: 'Other', email: other, password: 'secret123' });
  await signIn();
  await open('/settings');
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByLabel('Email').fill(other);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Update failed', 'There was an error updating your profile.');
});

test('change the password: the old token is refused, the new one is stored and works', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/settings');
  const form = page.getByRole('form', { name: 'Change Password' });

  await form.getByLabel('Current Password').fill(owner.password);
  await form.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
  await form.getByLabel('Confirm New Password').fill('something-else');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();

  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByLabel('Confirm New Password').fill('brand-new-secret');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'There was an error updating your password.');
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

  // After a reload the page still talks to the server with the new token.
  const subscription = page.waitForResponse((r) => r.url().endsWith('/api/user/subscription'));
  await page.reload();
  expect((await subscription).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  const login = await tellbox.api.post('/api/auth/login', { email: owner.email, password: 'brand-new-secret' });
  expect(login.status).toBe(200);
});

test('delete the account: dismissing keeps it, accepting removes it and the session', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  await open('/settings');
  const messages: string[] = [];

  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Delete Account' }).click();
  expect(messages).toEqual(['Are you sure you want to delete your account? This action cannot be reversed.']);
  await expect(page).toHaveURL(/\/settings$/);
  expect((await tellbox.api.get('/api/user', { token: owner.token })).status).toBe(200);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Account' }).click();
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
  await expectToast(page, 'Login failed', 'Please check your credentials and try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('Account Settings fits 375 px and 1440 px without sideways scrolling', async ({ page, open, signIn }) => {
  await signIn({ plan: 'pro' });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await open('/settings');
    await expect(page.getByRole('heading', { name: 'Available Plans' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cancel Subscription' })).toBeVisible();
    await expectNoHorizontalScroll(page, `/settings at ${width}px`);
  }
});
