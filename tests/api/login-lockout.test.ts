/**
 * Wrong passwords are no lockout weapon: failed logins count per e-mail *and* address (and per
 * address alone), so whoever guesses from one address is stopped there while the owner still
 * logs in from anywhere else. The server trusts one proxy (TRUST_PROXY=1), so each request can
 * say which client address it comes from in X-Forwarded-For.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiErrorBody, LoginResponse } from '../../src/shared/api';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { createApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail } from '../helpers/factories';
import { expectLimited, from } from '../helpers/rate-limited';
import { startTestServer, type TestServer } from '../helpers/start-server';

const ATTACKER = '203.0.113.66';
const OWNER_ELSEWHERE = '198.51.100.20';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startTestServer({ rateLimits: true, env: { TRUST_PROXY: '1' } });
  return { server, api: createApiClient(server.url) };
}

describe('many wrong passwords for one e-mail from one address', () => {
  const perPair = RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress;

  test('stop that address with a 429, while the owner logs in from another address', async () => {
    const { server, api } = await start();
    const victim = await createOwner(server, api);
    const login = (password: string, address: string) =>
      api.post<ApiErrorBody>('/api/auth/login', { email: victim.email, password }, from(address));

    // Sent all at once: every attempt is counted when it arrives, not when its password check ends.
    const guesses = await Promise.all(
      Array.from({ length: perPair.limit + 15 }, (_, i) => login(`guess number ${i}`, ATTACKER)),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(perPair.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    for (const response of guesses.filter((guess) => guess.status === 429)) expectLimited(response, perPair.windowMs);

    // The guessing address stays stopped, even when it finally has the right password.
    expectLimited(await login(victim.password, ATTACKER), perPair.windowMs);

    // The owner, from anywhere else, is not locked out.
    const owner = await api.post<LoginResponse>(
      '/api/auth/login',
      { email: victim.email, password: victim.password },
      from(OWNER_ELSEWHERE),
    );
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body.token).toMatch(/\S{20,}/);
    expect((await api.get('/api/user', { token: owner.body.token })).status).toBe(200);
    // And a wrong password from there is an ordinary 401.
    expect((await login('not the password', OWNER_ELSEWHERE)).status).toBe(401);
  });
});

describe('one address trying many different e-mails', () => {
  const perAddress = RATE_LIMIT_RULES.loginPerAddress;

  test(`is stopped after ${perAddress.limit} attempts, for every e-mail, while other addresses are not`, async () => {
    const { server, api } = await start();
    const owner = await createOwner(server, api);
    expect(RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress.limit).toBeLessThan(perAddress.limit);

    const statuses: number[] = [];
    for (let i = 0; i < perAddress.limit; i += 1) {
      const response = await api.post(
        '/api/auth/login',
        { email: uniqueEmail('sprayed'), password: 'Winter2024!' },
        from(ATTACKER),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array<number>(perAddress.limit).fill(401));
    expectLimited(
      await api.post<ApiErrorBody>(
        '/api/auth/login',
        { email: uniqueEmail('sprayed'), password: 'Winter2024!' },
        from(ATTACKER),
      ),
      perAddress.windowMs,
    );
    expectLimited(
      await api.post<ApiErrorBody>('/api/auth/login', { email: owner.email, password: owner.password }, from(ATTACKER)),
      perAddress.windowMs,
    );

    const elsewhere = await api.post(
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      from(OWNER_ELSEWHERE),
    );
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });
});
