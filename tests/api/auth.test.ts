/**
 * Sign-up, e-mail confirmation, login, logout and bearer tokens (docs/api-conventions.md and
 * docs/product.md, "Accounts"; security ), against
 * the real app and a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../server/lib/time';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import type { ApiErrorBody, LoginResponse, MessageResponse, SubscriptionInfo } from '../../src/shared/api';
import { PASSWORD_MIN_MESSAGE, VALID_EMAIL_MESSAGE } from '../../src/shared/schemas';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
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

const PASSWORD = 'correct horse battery';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const AUTH_REQUIRED = 'Authentication required';

const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');

async function register(email: string, password = PASSWORD, name = 'Ada Lovelace') {
  const response = await api.post<MessageResponse>('/api/auth/register', { name, email, password });
  expect(response.status).toBe(201);
  return response;
}

function confirmationMail(email: string): Promise<ReceivedMail> {
  return mailbox.waitFor(email, isConfirmationMail);
}

function confirm(token: string) {
  return api.post<MessageResponse | ApiErrorBody>(`/api/public/confirm-email?token=${encodeURIComponent(token)}`);
}

function login(email: string, password: string) {
  return api.post<LoginResponse & ApiErrorBody>('/api/auth/login', { email, password });
}

/** Registers, confirms through the link in the mail, and logs in. */
async function registerConfirmed(password = PASSWORD, email = uniqueEmail('auth')) {
  await register(email, password);
  const confirmed = await confirm(tokenIn(await confirmationMail(email)));
  expect(confirmed.status).toBe(200);
  const loggedIn = await login(email, password);
  expect(loggedIn.status).toBe(200);
  return { email, password, id: loggedIn.body.id, token: loggedIn.body.token };
}

/** A string of exactly `length` UTF-16 units with spaces and an emoji in it. */
function longPassword(length: number): string {
  const phrase = 'pass phrase 🐴 ';
  const whole = phrase.repeat(Math.floor(length / phrase.length));
  return whole + 'x'.repeat(length - whole.length);
}

describe('POST /api/auth/register', () => {
  test('creates an account and answers 201 with the check-your-inbox message', async () => {
    const response = await register(uniqueEmail('signup'));
    expect(response.body).toEqual({ message: AUTH_MESSAGES.registered });
  });

  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: PASSWORD };
  test.each([
    ['a one-letter name', { ...valid, name: 'A' }, 'name', 'String must contain at least 2 character(s)'],
    [
      'a name that is one letter after trimming',
      { ...valid, name: '  A  ' },
      'name',
      'String must contain at least 2 character(s)',
    ],
    ['a malformed e-mail', { ...valid, email: 'not-an-email' }, 'email', 'Invalid email'],
    [
      'a five-character password',
      { ...valid, password: '12345' },
      'password',
      'String must contain at least 6 character(s)',
    ],
    ['a missing name', { email: valid.email, password: valid.password }, 'name', 'Required'],
    ['a missing password', { name: valid.name, email: valid.email }, 'password', 'Required'],
    ['a number as the name', { ...valid, name: 42 }, 'name', 'Expected string, received number'],
    ['an unknown field', { ...valid, x: 1 }, '', "Unrecognized key(s) in object: 'x'"],
    [
      'a 1025-character password',
      { ...valid, password: 'p'.repeat(1025) },
      'password',
      'String must contain at most 1024 character(s)',
    ],
  ])('rejects %s with 400 and the exact message and issue', async (_label, body, path, message) => {
    const response = await api.post<ApiErrorBody>('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: [{ path, message }] });
  });

  test('lists every problem of an invalid sign-up in issues, the first one as the message', async () => {
    const response = await api.post<ApiErrorBody>('/api/auth/register', { name: 'A', email: 'nope', password: '123' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('String must contain at least 2 character(s)');
    expect(response.body.issues).toEqual([
      { path: 'name', message: 'String must contain at least 2 character(s)' },
      { path: 'email', message: 'Invalid email' },
      { path: 'password', message: 'String must contain at least 6 character(s)' },
    ]);
  });

  test('an invalid sign-up creates no account', async () => {
    const email = uniqueEmail('invalid');
    expect((await api.post('/api/auth/register', { name: 'A', email, password: PASSWORD })).status).toBe(400);
    const rows = await server.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  test('stores the e-mail trimmed and lower-case, so the lower-case address logs in', async () => {
    const local = `Foo-${Date.now()}`;
    const typed = `  ${local}@Example.COM  `;
    const stored = `${local.toLowerCase()}@example.com`;
    await register(typed);
    const row = await server.db.selectFrom('users').select('email').where('email', '=', stored).executeTakeFirst();
    expect(row?.email).toBe(stored);

    const mail = await confirmationMail(stored);
    expect((await confirm(tokenIn(mail))).status).toBe(200);
    const response = await login(stored, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(stored);
  });

  test('refuses a second account for an e-mail already taken, in any letter case, with 409', async () => {
    const email = uniqueEmail('dup');
    await register(email);
    for (const again of [email, email.toUpperCase(), `  ${email.replace('dup', 'DUP')} `]) {
      const response = await api.post<ApiErrorBody>('/api/auth/register', {
        name: 'Someone Else',
        email: again,
        password: 'another password',
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
    }
    const rows = await server.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  test('sends a confirmation mail whose link is built from PUBLIC_URL even when Host and X-Forwarded-Host lie', async () => {
    const email = uniqueEmail('host');
    const response = await postWithHeaders(
      server.url,
      '/api/auth/register',
      { name: 'Ada Lovelace', email, password: PASSWORD },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    );
    expect(response.status).toBe(201);

    const mail = await confirmationMail(email);
    const link = linkIn(mail);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/confirm-email?token=`)).toBe(true);
    expect(mail.raw).not.toContain('evil.example');
    expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  test('the confirmation mail has a plain-text and an HTML body, both with the link', async () => {
    const email = uniqueEmail('bodies');
    await register(email, PASSWORD, 'Grace Hopper');
    const mail = await confirmationMail(email);
    const link = linkIn(mail);
    expect(mail.text).toContain('Hello,');
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.subject).not.toBe('');
  });
});

describe('login and e-mail confirmation', () => {
  test('an unconfirmed account gets 403 with the confirm-first message', async () => {
    const email = uniqueEmail('unconfirmed');
    await register(email);
    const response = await login(email, PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.unconfirmed });
  });

  test('a wrong password and an unknown e-mail both get 401 with the same body', async () => {
    const { email } = await registerConfirmed();
    const wrongPassword = await login(email, 'not the password');
    const unknownEmail = await login(uniqueEmail('nobody'), PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  test('a wrong password on an unconfirmed account is 401, not the 403 that would confirm the account exists', async () => {
    const email = uniqueEmail('unconfirmed-wrong');
    await register(email);
    const response = await login(email, 'not the password');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
  });

  test('the link in the mail confirms once; reusing it, a garbage token or no token is 400', async () => {
    const email = uniqueEmail('confirm');
    await register(email, PASSWORD, 'Ada Lovelace');
    const token = tokenIn(await confirmationMail(email));

    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: AUTH_MESSAGES.confirmed });

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });

    const garbage = await confirm('this-is-not-a-real-token-at-all');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });

    const missing = await api.post<ApiErrorBody>('/api/public/confirm-email');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Required', issues: [{ path: 'token', message: 'Required' }] });

    const loggedIn = await login(email, PASSWORD);
    expect(loggedIn.status).toBe(200);
    expect(Object.keys(loggedIn.body).sort()).toEqual(['email', 'id', 'name', 'token']);
    expect(loggedIn.body).toMatchObject({ name: 'Ada Lovelace', email });
    expect(typeof loggedIn.body.id).toBe('string');
    expect(loggedIn.body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const subscription = await api.get<SubscriptionInfo>('/api/user/subscription', { token: loggedIn.body.token });
    expect(subscription.status).toBe(200);
    expect(subscription.body).toEqual({ plan: 'free', expiresAt: null, isActive: false, isToDelete: false });
  });

  test('a confirmation link works until 48 hours have passed and not after', async () => {
    const early = uniqueEmail('early');
    const late = uniqueEmail('late');
    await register(early);
    await register(late);
    const earlyToken = tokenIn(await confirmationMail(early));
    const lateToken = tokenIn(await confirmationMail(late));

    await withClockAdvanced(server.clock, 48 * HOUR_MS - 60_000, async () => {
      expect((await confirm(earlyToken)).status).toBe(200);
    });
    await withClockAdvanced(server.clock, 48 * HOUR_MS + 60_000, async () => {
      const expired = await confirm(lateToken);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ message: AUTH_MESSAGES.badConfirmLink });
      expect((await login(late, PASSWORD)).status).toBe(403);
    });
    expect((await login(early, PASSWORD)).status).toBe(200);
  });

  test('a confirmation token cannot be used as a password reset token', async () => {
    const email = uniqueEmail('purpose');
    await register(email);
    const token = tokenIn(await confirmationMail(email));
    const reset = await api.post<ApiErrorBody>('/api/public/reset-password', { token, password: 'hijacked password' });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
    expect((await confirm(token)).status).toBe(200);
    expect((await login(email, 'hijacked password')).status).toBe(401);
  });

  test('login validates its input with the messages of docs/product.md §5', async () => {
    const badEmail = await api.post<ApiErrorBody>('/api/auth/login', { email: 'nope', password: PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({
      message: VALID_EMAIL_MESSAGE,
      issues: [{ path: 'email', message: VALID_EMAIL_MESSAGE }],
    });

    const shortPassword = await api.post<ApiErrorBody>('/api/auth/login', {
      email: 'ada@example.com',
      password: '12345',
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body).toEqual({
      message: PASSWORD_MIN_MESSAGE,
      issues: [{ path: 'password', message: PASSWORD_MIN_MESSAGE }],
    });
  });

  test('an e-mail typed in another case and with spaces logs in to the same account', async () => {
    const { email, id } = await registerConfirmed();
    const response = await login(`  ${email.toUpperCase()} `, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(id);
  });
});

describe('passwords', () => {
  test('a 1024-character password with spaces and an emoji is accepted and logs in exactly', async () => {
    const password = longPassword(1024);
    expect(password).toHaveLength(1024);
    const { email } = await registerConfirmed(password);
    expect((await login(email, password)).status).toBe(200);
    expect((await login(email, password.slice(0, -1))).status).toBe(401);
  });

  test('a 64-character password logs in, and its upper-case form does not', async () => {
    const password = longPassword(64);
    const { email } = await registerConfirmed(password);
    expect((await login(email, password)).status).toBe(200);
    expect((await login(email, password.toUpperCase())).status).toBe(401);
  });

  test('a 1025-character password is refused at login too', async () => {
    const response = await login('ada@example.com', 'p'.repeat(1025));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('String must contain at most 1024 character(s)');
  });

  test('passwords are not truncated: 72 a + X does not log in as 72 a + Y', async () => {
    const password = 'a'.repeat(72) + 'X';
    const { email } = await registerConfirmed(password);
    const wrong = await login(email, 'a'.repeat(72) + 'Y');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: AUTH_MESSAGES.badCredentials });
    expect((await login(email, password)).status).toBe(200);
  });

  test('two accounts with the same password get different scrypt hashes that do not contain it', async () => {
    const first = uniqueEmail('hash');
    const second = uniqueEmail('hash');
    await register(first);
    await register(second);
    const rows = await server.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'in', [first, second])
      .execute();
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map((row) => row.password_hash);
    expect(a).toMatch(/^scrypt\$/);
    expect(b).toMatch(/^scrypt\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(PASSWORD);
    expect(b).not.toContain(PASSWORD);
  });
});

describe('bearer tokens', () => {
  test('logout revokes the token in hand: it then gets 401 everywhere', async () => {
    const { token } = await registerConfirmed();
    expect((await api.get('/api/user', { token })).status).toBe(200);

    const logout = await api.post<MessageResponse>('/api/auth/logout', undefined, { token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: AUTH_MESSAGES.loggedOut });

    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/subscription'],
      ['GET', '/api/widget'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const response = await api.request<ApiErrorBody>(method, path, undefined, { token });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ message: SESSION_EXPIRED });
    }
  });

  test('logging out on one device leaves the other device signed in', async () => {
    const { email, password, token: first } = await registerConfirmed();
    const second = (await login(email, password)).body.token;
    expect(second).not.toBe(first);
    expect((await api.post('/api/auth/logout', undefined, { token: first })).status).toBe(200);
    expect((await api.get('/api/user', { token: first })).status).toBe(401);
    expect((await api.get('/api/user', { token: second })).status).toBe(200);
  });

  test('a request without a token gets 401', async () => {
    for (const path of ['/api/user', '/api/user/subscription']) {
      const response = await api.get<ApiErrorBody>(path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: AUTH_REQUIRED });
    }
    expect((await api.post('/api/auth/logout')).status).toBe(401);
  });

  test('malformed Authorization headers get 401', async () => {
    const { token } = await registerConfirmed();
    for (const authorization of [
      token,
      `Token ${token}`,
      `Basic ${token}`,
      'Bearer',
      'Bearer ',
      `Bearer ${token} extra`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
    ]) {
      const response = await api.get<ApiErrorBody>('/api/user', { headers: { Authorization: authorization } });
      expect(response.status, authorization).toBe(401);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await api.get('/api/user', { token })).status).toBe(200);
  });

  test('a valid token in the query string is not accepted', async () => {
    const { token } = await registerConfirmed();
    for (const name of ['token', 'access_token', 'authorization']) {
      const response = await api.get<ApiErrorBody>(`/api/user?${name}=${encodeURIComponent(token)}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: AUTH_REQUIRED });
    }
  });

  test('the sessions table holds only a hash of each token, never the token itself', async () => {
    const { id, token } = await registerConfirmed();
    const rows = await server.db.selectFrom('sessions').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const everything = await server.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  test('a token stops working after its 30-day absolute lifetime', async () => {
    const { token } = await registerConfirmed();
    await withClockAdvanced(server.clock, 30 * DAY_MS - 60_000, async () => {
      expect((await api.get('/api/user', { token })).status).toBe(200);
    });
    await withClockAdvanced(server.clock, 30 * DAY_MS + 60_000, async () => {
      const response = await api.get<ApiErrorBody>('/api/user', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: SESSION_EXPIRED });
    });
  });

  test('every login issues a new, unique token of at least 128 bits', async () => {
    const { email, password, token } = await registerConfirmed();
    const tokens = new Set([token]);
    for (let i = 0; i < 20; i += 1) {
      const response = await login(email, password);
      expect(response.status).toBe(200);
      expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      tokens.add(response.body.token);
    }
    expect(tokens.size).toBe(21);
  });
});
