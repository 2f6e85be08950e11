/**
 * The routes that check a logged-in owner's current password (change password, change e-mail,
 * delete account) share one budget of wrong passwords per account and one of attempts per
 * address, counted when each request arrives: a burst of wrong passwords cannot make the server
 * run a password hash for each of them. The server trusts one proxy (TRUST_PROXY=1), so requests
 * can say which client address they come from.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail, type TestOwner } from '../helpers/factories';
import { expectLimited, from } from '../helpers/rate-limited';
import { startTestServer, type TestServer } from '../helpers/start-server';

const perAccount = RATE_LIMIT_RULES.passwordChecksPerAccount;
const perAddress = RATE_LIMIT_RULES.passwordChecksPerAddress;
const NEW_PASSWORD = 'a brand new passphrase';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startTestServer({ rateLimits: true, env: { TRUST_PROXY: '1' } });
  return { server, api: createApiClient(server.url) };
}

function changePassword(api: ApiClient, owner: TestOwner, currentPassword: string, address = '192.0.2.1') {
  return api.post<ApiErrorBody>(
    '/api/user/change-password',
    { currentPassword, newPassword: NEW_PASSWORD },
    { token: owner.token, ...from(address) },
  );
}

describe('wrong current passwords from one account', () => {
  test(`64 at once: ${perAccount.limit} are checked, every other one is a 429 with Retry-After`, async () => {
    const { server, api } = await start();
    const owner = await createOwner(server, api);
    const responses = await Promise.all(
      Array.from({ length: 64 }, (_, i) => changePassword(api, owner, `wrong password ${i}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(perAccount.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(64 - perAccount.limit);
    for (const response of responses.filter((answer) => answer.status === 429)) {
      expectLimited(response, Math.max(perAccount.windowMs, perAddress.windowMs));
    }
    // The password did not change, and the session still works.
    expect((await api.get('/api/user', { token: owner.token })).status).toBe(200);
    const login = await api.post(
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      from('192.0.2.9'),
    );
    expect(login.status).toBe(200);
  });

  test('use up the budget of changing the e-mail and deleting the account too, but not of renaming', async () => {
    const { server, api } = await start();
    const owner = await createOwner(server, api);
    const address = '192.0.2.2';
    for (let i = 0; i < perAccount.limit; i += 1) {
      expect((await changePassword(api, owner, `wrong password ${i}`, address)).status).toBe(400);
    }
    // From another address too: the budget is the account's.
    expectLimited(await changePassword(api, owner, owner.password, '192.0.2.3'), perAccount.windowMs);
    expectLimited(
      await api.put<ApiErrorBody>(
        '/api/user',
        { username: 'Renamed', email: uniqueEmail('new'), currentPassword: owner.password },
        { token: owner.token, ...from(address) },
      ),
      perAccount.windowMs,
    );
    expectLimited(
      await api.request<ApiErrorBody>(
        'DELETE',
        `/api/user/${owner.id}`,
        { currentPassword: owner.password },
        { token: owner.token, ...from(address) },
      ),
      perAccount.windowMs,
    );
    expect(await server.db.selectFrom('users').select('id').where('id', '=', owner.id).execute()).toHaveLength(1);

    // Keeping the e-mail checks no password, so a rename goes through.
    const rename = await api.put(
      '/api/user',
      { username: 'Renamed', email: owner.email },
      { token: owner.token, ...from(address) },
    );
    expect(rename.status, rename.text).toBe(200);

    // Another account is not affected.
    const other = await createOwner(server, api);
    const changed = await changePassword(api, other, other.password, '192.0.2.4');
    expect(changed.status, changed.text).toBe(200);
  });
});

describe('current-password checks from one address', () => {
  test(`stop after ${perAddress.limit}, across accounts`, async () => {
    const { server, api } = await start();
    const address = '192.0.2.5';
    const owners: TestOwner[] = [];
    while (owners.length * (perAccount.limit - 1) < perAddress.limit) owners.push(await createOwner(server, api));

    const statuses: number[] = [];
    for (let i = 0; i < perAddress.limit; i += 1) {
      const owner = owners[i % owners.length] as TestOwner;
      statuses.push((await changePassword(api, owner, `wrong password ${i}`, address)).status);
    }
    expect(statuses).toEqual(Array<number>(perAddress.limit).fill(400));
    const [first, second] = owners as [TestOwner, TestOwner];
    expectLimited(await changePassword(api, first, first.password, address), perAddress.windowMs);
    // The same account from another address still gets its checks.
    expect((await changePassword(api, second, second.password, '192.0.2.6')).status).toBe(200);
  });
});
