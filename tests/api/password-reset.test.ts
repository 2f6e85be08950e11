/**
 * Forgotten passwords and re-sent confirmation links (docs/product.md, "Accounts";
 * docs/security-model.md ), against the real app and a real SMTP
 * server on loopback.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS } from '../../server/lib/time';
import { passwordChangedMail } from '../../server/mail/templates/account-mails';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import type { ApiErrorBody, LoginResponse, MessageResponse } from '../../src/shared/api';
import { PASSWORD_MIN_MESSAGE, VALID_EMAIL_MESSAGE } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, uniqueEmail, type TestOwner } from '../helpers/factories';
import { linkIn, startMailbox, tokenIn, type Mailbox, type ReceivedMail } from '../helpers/mailbox';
import { TEST_PUBLIC_URL, startTestServer, type TestServer } from '../helpers/start-server';
import { postWithHeaders } from '../helpers/raw-http';
import { withClockAdvanced } from '../helpers/test-clock';

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
const PASSWORD_CHANGED_SUBJECT = passwordChangedMail().subject;

const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');
const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');
const isPasswordChangedMail = (mail: ReceivedMail) => mail.subject === PASSWORD_CHANGED_SUBJECT;

function requestReset(email: string) {
  return api.post<MessageResponse | ApiErrorBody>('/api/public/request-password-reset', { email });
}

function resetPassword(token: string, password: string) {
  return api.post<MessageResponse | ApiErrorBody>('/api/public/reset-password', { token, password });
}

function login(email: string, password: string) {
  return api.post<LoginResponse & ApiErrorBody>('/api/auth/login', { email, password });
}

const resetMailsTo = (email: string) => mailbox.to(email).filter(isResetMail);

/** Asks for a reset of an account and returns the token from the reset mail that arrives. */
async function resetToken(account: { email: string }): Promise<string> {
  const before = resetMailsTo(account.email).length;
  expect((await requestReset(account.email)).status).toBe(200);
  await mailbox.waitFor(account.email, () => resetMailsTo(account.email).length > before);
  return tokenIn(resetMailsTo(account.email)[before] as ReceivedMail);
}

function owner(): Promise<TestOwner> {
  return createOwner(server, api, { email: uniqueEmail('reset') });
}

describe('POST /api/public/request-password-reset', () => {
  test('answers the same 200 body for a known and an unknown e-mail, and mails only the known one', async () => {
    const known = await owner();
    const unknown = uniqueEmail('ghost');
    const knownResponse = await requestReset(known.email);
    const unknownResponse = await requestReset(unknown);
    expect(knownResponse.status).toBe(200);
    expect(unknownResponse.status).toBe(200);
    expect(knownResponse.body).toEqual({ message: AUTH_MESSAGES.resetSent });
    expect(unknownResponse.text).toBe(knownResponse.text);

    await mailbox.waitFor(known.email, isResetMail);
    await server.mailIdle();
    expect(mailbox.to(unknown)).toEqual([]);
  });

  test('mails a PUBLIC_URL/reset-password link even when Host and X-Forwarded-Host lie', async () => {
    const { email } = await owner();
    const response = await postWithHeaders(
      server.url,
      '/api/public/request-password-reset',
      { email },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.resetSent });

    const mail = await mailbox.waitFor(email, isResetMail);
    const link = linkIn(mail);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(mail.raw).not.toContain('evil.example');
    expect(mail.html).toContain(`href="${link}"`);
  });

  test('accepts the e-mail in any letter case and with spaces', async () => {
    const { email } = await owner();
    expect((await requestReset(`  ${email.toUpperCase()} `)).status).toBe(200);
    const mail = await mailbox.waitFor(email, isResetMail);
    expect(linkIn(mail).startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);
  });

  test('sends at most 5 reset mails per hour to one account, while every answer stays the generic 200', async () => {
    const { email } = await owner();
    for (let i = 0; i < 7; i += 1) {
      const response = await requestReset(email);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: AUTH_MESSAGES.resetSent });
    }
    await mailbox.waitFor(email, () => resetMailsTo(email).length >= 5);
    await server.mailIdle();
    expect(resetMailsTo(email)).toHaveLength(5);

    // An hour later the account may get a link again.
    await withClockAdvanced(server.clock, HOUR_MS + 60_000, async () => {
      expect((await requestReset(email)).status).toBe(200);
      await mailbox.waitFor(email, () => resetMailsTo(email).length >= 6);
    });
  });

  test.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', VALID_EMAIL_MESSAGE],
    ['a missing e-mail', {}, 'email', 'Required'],
    ['a number as the e-mail', { email: 5 }, 'email', 'Expected string, received number'],
    ['an unknown field', { email: 'ada@example.com', x: 1 }, '', "Unrecognized key(s) in object: 'x'"],
  ])('rejects %s with 400 and the exact message', async (_label, body, path, message) => {
    const response = await api.post<ApiErrorBody>('/api/public/request-password-reset', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: [{ path, message }] });
  });
});

describe('POST /api/public/reset-password', () => {
  test('sets the new password: the old one no longer logs in, the new one does', async () => {
    const account = await owner();
    const token = await resetToken(account);
    const response = await resetPassword(token, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.passwordReset });

    const old = await login(account.email, account.password);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('a reset link works once; the second use is 400 and changes nothing', async () => {
    const account = await owner();
    const token = await resetToken(account);
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);

    const again = await resetPassword(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
    expect((await login(account.email, 'yet another password')).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('using one reset link retires the other links sent before it', async () => {
    const account = await owner();
    const first = await resetToken(account);
    const second = await resetToken(account);
    expect((await resetPassword(second, NEW_PASSWORD)).status).toBe(200);
    const stale = await resetPassword(first, 'yet another password');
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
  });

  test('a reset link works until one hour has passed and not after', async () => {
    const early = await owner();
    const late = await owner();
    const earlyToken = await resetToken(early);
    const lateToken = await resetToken(late);

    await withClockAdvanced(server.clock, HOUR_MS - 60_000, async () => {
      expect((await resetPassword(earlyToken, NEW_PASSWORD)).status).toBe(200);
    });
    await withClockAdvanced(server.clock, HOUR_MS + 60_000, async () => {
      const expired = await resetPassword(lateToken, NEW_PASSWORD);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
    });
    expect((await login(early.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(late.email, late.password)).status).toBe(200);
    expect((await login(late.email, NEW_PASSWORD)).status).toBe(401);
  });

  test('a reset signs out every session of the account', async () => {
    const account = await owner();
    const second = (await login(account.email, account.password)).body.token;
    expect((await api.get('/api/user', { token: account.token })).status).toBe(200);
    expect((await api.get('/api/user', { token: second })).status).toBe(200);

    expect((await resetPassword(await resetToken(account), NEW_PASSWORD)).status).toBe(200);

    expect((await api.get('/api/user', { token: account.token })).status).toBe(401);
    expect((await api.get('/api/user', { token: second })).status).toBe(401);
    const rows = await server.db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
    expect(rows).toEqual([]);
  });

  test('after a reset, one "password changed" notice arrives with neither the password nor the token', async () => {
    const account = await owner();
    const token = await resetToken(account);
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);

    const notice = await mailbox.waitFor(account.email, isPasswordChangedMail);
    await server.mailIdle();
    expect(mailbox.to(account.email).filter(isPasswordChangedMail)).toHaveLength(1);
    for (const part of [notice.text, notice.html, notice.raw]) {
      expect(part).not.toContain(NEW_PASSWORD);
      expect(part).not.toContain(account.password);
      expect(part).not.toContain(token);
      expect(part).not.toContain('token=');
    }
  });

  test('an unknown token is 400 with the bad-link message', async () => {
    const response = await resetPassword('no-such-token-anywhere-at-all', NEW_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
  });

  test('the database keeps only a hash of the reset token', async () => {
    const account = await owner();
    const token = await resetToken(account);
    const rows = await server.db.selectFrom('email_tokens').selectAll().where('user_id', '=', account.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('a reset confirms an account that had not confirmed its e-mail yet', async () => {
    const email = uniqueEmail('reset-unconfirmed');
    expect(
      (await api.post('/api/auth/register', { name: 'Ada Lovelace', email, password: 'first password' })).status,
    ).toBe(201);
    expect((await login(email, 'first password')).status).toBe(403);
    expect((await resetPassword(await resetToken({ email }), NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  test.each([
    ['a five-character password', { token: 'some-token', password: '12345' }, 'password', PASSWORD_MIN_MESSAGE],
    ['a missing password', { token: 'some-token' }, 'password', 'Required'],
    ['a missing token', { password: NEW_PASSWORD }, 'token', 'Required'],
    ['an empty token', { token: '', password: NEW_PASSWORD }, 'token', 'String must contain at least 1 character(s)'],
    [
      'a 1025-character password',
      { token: 'some-token', password: 'p'.repeat(1025) },
      'password',
      'String must contain at most 1024 character(s)',
    ],
  ])('rejects %s with 400 and the exact message', async (_label, body, path, message) => {
    const response = await api.post<ApiErrorBody>('/api/public/reset-password', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: [{ path, message }] });
  });

  test('a short new password does not use up a valid reset link', async () => {
    const account = await owner();
    const token = await resetToken(account);
    const short = await resetPassword(token, '12345');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: PASSWORD_MIN_MESSAGE });
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('POST /api/public/resend-confirmation', () => {
  test('sends a fresh confirmation link to an unconfirmed account, and that link confirms it', async () => {
    const email = uniqueEmail('resend');
    expect(
      (await api.post('/api/auth/register', { name: 'Ada Lovelace', email, password: 'first password' })).status,
    ).toBe(201);
    await mailbox.waitFor(email, isConfirmationMail);

    const response = await api.post('/api/public/resend-confirmation', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.confirmationSent });

    await mailbox.waitFor(email, () => mailbox.to(email).filter(isConfirmationMail).length >= 2);
    const resent = mailbox.to(email).filter(isConfirmationMail)[1] as ReceivedMail;
    expect(linkIn(resent).startsWith(`${TEST_PUBLIC_URL}/confirm-email?token=`)).toBe(true);
    const confirmed = await api.post(`/api/public/confirm-email?token=${encodeURIComponent(tokenIn(resent))}`);
    expect(confirmed.status).toBe(200);
    expect((await login(email, 'first password')).status).toBe(200);
  });

  test('answers the same for a confirmed account and an unknown e-mail, and mails neither', async () => {
    const confirmed = await owner();
    const unknown = uniqueEmail('ghost');
    await mailbox.waitFor(confirmed.email, isConfirmationMail); // the one sent at sign-up
    const forConfirmed = await api.post('/api/public/resend-confirmation', { email: confirmed.email });
    const forUnknown = await api.post('/api/public/resend-confirmation', { email: unknown });
    expect(forConfirmed.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forConfirmed.body).toEqual({ message: AUTH_MESSAGES.confirmationSent });
    expect(forUnknown.text).toBe(forConfirmed.text);
    await server.mailIdle();
    expect(mailbox.to(confirmed.email).filter(isConfirmationMail)).toHaveLength(1);
    expect(mailbox.to(unknown)).toEqual([]);
  });

  test('rejects a malformed e-mail with the message of docs/product.md §5', async () => {
    const response = await api.post<ApiErrorBody>('/api/public/resend-confirmation', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: VALID_EMAIL_MESSAGE,
      issues: [{ path: 'email', message: VALID_EMAIL_MESSAGE }],
    });
  });
});
