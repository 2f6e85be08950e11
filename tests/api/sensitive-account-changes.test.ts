/**
 * A stolen session alone cannot take an account over: a new e-mail address and deleting the
 * account need the current password, and once a new address is confirmed no link sent to the
 * old one works any more. Against the real app and a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import { PROFILE_MESSAGES } from '../../server/modules/accounts/profile.service';
import type { ApiErrorBody, LoginResponse, MessageResponse, UserProfile } from '../../src/shared/api';
import { CURRENT_PASSWORD_REQUIRED } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail, type TestOwner } from '../helpers/factories';
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

const NAME = 'Ada Lovelace';
const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');
const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');

const REQUIRED = {
  message: CURRENT_PASSWORD_REQUIRED,
  issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED }],
};
const WRONG = {
  message: PROFILE_MESSAGES.wrongPassword,
  issues: [{ path: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword }],
};

function owner(): Promise<TestOwner> {
  return createOwner(server, api, { email: uniqueEmail('sensitive'), name: NAME });
}

function updateUser(token: string, body: Record<string, unknown>) {
  return api.put<{ user: UserProfile; message: string } & ApiErrorBody>('/api/user', body, { token });
}

function deleteAccount(account: TestOwner, body: unknown) {
  return api.request<MessageResponse & ApiErrorBody>('DELETE', `/api/user/${account.id}`, body, {
    token: account.token,
  });
}

async function profileOf(account: TestOwner) {
  return (await api.get<{ user: UserProfile }>('/api/user', { token: account.token })).body.user;
}

function login(email: string, password: string) {
  return api.post<LoginResponse & ApiErrorBody>('/api/auth/login', { email, password });
}

function confirm(token: string) {
  return api.post<MessageResponse & ApiErrorBody>(`/api/public/confirm-email?token=${encodeURIComponent(token)}`);
}

/** Neither the new address nor the old one got anything: the old one holds only its sign-up mail. */
async function expectNoChangeMails(account: TestOwner, newEmail: string) {
  await server.mailIdle();
  expect(mailbox.to(newEmail)).toEqual([]);
  expect(mailbox.to(account.email).filter((mail) => !isConfirmationMail(mail))).toEqual([]);
}

describe('a new e-mail address needs the current password', () => {
  test.each([
    ['no current password', {}, REQUIRED],
    ['an empty current password', { currentPassword: '' }, REQUIRED],
    ['a wrong current password', { currentPassword: 'not my password' }, WRONG],
  ])('%s is a 400 on currentPassword; no address is pending and no mail goes out', async (_label, extra, answer) => {
    const account = await owner();
    const newEmail = uniqueEmail('thief');
    const response = await updateUser(account.token, { username: 'Mallory', email: newEmail, ...extra });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(answer);
    expect(await profileOf(account)).toEqual({
      id: account.id,
      username: NAME,
      email: account.email,
      pendingEmail: null,
    });
    await expectNoChangeMails(account, newEmail);

    // Renaming alone still needs no password.
    const renamed = await updateUser(account.token, { username: 'Grace Hopper', email: account.email });
    expect(renamed.status).toBe(200);
    expect(await profileOf(account)).toMatchObject({ username: 'Grace Hopper', pendingEmail: null });
  });

  test('a wrong password is refused before the address is looked at, so a session cannot probe for accounts', async () => {
    const account = await owner();
    const other = await owner();
    const response = await updateUser(account.token, { username: NAME, email: other.email, currentPassword: 'guess' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(WRONG);
  });

  test('the right current password sends the link, and the change applies once it is opened', async () => {
    const account = await owner();
    const newEmail = uniqueEmail('moved');
    const response = await updateUser(account.token, {
      username: NAME,
      email: newEmail,
      currentPassword: account.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(PROFILE_MESSAGES.confirmNewEmail);
    expect((await confirm(tokenIn(await mailbox.waitFor(newEmail, isConfirmationMail)))).status).toBe(200);
    expect(await profileOf(account)).toMatchObject({ email: newEmail, pendingEmail: null });
  });

  test('a reset link sent to the old address stops working once the new address is confirmed', async () => {
    const account = await owner();
    expect((await api.post('/api/public/request-password-reset', { email: account.email })).status).toBe(200);
    const oldResetToken = tokenIn(await mailbox.waitFor(account.email, isResetMail));

    const newEmail = uniqueEmail('moved');
    const changed = await updateUser(account.token, {
      username: NAME,
      email: newEmail,
      currentPassword: account.password,
    });
    expect(changed.status).toBe(200);
    expect((await confirm(tokenIn(await mailbox.waitFor(newEmail, isConfirmationMail)))).status).toBe(200);

    const reset = await api.post<ApiErrorBody>('/api/public/reset-password', {
      token: oldResetToken,
      password: 'taken over at last',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
    expect((await login(newEmail, 'taken over at last')).status).toBe(401);
    expect((await login(newEmail, account.password)).status).toBe(200);
  });
});

describe('deleting the account needs the current password', () => {
  test.each([
    ['no body at all', undefined, REQUIRED],
    ['an empty JSON object', {}, REQUIRED],
    ['an empty current password', { currentPassword: '' }, REQUIRED],
    ['a wrong current password', { currentPassword: 'not my password' }, WRONG],
  ])('%s is a 400 and the account stays, until the right password deletes it', async (_label, body, answer) => {
    const account = await owner();
    const response = await deleteAccount(account, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(answer);
    expect(await profileOf(account)).toMatchObject({ id: account.id, email: account.email });
    expect((await login(account.email, account.password)).status).toBe(200);

    const deleted = await deleteAccount(account, { currentPassword: account.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: PROFILE_MESSAGES.deleted });
    expect((await login(account.email, account.password)).status).toBe(401);
  });

  test('an unknown field next to the password is refused like everywhere else', async () => {
    const account = await owner();
    const response = await deleteAccount(account, { currentPassword: account.password, force: true });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "Unrecognized key(s) in object: 'force'",
      issues: [{ path: '', message: "Unrecognized key(s) in object: 'force'" }],
    });
    expect((await login(account.email, account.password)).status).toBe(200);
  });
});
