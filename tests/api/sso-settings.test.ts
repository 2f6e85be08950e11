/**
 * Single sign-on as the installation's settings shape it: off (no OIDC_ISSUER), the only way in for
 * the allowed domains (OIDC_ONLY), with a provider that keeps its claims to the UserInfo endpoint,
 * and with a provider that cannot be reached. Each refusal is a message, never an error page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoginResponse } from '../../src/shared/api';
import { ssoOnlyMessage } from '../../src/shared/sso';
import { createApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { handedOverCode, send, signInThroughProvider } from '../helpers/oidc-sign-in';
import { startTestServer, type TestServer } from '../helpers/start-server';

/** Where `GET path` on `server` redirects the browser. */
async function redirectOf(server: TestServer, path: string): Promise<string | null> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

describe('without OIDC_ISSUER', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('the login page is told there is no single sign-on', async () => {
    const answer = await createApiClient(server.url).get('/api/auth/sso');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });

  test('a sign-in started or finished anyway ends on the login page, which says why', async () => {
    expect(await redirectOf(server, '/api/auth/oidc/start')).toBe('/login?sso_error=not_configured');
    expect(await redirectOf(server, '/api/auth/oidc/callback?code=abc&state=def')).toBe(
      '/login?sso_error=not_configured',
    );
  });
});

describe('OIDC_ONLY, with claims from the UserInfo endpoint', () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ claimsInIdToken: false });
    const env = { ...idp.env, OIDC_NAME: 'Acme SSO', OIDC_ALLOWED_DOMAINS: 'acme.test', OIDC_ONLY: 'true' };
    server = await startTestServer({ selfPublicUrl: true, env });
    idp.allowRedirect(`${server.publicUrl}/api/auth/oidc/callback`);
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  test('password login for an allowed domain is refused, on the e-mail field, naming the button', async () => {
    const api = createApiClient(server.url);
    const email = uniqueEmail('only').replace('@example.com', '@acme.test');
    await api.post('/api/auth/register', { name: 'Only', email, password: 'correct horse battery' });
    await server.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    const message = ssoOnlyMessage('Acme SSO', 'acme.test');
    expect(message).toBe('Password login is turned off for acme.test addresses. Use “Sign in with Acme SSO” instead.');
    for (const typed of [email, `  ${email.toUpperCase()} `]) {
      const login = await api.post('/api/auth/login', { email: typed, password: 'correct horse battery' });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ message, issues: [{ path: 'email', message }] });
    }
  });

  test('addresses of other domains still log in with their password', async () => {
    const owner = await createOwner(server, createApiClient(server.url));
    expect(owner.token).toBeTruthy();
  });

  test('single sign-on works, the name coming from the UserInfo endpoint', async () => {
    const email = uniqueEmail('userinfo').replace('@example.com', '@acme.test');
    idp.setIdentity({ email, name: 'Uma Userinfo' });
    const { landedOn } = await signInThroughProvider(server.url, { email });
    const login = await createApiClient(server.url).post<LoginResponse>('/api/auth/oidc/redeem', {
      code: handedOverCode(landedOn),
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ name: 'Uma Userinfo', email });
  });
});

describe('a provider that cannot be reached', () => {
  test('at the start: the login page says so', async () => {
    const deadIssuer = `http://127.0.0.1:${await freePort()}`;
    const server = await startTestServer({
      env: { OIDC_ISSUER: deadIssuer, OIDC_CLIENT_ID: 'tellbox', OIDC_CLIENT_SECRET: 'secret' },
    });
    try {
      expect(await redirectOf(server, '/api/auth/oidc/start')).toBe('/login?sso_error=unreachable');
    } finally {
      await server.close();
    }
  });

  test('gone before the callback: the login page says so, and nobody is signed in', async () => {
    const idp = await startOidcProvider();
    const server = await startTestServer({ selfPublicUrl: true, env: idp.env });
    try {
      idp.allowRedirect(`${server.publicUrl}/api/auth/oidc/callback`);
      const email = uniqueEmail('gone');
      const { landedOn: callback, jar } = await signInThroughProvider(server.url, { email, stopAtCallback: true });
      await idp.close();
      const answer = await send(jar, callback);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/login?sso_error=unreachable');
      expect(await server.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    } finally {
      await server.close();
      await idp.close();
    }
  });
});
