/**
 * The desktop app's single sign-on (src/main/services/sso-loopback.ts) against the real server and
 * a real provider, Electron aside: the app listens on a loopback port, "opens the system browser"
 * (here the browser-less driver, which signs in at the provider and follows the server's redirect
 * to that port), and redeems the code it receives with its PKCE verifier for a session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSsoLoopback, type SsoLoopbackDeps } from '../../src/main/services/sso-loopback';
import { createApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { signInThroughProvider } from '../helpers/oidc-sign-in';
import { startTestServer, type TestServer } from '../helpers/start-server';

let idp: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  idp = await startOidcProvider();
  server = await startTestServer({ selfPublicUrl: true, env: { ...idp.env, OIDC_ALLOWED_DOMAINS: 'example.com' } });
  idp.allowRedirect(`${server.publicUrl}/api/auth/oidc/callback`);
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

/** A "system browser" that signs in as `email` and lands on whatever address the server sends it to. */
function browserSigningInAs(email: string): (url: string) => Promise<boolean> {
  return async (url) => {
    const returnTo = new URL(new URL(url).searchParams.get('return') ?? '');
    void signInThroughProvider(server.url, { email, startQuery: new URL(url).search, desktopOrigin: returnTo.origin })
      .then(({ landedOn }) => fetch(landedOn))
      .then((answer) => answer.text());
    return true;
  };
}

function desktopApp(overrides: Partial<SsoLoopbackDeps>) {
  return createSsoLoopback({
    getServerUrl: () => server.url,
    openExternal: async () => true,
    fetch: (url, init) => fetch(url, init),
    ...overrides,
  });
}

describe('the desktop app signs in through the system browser', () => {
  test('it receives a session that works, and the browser tab says it can be closed', async () => {
    const email = uniqueEmail('desktop-app');
    const result = await desktopApp({ openExternal: browserSigningInAs(email) }).signIn();
    if (!result.ok) throw new Error(`not signed in: ${result.error}`);
    expect(result.login.email).toBe(email);
    const profile = await createApiClient(server.url).get('/api/user', { token: result.login.token });
    expect(profile.status).toBe(200);
  });

  test("a refusal at the server comes back as the refusal's code", async () => {
    const result = await desktopApp({ openExternal: browserSigningInAs('eve@elsewhere.test') }).signIn();
    expect(result).toEqual({ ok: false, error: 'domain' });
  });

  test('a code another program sends to the port redeems for nothing', async () => {
    const app = desktopApp({
      openExternal: async (url) => {
        const returnTo = new URL(url).searchParams.get('return') ?? '';
        void fetch(`${returnTo}?code=forged`).then((answer) => answer.text());
        return true;
      },
    });
    expect(await app.signIn()).toEqual({ ok: false, error: 'expired' });
  });

  test('a browser that cannot be opened, a server not set up, and a sign-in never finished are told apart', async () => {
    expect(await desktopApp({ openExternal: async () => false }).signIn()).toEqual({ ok: false, error: 'browser' });
    expect(await desktopApp({ getServerUrl: () => null }).signIn()).toEqual({ ok: false, error: 'not_configured' });
    expect(await desktopApp({ timeoutMs: 50 }).signIn()).toEqual({ ok: false, error: 'timeout' });
  });

  test('a second click starts over: the first sign-in ends, with nothing to tell', async () => {
    const app = desktopApp({ timeoutMs: 200 });
    const first = app.signIn();
    const second = app.signIn();
    expect(await first).toEqual({ ok: false, error: 'cancelled' });
    expect(await second).toEqual({ ok: false, error: 'timeout' });
  });
});
