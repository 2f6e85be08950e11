/**
 * The most common passwords are refused wherever a password is chosen: sign-up, reset and
 * change. Each refusal is a 400 with the shared message on the password field, and changes
 * nothing (no account, no used-up link, no new hash). Against the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail } from '../helpers/factories';
import { startMailbox, tokenIn, type Mailbox, type ReceivedMail } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let mailbox: Mailbox;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ smtpUrl: mailbox.url });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});

/** Each meets the length rule; the last one is the list's lower-case entry in another letter case. */
const COMMON = ['123456', 'password1234', 'Password1234'];
const GOOD = 'velvet otter marmalade';

const refusedOn = (path: string) => ({
  message: COMMON_PASSWORD_MESSAGE,
  issues: [{ path, message: COMMON_PASSWORD_MESSAGE }],
});

const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');

function login(email: string, password: string) {
  return api.post('/api/auth/login', { email, password });
}

async function storedHash(id: string) {
  const row = await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

describe('sign-up', () => {
  test('refuses 123456 and password1234 on the password field and creates no account; a good one works', async () => {
    const email = uniqueEmail('common-signup');
    for (const password of COMMON) {
      const response = await api.post<ApiErrorBody>('/api/auth/register', { name: 'Ada', email, password });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refusedOn('password'));
    }
    expect(await server.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(mailbox.to(email)).toEqual([]);

    expect((await api.post('/api/auth/register', { name: 'Ada', email, password: GOOD })).status).toBe(201);
  });
});

describe('password reset', () => {
  test('refuses them without using up the link, which then sets a good password', async () => {
    const account = await createOwner(server, api, { email: uniqueEmail('common-reset') });
    expect((await api.post('/api/public/request-password-reset', { email: account.email })).status).toBe(200);
    const token = tokenIn(await mailbox.waitFor(account.email, isResetMail));
    const before = await storedHash(account.id);

    for (const password of COMMON) {
      const response = await api.post<ApiErrorBody>('/api/public/reset-password', { token, password });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refusedOn('password'));
    }
    expect(await storedHash(account.id)).toBe(before);
    expect((await login(account.email, account.password)).status).toBe(200);

    expect((await api.post('/api/public/reset-password', { token, password: GOOD })).status).toBe(200);
    expect((await login(account.email, GOOD)).status).toBe(200);
  });
});

describe('password change', () => {
  test('refuses them on newPassword and keeps the old password and session; a good one works', async () => {
    const account = await createOwner(server, api, { email: uniqueEmail('common-change') });
    const before = await storedHash(account.id);
    for (const newPassword of COMMON) {
      const response = await api.post<ApiErrorBody>(
        '/api/user/change-password',
        { currentPassword: account.password, newPassword },
        { token: account.token },
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refusedOn('newPassword'));
    }
    expect(await storedHash(account.id)).toBe(before);
    expect((await api.get('/api/user', { token: account.token })).status).toBe(200);

    const changed = await api.post(
      '/api/user/change-password',
      { currentPassword: account.password, newPassword: GOOD },
      { token: account.token },
    );
    expect(changed.status).toBe(200);
    expect((await login(account.email, GOOD)).status).toBe(200);
  });
});
