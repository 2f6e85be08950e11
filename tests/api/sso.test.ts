/**
 * Single sign-on with OpenID Connect against a real provider (oidc-provider on loopback): the
 * round trip creates or finds the account by its verified address, and everything a forged or
 * replayed round trip could try is refused with a message, signing nobody in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoginResponse } from '../../src/shared/api';
import { ssoErrorMessage } from '../../src/shared/sso';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { handedOverCode, signInThroughProvider, type CookieJar, type SignInOptions } from '../helpers/oidc-sign-in';
import { startTestServer, type TestServer } from '../helpers/start-server';

let idp: TestOidcProvider;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  idp = await startOidcProvider();
  server = await startTestServer({
    selfPublicUrl: true,
    env: { ...idp.env, OIDC_NAME: 'Acme SSO', OIDC_ALLOWED_DOMAINS: 'acme.test, Acme.example' },
  });
  idp.allowRedirect(`${server.publicUrl}/api/auth/oidc/callback`);
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

/** A fresh address at the allowed domain. */
const acmeEmail = (label: string) => uniqueEmail(label).replace('@example.com', '@acme.test');

const signIn = (options: SignInOptions) => signInThroughProvider(server.url, options);

const redeem = (code: string, verifier?: string) =>
  api.post<LoginResponse & { message: string }>('/api/auth/oidc/redeem', { code, ...(verifier && { verifier }) });

function accountsWith(email: string) {
  return server.db.selectFrom('users').selectAll().where('email', '=', email).execute();
}

/** Where a refused sign-in lands, and what the login page says there. */
function expectRefused(landedOn: URL, code: Parameters<typeof ssoErrorMessage>[0]) {
  expect(`${landedOn.pathname}${landedOn.search}`).toBe(`/login?sso_error=${code}`);
  expect(landedOn.hash).toBe('');
}

describe('signing in', () => {
  test('the login page learns the provider name and the allowed domains', async () => {
    const answer = await api.get('/api/auth/sso');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Acme SSO', allowedDomains: ['acme.test', 'acme.example'] });
  });

  test('a first sign-in creates a confirmed account named from the name claim, and its session works', async () => {
    const email = acmeEmail('ada');
    idp.setIdentity({ email, name: 'Ada Lovelace' });
    const { landedOn } = await signIn({ email });
    expect(landedOn.pathname).toBe('/sso/complete');

    const login = await redeem(handedOverCode(landedOn));
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ name: 'Ada Lovelace', email });
    const [account] = await accountsWith(email);
    expect(account?.id).toBe(login.body.id);
    expect(account?.email_confirmed_at).not.toBeNull();
    const profile = await api.get('/api/user', { token: login.body.token });
    expect(profile.status).toBe(200);
  });

  test('a second sign-in, the address in another case, finds the same account', async () => {
    const email = acmeEmail('grace');
    idp.setIdentity({ email: email.toUpperCase() });
    const first = await redeem(handedOverCode((await signIn({ email })).landedOn));
    const second = await redeem(handedOverCode((await signIn({ email })).landedOn));
    expect(second.body.id).toBe(first.body.id);
    expect(await accountsWith(email)).toHaveLength(1);
    // No name claim: the address's local part names the account.
    expect(first.body.name).toBe(email.split('@')[0]);
  });

  test('an account made with a password is the one a sign-in with its address lands in', async () => {
    const email = acmeEmail('lin');
    await api.post('/api/auth/register', { name: 'Lin', email, password: 'correct horse battery' });
    await server.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    const login = await redeem(handedOverCode((await signIn({ email })).landedOn));
    expect(login.body.name).toBe('Lin');
    expect(await accountsWith(email)).toHaveLength(1);
    // The password still works: single sign-on is one more way in, not the only one (no OIDC_ONLY).
    expect((await api.post('/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(200);
  });

  test('an unconfirmed sign-up with the address is taken over: its password no longer opens it', async () => {
    const email = acmeEmail('squatted');
    await api.post('/api/auth/register', { name: 'Not the owner', email, password: 'squatter password' });
    const login = await redeem(handedOverCode((await signIn({ email })).landedOn));
    expect(login.status).toBe(200);
    const [account] = await accountsWith(email);
    expect(account?.email_confirmed_at).not.toBeNull();
    expect((await api.post('/api/auth/login', { email, password: 'squatter password' })).status).toBe(401);
  });

  test('the handed-over code works once', async () => {
    const email = acmeEmail('once');
    const code = handedOverCode((await signIn({ email })).landedOn);
    expect((await redeem(code)).status).toBe(200);
    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ssoErrorMessage('expired', null));
  });
});

describe('refusals', () => {
  test('a callback whose state was changed is refused and signs nobody in', async () => {
    const email = acmeEmail('state');
    const { landedOn } = await signIn({ email, tamperCallback: (url) => url.searchParams.set('state', 'forged') });
    expectRefused(landedOn, 'rejected');
    expect(await accountsWith(email)).toHaveLength(0);
  });

  test('an ID token carrying another nonce is refused and signs nobody in', async () => {
    const email = acmeEmail('nonce');
    idp.tamperNextNonce();
    const { landedOn } = await signIn({ email });
    expectRefused(landedOn, 'rejected');
    expect(await accountsWith(email)).toHaveLength(0);
  });

  test('an address outside OIDC_ALLOWED_DOMAINS is refused', async () => {
    const email = uniqueEmail('outsider').replace('@example.com', '@elsewhere.test');
    expectRefused((await signIn({ email })).landedOn, 'domain');
    expect(await accountsWith(email)).toHaveLength(0);
    expect(ssoErrorMessage('domain', { name: 'Acme SSO', allowedDomains: ['acme.test', 'acme.example'] })).toBe(
      'Only addresses at acme.test or acme.example can sign in with Acme SSO. Use your work account.',
    );
  });

  test('an address the provider has not verified is refused', async () => {
    const email = acmeEmail('unverified');
    idp.setIdentity({ email, emailVerified: false });
    expectRefused((await signIn({ email })).landedOn, 'unverified_email');
    expect(await accountsWith(email)).toHaveLength(0);
  });

  test('a callback replayed with its cookie is refused: the sign-in was spent', async () => {
    const email = acmeEmail('replay');
    const jar: CookieJar = new Map();
    let callback: URL | undefined;
    let cookie = '';
    const { landedOn } = await signIn({
      email,
      jar,
      tamperCallback: (url) => {
        callback = new URL(url);
        cookie = [...(jar.get(url.origin) ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
      },
    });
    expect(landedOn.pathname).toBe('/sso/complete');
    const replayed = await fetch(callback ?? '', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toBe('/login?sso_error=expired');
  });
});
