/**
 * Single sign-on in the browser, against a real OpenID provider (oidc-provider on loopback): the
 * login page's "Sign in with <name>", the provider's sign-in page, and back to the console signed
 * in; and what the owner is told when a sign-in is refused. The server runs with OIDC_ONLY for
 * acme.test, so password login for those addresses is refused too.
 */
import type { Page } from '@playwright/test';
import { ssoOnlyMessage } from '../../../src/shared/sso';
import { startOidcProvider, type TestOidcProvider } from '../../helpers/oidc-provider';
import { acceptCookiesUpFront, expect, expectToast, test as consoleTest, uniqueEmail } from './fixtures';

const PROVIDER_NAME = 'Acme SSO';

const test = consoleTest.extend<object, { idp: TestOidcProvider; ssoReady: void }>({
  idp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const idp = await startOidcProvider();
      await use(idp);
      await idp.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ idp }, use) => {
      await use({ ...idp.env, OIDC_NAME: PROVIDER_NAME, OIDC_ALLOWED_DOMAINS: 'acme.test', OIDC_ONLY: 'true' });
    },
    { scope: 'worker' },
  ],
  // The provider learns Tellbox's callback once the worker's server has its address.
  ssoReady: [
    async ({ idp, tellbox }, use) => {
      idp.allowRedirect(`${tellbox.server.publicUrl}/api/auth/oidc/callback`);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

const acmeEmail = (label: string) => uniqueEmail(label).replace('@example.com', '@acme.test');

/** From the login page through the provider's sign-in page, as `email`. */
async function signInWithProvider(page: Page, email: string) {
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Test IdP' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectSignedOut(page: Page) {
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
}

test('a first sign-in creates the account and lands on the dashboard signed in', async ({
  page,
  open,
  tellbox,
  idp,
}) => {
  const email = acmeEmail('first');
  idp.setIdentity({ email, name: 'Ada Lovelace' });
  await open('/login');
  await signInWithProvider(page, email);

  await expectToast(page, 'Login successful', 'Welcome back!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome.*Ada Lovelace/ })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^Bearer /);
  const accounts = await tellbox.server.db.selectFrom('users').select('id').where('email', '=', email).execute();
  expect(accounts).toHaveLength(1);
});

test('a second sign-in finds the same account', async ({ page, browser, open, tellbox }) => {
  const email = acmeEmail('again');
  await open('/login');
  await signInWithProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another browser: nothing of the first sign-in is left, at Tellbox or at the provider.
  const other = await browser.newPage();
  await acceptCookiesUpFront(other);
  await other.goto(`${tellbox.server.url}/login`);
  await signInWithProvider(other, email);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.close();

  const accounts = await tellbox.server.db.selectFrom('users').select('id').where('email', '=', email).execute();
  expect(accounts).toHaveLength(1);
});

test('a callback with another state is refused, with a message', async ({ page, open, idp }) => {
  await open('/login');
  idp.tamperNextState();
  await signInWithProvider(page, acmeEmail('state'));

  await expect(page).toHaveURL(/\/login\?sso_error=rejected$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in could not be verified, so it was refused. Please sign in again.',
  );
  await expectSignedOut(page);
});

test('an ID token for another nonce is refused, with a message', async ({ page, open, idp }) => {
  await open('/login');
  idp.tamperNextNonce();
  await signInWithProvider(page, acmeEmail('nonce'));

  await expect(page).toHaveURL(/\/login\?sso_error=rejected$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in could not be verified, so it was refused. Please sign in again.',
  );
  await expectSignedOut(page);
});

test('an address outside the allowed domains is refused, saying which are allowed', async ({ page, open, tellbox }) => {
  const email = uniqueEmail('outsider').replace('@example.com', '@elsewhere.test');
  await open('/login');
  await signInWithProvider(page, email);

  await expect(page).toHaveURL(/\/login\?sso_error=domain$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Only addresses at acme.test can sign in with Acme SSO. Use your work account.',
  );
  await expectSignedOut(page);
  const accounts = await tellbox.server.db.selectFrom('users').select('id').where('email', '=', email).execute();
  expect(accounts).toEqual([]);
});

test('a completion link that was already used says so, and leads back to login', async ({ page, open }) => {
  await open('/sso/complete#code=already-used');
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in has expired or was already used. Please sign in again.',
  );
  // The code leaves the address bar at once.
  await expect(page).toHaveURL(/\/sso\/complete$/);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('OIDC_ONLY: password login for an allowed domain points to the SSO button', async ({ page, open, tellbox }) => {
  const email = acmeEmail('password');
  const password = 'quiet harbour lamp';
  await tellbox.api.post('/api/auth/register', { name: 'Pat Password', email, password });
  await tellbox.server.db
    .updateTable('users')
    .set({ email_confirmed_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();

  await open('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();

  await expect(form.getByText(ssoOnlyMessage(PROVIDER_NAME, 'acme.test'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectSignedOut(page);
});
