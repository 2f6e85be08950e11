/**
 * Single sign-on given what a browser, a crafted link or a stray script may send: garbled
 * callbacks, forged return addresses, wrong codes. Each ends on a page that explains it (a 303 to
 * the login page) or a 400 with a message; never a 500. And the desktop app's loopback sign-in
 * (RFC 8252): its code goes only to a loopback address, and only the app's PKCE verifier redeems it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoginResponse } from '../../src/shared/api';
import { ssoErrorMessage } from '../../src/shared/sso';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { send, signInThroughProvider, type CookieJar } from '../helpers/oidc-sign-in';
import { startTestServer, type TestServer } from '../helpers/start-server';

let idp: TestOidcProvider;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  idp = await startOidcProvider();
  server = await startTestServer({ selfPublicUrl: true, env: { ...idp.env, OIDC_ALLOWED_DOMAINS: 'example.com' } });
  idp.allowRedirect(`${server.publicUrl}/api/auth/oidc/callback`);
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

/** A sign-in started in a fresh "browser": its cookies and the state the provider was sent. */
async function startFlow(): Promise<{ jar: CookieJar; state: string }> {
  const jar: CookieJar = new Map();
  const started = await send(jar, new URL('/api/auth/oidc/start', server.url));
  expect(started.status).toBe(303);
  const state = new URL(started.headers.get('location') ?? '').searchParams.get('state');
  return { jar, state: state ?? '' };
}

async function landingOf(jar: CookieJar, path: string): Promise<string | null> {
  const answer = await send(jar, new URL(path, server.url));
  expect(answer.status).toBe(303);
  return answer.headers.get('location');
}

describe('the callback', () => {
  test('without the browser that started a sign-in, anything sent is "expired"', async () => {
    for (const query of ['', '?code=abc&state=def', '?state=%zz', '?code[]=1&code[]=2', `?code=${'x'.repeat(5000)}`]) {
      expect(await landingOf(new Map(), `/api/auth/oidc/callback${query}`)).toBe('/login?sso_error=expired');
    }
  });

  test('a garbled answer to a real sign-in is refused with a message', async () => {
    for (const query of ['', '?code=', '?state=wrong&code=abc', '?code=a&code=b']) {
      const { jar } = await startFlow();
      expect(await landingOf(jar, `/api/auth/oidc/callback${query}`)).toBe('/login?sso_error=rejected');
    }
  });

  test('a code the provider never issued is refused', async () => {
    const { jar, state } = await startFlow();
    const query = new URLSearchParams({ code: 'made-up', state, iss: idp.issuer });
    expect(await landingOf(jar, `/api/auth/oidc/callback?${query}`)).toBe('/login?sso_error=rejected');
  });

  test('a sign-in cancelled at the provider says the provider did not sign you in', async () => {
    const { jar, state } = await startFlow();
    const query = new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer });
    expect(await landingOf(jar, `/api/auth/oidc/callback?${query}`)).toBe('/login?sso_error=denied');
  });
});

describe('redeeming a code', () => {
  test('a missing, malformed or unknown code is a 400 with a message', async () => {
    const missing = await api.post('/api/auth/oidc/redeem', {});
    expect(missing.status).toBe(400);
    const unknown = await api.post('/api/auth/oidc/redeem', { code: 'never-issued' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ssoErrorMessage('expired', null));
    const notJson = await api.post('/api/auth/oidc/redeem', undefined, {
      rawBody: '{"code":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe("the desktop app's loopback sign-in", () => {
  let desktop: string;
  beforeAll(async () => {
    desktop = `http://127.0.0.1:${await freePort()}`;
  });

  const pkcePair = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  async function signInFromDesktop(email: string, challenge: string): Promise<URL> {
    const startQuery = `?${new URLSearchParams({ return: `${desktop}/sso-done`, challenge })}`;
    const { landedOn } = await signInThroughProvider(server.url, { email, startQuery, desktopOrigin: desktop });
    return landedOn;
  }

  test('the code comes back to the loopback address, and only the verifier redeems it', async () => {
    const { verifier, challenge } = pkcePair();
    const email = uniqueEmail('desktop');
    const first = await signInFromDesktop(email, challenge);
    expect(`${first.origin}${first.pathname}`).toBe(`${desktop}/sso-done`);
    const stolen = await api.post('/api/auth/oidc/redeem', { code: first.searchParams.get('code') });
    expect(stolen.status).toBe(400);

    const second = await signInFromDesktop(email, challenge);
    const wrong = await api.post('/api/auth/oidc/redeem', {
      code: second.searchParams.get('code'),
      verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);

    const third = await signInFromDesktop(email, challenge);
    const login = await api.post<LoginResponse>('/api/auth/oidc/redeem', {
      code: third.searchParams.get('code'),
      verifier,
    });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
  });

  test('a refusal goes back to the app too, which tells the owner why', async () => {
    const landedOn = await signInFromDesktop('someone@elsewhere.test', pkcePair().challenge);
    expect(landedOn.href).toBe(`${desktop}/sso-done?sso_error=domain`);
  });

  test('any other return address is refused, and nothing goes there', async () => {
    const { challenge } = pkcePair();
    const refused: Record<string, string>[] = [
      { return: 'http://evil.test:8080/cb', challenge },
      { return: 'http://localhost:8080/cb', challenge },
      { return: 'https://127.0.0.1:8080/cb', challenge },
      { return: 'http://127.0.0.1/cb', challenge },
      { return: 'http://user:pw@127.0.0.1:8080/cb', challenge },
      { return: 'javascript:alert(1)', challenge },
      { return: `${desktop}/cb` },
      { return: `${desktop}/cb`, challenge: 'too-short' },
      { challenge },
    ];
    for (const query of refused) {
      const location = await landingOf(new Map(), `/api/auth/oidc/start?${new URLSearchParams(query)}`);
      expect(location, JSON.stringify(query)).toBe('/login?sso_error=bad_return');
    }
  });
});
