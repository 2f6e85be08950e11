/**
 * The owner's own account: profile, e-mail change, password change and deletion (docs/product.md, "Accounts";
 * docs/security-model.md ), against the real app and a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  confirmNewEmailMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from '../../server/mail/templates/account-mails';
import { maskEmail } from '../../server/mail/templates/mask-email';
import { MAX_EMAIL_LINKS_PER_HOUR } from '../../server/modules/accounts/email-links';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import { PROFILE_MESSAGES } from '../../server/modules/accounts/profile.service';
import { PUBLIC_WIDGET_MESSAGES } from '../../server/modules/public-widget/public-widget.service';
import type { ApiErrorBody, LoginResponse, MessageResponse, UserProfile } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, uniqueEmail, validFeedback, validPost, type TestOwner } from '../helpers/factories';
import { linkIn, startMailbox, tokenIn, type Mailbox, type ReceivedMail } from '../helpers/mailbox';
import { TEST_PUBLIC_URL, startTestServer, type TestServer } from '../helpers/start-server';

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

const NEW_PASSWORD = 'a brand new passphrase';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const PASSWORD_CHANGED_SUBJECT = passwordChangedMail().subject;
const EMAIL_CHANGING_SUBJECT = emailChangeRequestedMail('').subject;
const CONFIRM_NEW_EMAIL_SUBJECT = confirmNewEmailMail('').subject;

const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');
const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');

type UserAnswer = { user: UserProfile };
type UpdateAnswer = { user: UserProfile; message: string };

function owner(): Promise<TestOwner> {
  return createOwner(server, api, { email: uniqueEmail('profile'), name: 'Ada Lovelace' });
}

function login(email: string, password: string) {
  return api.post<LoginResponse & ApiErrorBody>('/api/auth/login', { email, password });
}

function getUser(token: string) {
  return api.get<UserAnswer & ApiErrorBody>('/api/user', { token });
}

function updateUser(token: string, body: Record<string, unknown>) {
  return api.put<UpdateAnswer & ApiErrorBody>('/api/user', body, { token });
}

/** Asks for a new address the way the console does: with the current password. */
function changeEmail(account: TestOwner, email: string, username = 'Ada Lovelace') {
  return updateUser(account.token, { username, email, currentPassword: account.password });
}

function deleteAccount(token: string | undefined, id: string, body: unknown) {
  return api.request<MessageResponse & ApiErrorBody>('DELETE', `/api/user/${id}`, body, { token });
}

function changePassword(token: string, currentPassword: string, newPassword: string) {
  return api.post<{ user: { token: string } } & ApiErrorBody>(
    '/api/user/change-password',
    { currentPassword, newPassword },
    { token },
  );
}

function confirm(token: string) {
  return api.post<MessageResponse & ApiErrorBody>(`/api/public/confirm-email?token=${encodeURIComponent(token)}`);
}

async function storedHash(id: string): Promise<string | undefined> {
  const row = await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

describe('GET and PUT /api/user', () => {
  test('GET answers the owner profile', async () => {
    const account = await owner();
    const response = await getUser(account.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { id: account.id, username: 'Ada Lovelace', email: account.email, pendingEmail: null },
    });
  });

  test('PUT with the same e-mail renames at once', async () => {
    const account = await owner();
    const response = await updateUser(account.token, { username: '  Grace Hopper ', email: account.email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { id: account.id, username: 'Grace Hopper', email: account.email, pendingEmail: null },
      message: PROFILE_MESSAGES.updated,
    });
    expect((await getUser(account.token)).body.user.username).toBe('Grace Hopper');
    expect((await login(account.email, account.password)).body.name).toBe('Grace Hopper');
  });

  test.each([
    ['a one-letter name', { username: 'A' }, 'username', 'String must contain at least 2 character(s)'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'Invalid email'],
    ['a missing name', { username: undefined }, 'username', 'Required'],
    ['a number as the name', { username: 7 }, 'username', 'Expected string, received number'],
    ['an unknown field', { password: 'x' }, '', "Unrecognized key(s) in object: 'password'"],
  ])('PUT rejects %s with 400 and the exact message, changing nothing', async (_label, change, path, message) => {
    const account = await owner();
    const response = await updateUser(account.token, { username: 'Grace Hopper', email: account.email, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: [{ path, message }] });
    expect((await getUser(account.token)).body.user).toMatchObject({ username: 'Ada Lovelace', email: account.email });
  });

  test('a new e-mail applies only once the link mailed to it is opened, and the old address is told', async () => {
    const account = await owner();
    const newEmail = uniqueEmail('moved');
    const response = await changeEmail(account, `  ${newEmail.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { id: account.id, username: 'Ada Lovelace', email: account.email, pendingEmail: newEmail },
      message: PROFILE_MESSAGES.confirmNewEmail,
    });

    // Until the new address is confirmed, the account keeps the old one.
    expect((await getUser(account.token)).body.user).toMatchObject({ email: account.email, pendingEmail: newEmail });
    expect((await login(account.email, account.password)).status).toBe(200);
    expect((await login(newEmail, account.password)).status).toBe(401);

    const confirmation = await mailbox.waitFor(newEmail, isConfirmationMail);
    expect(linkIn(confirmation).startsWith(`${TEST_PUBLIC_URL}/confirm-email?token=`)).toBe(true);

    const notice = await mailbox.waitFor(account.email, (mail) => mail.subject === EMAIL_CHANGING_SUBJECT);
    // The new address was typed by whoever asked: only a masked hint of it is shown.
    expect(notice.text).toContain(maskEmail(newEmail));
    expect(notice.raw).not.toContain(newEmail);
    expect(notice.raw).not.toContain('token=');
    await server.mailIdle();
    expect(mailbox.to(account.email).filter((mail) => mail.subject === EMAIL_CHANGING_SUBJECT)).toHaveLength(1);
    expect(mailbox.to(account.email).filter((mail) => mail.text.includes(tokenIn(confirmation)))).toEqual([]);

    const token = tokenIn(confirmation);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: AUTH_MESSAGES.confirmed });

    expect((await getUser(account.token)).body.user).toEqual({
      id: account.id,
      username: 'Ada Lovelace',
      email: newEmail,
      pendingEmail: null,
    });
    expect((await login(newEmail, account.password)).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(401);

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });
  });

  test(`the ${MAX_EMAIL_LINKS_PER_HOUR + 1}th change of address in an hour is 429, with how long until the next one may go`, async () => {
    const account = await owner();
    for (let index = 0; index < MAX_EMAIL_LINKS_PER_HOUR; index += 1) {
      expect((await changeEmail(account, uniqueEmail(`move-${index}`))).status).toBe(200);
    }
    const refused = await changeEmail(account, uniqueEmail('one-too-many'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: PROFILE_MESSAGES.tooManyEmailChanges });
    // The hour's first link was issued moments ago: about an hour to wait, never more.
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3_500);
    expect(wait).toBeLessThanOrEqual(3_600);
  });

  test('a change link stops working once the owner asks for another address instead', async () => {
    const account = await owner();
    const typo = uniqueEmail('typo');
    const meant = uniqueEmail('meant');
    expect((await changeEmail(account, typo)).status).toBe(200);
    const typoToken = tokenIn(await mailbox.waitFor(typo, isConfirmationMail));
    expect((await changeEmail(account, meant)).status).toBe(200);
    const meantToken = tokenIn(await mailbox.waitFor(meant, isConfirmationMail));

    // Whoever owns the mistyped address must not be able to take the account over.
    const stale = await confirm(typoToken);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });
    expect((await getUser(account.token)).body.user).toMatchObject({ email: account.email, pendingEmail: meant });

    expect((await confirm(meantToken)).status).toBe(200);
    expect((await getUser(account.token)).body.user).toMatchObject({ email: meant, pendingEmail: null });
  });

  test('a change link stops working once the owner goes back to the current address', async () => {
    const account = await owner();
    const typo = uniqueEmail('typo');
    expect((await changeEmail(account, typo)).status).toBe(200);
    const typoToken = tokenIn(await mailbox.waitFor(typo, isConfirmationMail));
    const cancelled = await updateUser(account.token, { username: 'Ada Lovelace', email: account.email });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.user.pendingEmail).toBeNull();

    const stale = await confirm(typoToken);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });
    expect((await getUser(account.token)).body.user).toMatchObject({ email: account.email, pendingEmail: null });
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  test('an e-mail taken by another account, in any letter case, is 409 and nothing changes', async () => {
    const account = await owner();
    const other = await owner();
    const response = await changeEmail(account, other.email.toUpperCase(), 'Grace Hopper');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
    expect((await getUser(account.token)).body.user).toEqual({
      id: account.id,
      username: 'Ada Lovelace',
      email: account.email,
      pendingEmail: null,
    });
    await server.mailIdle();
    expect(mailbox.to(other.email).filter((mail) => mail.subject === CONFIRM_NEW_EMAIL_SUBJECT)).toEqual([]);
    expect(mailbox.to(account.email).filter((mail) => mail.subject === EMAIL_CHANGING_SUBJECT)).toEqual([]);
  });

  test('a change link opened after another account took the address is 409 and keeps the old e-mail', async () => {
    const account = await owner();
    const wanted = uniqueEmail('contested');
    expect((await changeEmail(account, wanted)).status).toBe(200);
    const token = tokenIn(await mailbox.waitFor(wanted, isConfirmationMail));

    const squatter = await createOwner(server, api, { email: wanted });
    const response = await confirm(token);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
    expect((await getUser(account.token)).body.user.email).toBe(account.email);
    expect((await getUser(squatter.token)).body.user.email).toBe(wanted);
  });
});

describe('POST /api/user/change-password', () => {
  test('a wrong current password is 400, leaves the stored hash and the session as they were', async () => {
    const account = await owner();
    const before = await storedHash(account.id);
    const response = await changePassword(account.token, 'not my password', NEW_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: PROFILE_MESSAGES.wrongPassword,
      issues: [{ path: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword }],
    });
    expect(await storedHash(account.id)).toBe(before);
    expect((await getUser(account.token)).status).toBe(200);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  test.each([
    ['a missing current password', { newPassword: NEW_PASSWORD }, 'currentPassword', 'Required'],
    [
      'a five-character new password',
      { currentPassword: 'correct horse battery', newPassword: '12345' },
      'newPassword',
      'String must contain at least 6 character(s)',
    ],
    [
      'an unknown field',
      { currentPassword: 'correct horse battery', newPassword: NEW_PASSWORD, x: 1 },
      '',
      "Unrecognized key(s) in object: 'x'",
    ],
  ])('rejects %s with 400 and the exact message', async (_label, body, path, message) => {
    const account = await owner();
    const before = await storedHash(account.id);
    const response = await api.post<ApiErrorBody>('/api/user/change-password', body, { token: account.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: [{ path, message }] });
    expect(await storedHash(account.id)).toBe(before);
  });

  test('the right current password changes it, signs out every other token and returns a fresh one', async () => {
    const account = await owner();
    const otherDevice = (await login(account.email, account.password)).body.token;

    const response = await changePassword(account.token, account.password, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['user']);
    expect(Object.keys(response.body.user)).toEqual(['token']);
    const fresh = response.body.user.token;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect([account.token, otherDevice]).not.toContain(fresh);

    for (const old of [account.token, otherDevice]) {
      const answer = await getUser(old);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: SESSION_EXPIRED });
    }
    expect((await getUser(fresh)).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('a password change sends one notice with neither password nor token', async () => {
    const account = await owner();
    const response = await changePassword(account.token, account.password, NEW_PASSWORD);
    expect(response.status).toBe(200);
    const notice = await mailbox.waitFor(account.email, (mail) => mail.subject === PASSWORD_CHANGED_SUBJECT);
    await server.mailIdle();
    expect(mailbox.to(account.email).filter((mail) => mail.subject === PASSWORD_CHANGED_SUBJECT)).toHaveLength(1);
    for (const part of [notice.text, notice.html, notice.raw]) {
      expect(part).not.toContain(NEW_PASSWORD);
      expect(part).not.toContain(account.password);
      expect(part).not.toContain(response.body.user.token);
      expect(part).not.toContain('token=');
    }
  });

  test('a reset link issued before a password change no longer works after it', async () => {
    const account = await owner();
    expect((await api.post('/api/public/request-password-reset', { email: account.email })).status).toBe(200);
    const resetToken = tokenIn(await mailbox.waitFor(account.email, isResetMail));

    const changed = await changePassword(account.token, account.password, NEW_PASSWORD);
    expect(changed.status).toBe(200);

    const reset = await api.post<ApiErrorBody>('/api/public/reset-password', {
      token: resetToken,
      password: 'attacker password',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
    expect((await login(account.email, 'attacker password')).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
    expect((await getUser(changed.body.user.token)).status).toBe(200);
  });
  test('a password change cancels a pending e-mail change, so its link no longer works', async () => {
    const account = await owner();
    const intruder = uniqueEmail('intruder');
    expect((await changeEmail(account, intruder)).status).toBe(200);
    const intruderToken = tokenIn(await mailbox.waitFor(intruder, isConfirmationMail));

    const changed = await changePassword(account.token, account.password, NEW_PASSWORD);
    expect(changed.status).toBe(200);

    const stale = await confirm(intruderToken);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });
    expect((await getUser(changed.body.user.token)).body.user).toMatchObject({
      email: account.email,
      pendingEmail: null,
    });
  });
});

describe('DELETE /api/user/:id', () => {
  test("another owner's id is 404 and that account is untouched", async () => {
    const account = await owner();
    const other = await owner();
    const response = await deleteAccount(account.token, other.id, { currentPassword: account.password });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: PROFILE_MESSAGES.accountNotFound });

    const row = await server.db.selectFrom('users').select('id').where('id', '=', other.id).executeTakeFirst();
    expect(row?.id).toBe(other.id);
    expect((await getUser(other.token)).status).toBe(200);
    expect((await login(other.email, other.password)).status).toBe(200);
    expect((await getUser(account.token)).status).toBe(200);
  });

  test('an unknown id is 404 too', async () => {
    const account = await owner();
    const response = await deleteAccount(account.token, '00000000-0000-4000-8000-000000000000', {
      currentPassword: account.password,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: PROFILE_MESSAGES.accountNotFound });
  });

  test('needs a token', async () => {
    const account = await owner();
    expect((await deleteAccount(undefined, account.id, { currentPassword: account.password })).status).toBe(401);
    expect((await getUser(account.token)).status).toBe(200);
  });

  test('the own id deletes the account and everything it owns, and ends every session', async () => {
    const account = await owner();
    const otherDevice = (await login(account.email, account.password)).body.token;
    const bystander = await owner();
    const bystanderWidget = await createWidget(api, bystander);

    const widget = await createWidget(api, account);
    expect((await api.post('/api/post', validPost(widget._id), { token: account.token })).status).toBe(201);
    const feedback = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://shop.example.com' },
    });
    expect(feedback.status).toBe(201);
    expect((await api.get(`/api/public/widget/${widget.key}`)).status).toBe(200);
    expect((await api.post('/api/public/request-password-reset', { email: account.email })).status).toBe(200);
    await mailbox.waitFor(account.email, isResetMail);

    const response = await deleteAccount(account.token, account.id, { currentPassword: account.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: PROFILE_MESSAGES.deleted });

    for (const token of [account.token, otherDevice]) {
      expect((await getUser(token)).status).toBe(401);
    }
    const relogin = await login(account.email, account.password);
    expect(relogin.status).toBe(401);
    expect(relogin.body).toEqual({ message: AUTH_MESSAGES.badCredentials });

    const publicConfig = await api.get<ApiErrorBody>(`/api/public/widget/${widget.key}`);
    expect(publicConfig.status).toBe(404);
    expect(publicConfig.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.unknownWidget });
    const lateFeedback = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://shop.example.com' },
    });
    expect(lateFeedback.status).toBe(404);

    const { db } = server;
    expect(await db.selectFrom('users').select('id').where('id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('widgets').select('id').where('workspace_id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('feedback').select('id').where('workspace_id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('feedback').select('id').where('widget_id', '=', widget._id).execute()).toEqual([]);
    expect(await db.selectFrom('posts').select('id').where('workspace_id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('email_tokens').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
    expect(await db.selectFrom('installations').select('host').where('widget_id', '=', widget._id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('feedback_counters').select('scope').where('workspace_id', '=', account.id).execute(),
    ).toEqual([]);

    // Another owner's things stay.
    expect((await getUser(bystander.token)).status).toBe(200);
    expect((await api.get(`/api/public/widget/${bystanderWidget.key}`)).status).toBe(200);

    // The address is free for a new sign-up.
    const again = await api.post('/api/auth/register', {
      name: 'Ada Again',
      email: account.email,
      password: account.password,
    });
    expect(again.status).toBe(201);
  });
});
