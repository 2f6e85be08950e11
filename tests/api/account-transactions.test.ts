/**
 * Account writes of several steps are all-or-nothing and hold under races: e-mail confirmation,
 * password reset and password change. A race ends in one winner and clear 409s or 400s, never a
 * 500; a write that fails leaves the link that asked for it usable. Real app, real SQLite file
 * (a trigger makes a write fail the way a full disk would), real SMTP.
 */
import { dialectOf } from '../../server/db/dialect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import { PROFILE_MESSAGES } from '../../server/modules/accounts/profile.service';
import type { ApiErrorBody, UserProfile } from '../../src/shared/api';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
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

/** Races are decided by timing: each one runs this many times. */
const ROUNDS = 5;
const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');
const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');

const owner = (): Promise<TestOwner> => createOwner(server, api, { email: uniqueEmail('tx') });

function confirm(token: string) {
  return api.post<ApiErrorBody>(`/api/public/confirm-email?token=${encodeURIComponent(token)}`);
}

function login(email: string, password: string) {
  return api.post('/api/auth/login', { email, password });
}

/** Asks for `email` as the account's new address and returns the token of the link mailed to it. */
async function changeLinkTo(account: TestOwner, email: string): Promise<string> {
  const before = mailbox.to(email).length;
  const body = { username: account.name, email, currentPassword: account.password };
  expect((await api.put('/api/user', body, { token: account.token })).status).toBe(200);
  const mail = await mailbox.waitFor(email, (m) => isConfirmationMail(m) && mailbox.to(email).indexOf(m) >= before);
  return tokenIn(mail);
}

async function resetLink(email: string): Promise<string> {
  const before = mailbox.to(email).filter(isResetMail).length;
  expect((await api.post('/api/public/request-password-reset', { email })).status).toBe(200);
  await mailbox.waitFor(email, () => mailbox.to(email).filter(isResetMail).length > before);
  return tokenIn(mailbox.to(email).filter(isResetMail)[before] as ReceivedMail);
}

async function emailOf(account: TestOwner): Promise<string | undefined> {
  const row = await server.db.selectFrom('users').select('email').where('id', '=', account.id).executeTakeFirst();
  return row?.email;
}

const statuses = (responses: ApiResponse<unknown>[]) => responses.map((response) => response.status).sort();

/** Makes every write of `column` on one account's row fail, as a full disk or I/O error would. */
async function failWritesOf(column: 'email' | 'password_hash', userId: string) {
  if (dialectOf(server.db) === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION fail_${column}() RETURNS trigger LANGUAGE plpgsql AS ` +
          `$$ BEGIN RAISE EXCEPTION 'simulated write failure'; END $$`,
      )
      .execute(server.db);
    await sql
      .raw(
        `CREATE TRIGGER fail_${column} BEFORE UPDATE OF ${column} ON users FOR EACH ROW ` +
          `WHEN (NEW.id = '${userId}') EXECUTE FUNCTION fail_${column}()`,
      )
      .execute(server.db);
    return async () => {
      await sql.raw(`DROP TRIGGER fail_${column} ON users`).execute(server.db);
      await sql.raw(`DROP FUNCTION fail_${column}()`).execute(server.db);
    };
  }
  await sql
    .raw(
      `CREATE TRIGGER fail_${column} BEFORE UPDATE OF ${column} ON users WHEN NEW.id = '${userId}' ` +
        `BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END`,
    )
    .execute(server.db);
  return () => sql.raw(`DROP TRIGGER fail_${column}`).execute(server.db);
}

describe('e-mail confirmation', () => {
  test.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'change links of 4 accounts to one address opened at once: one 200, three 409, never 500 (round %i)',
    async () => {
      const wanted = uniqueEmail('wanted');
      const accounts = await Promise.all([owner(), owner(), owner(), owner()]);
      const tokens: string[] = [];
      for (const account of accounts) tokens.push(await changeLinkTo(account, wanted));

      const answers = await Promise.all(tokens.map((token) => confirm(token)));
      expect(statuses(answers)).toEqual([200, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
      }
      const emails = await Promise.all(accounts.map(emailOf));
      expect(emails.filter((email) => email === wanted)).toHaveLength(1);
    },
  );

  test.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'change links racing sign-ups with the same address: exactly one wins, the rest get 409 (round %i)',
    async () => {
      const wanted = uniqueEmail('contested');
      const accounts = await Promise.all([owner(), owner(), owner()]);
      const tokens: string[] = [];
      for (const account of accounts) tokens.push(await changeLinkTo(account, wanted));

      const signUp = () =>
        api.post<ApiErrorBody>('/api/auth/register', { name: 'Squatter', email: wanted, password: 'squatter pass' });
      const answers = await Promise.all([signUp(), ...tokens.map((token) => confirm(token)), signUp()]);
      const codes = statuses(answers);
      expect(codes.filter((code) => code === 500)).toEqual([]);
      expect(codes.filter((code) => code === 200 || code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(answers.length - 1);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
      }
      const holders = await server.db.selectFrom('users').select('id').where('email', '=', wanted).execute();
      expect(holders).toHaveLength(1);
    },
  );

  test('a confirmation whose write fails leaves the link usable and the address unchanged', async () => {
    const account = await owner();
    const newEmail = uniqueEmail('moved');
    const token = await changeLinkTo(account, newEmail);
    const restore = await failWritesOf('email', account.id);
    try {
      expect((await confirm(token)).status).toBe(500);
    } finally {
      await restore();
    }
    expect(await emailOf(account)).toBe(account.email);

    expect((await confirm(token)).status).toBe(200);
    expect(await emailOf(account)).toBe(newEmail);
  });
});

describe('password reset', () => {
  test('a reset whose password cannot be stored leaves the link usable and the old password working', async () => {
    const account = await owner();
    const token = await resetLink(account.email);
    const restore = await failWritesOf('password_hash', account.id);
    try {
      const failed = await api.post('/api/public/reset-password', { token, password: 'first new passphrase' });
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await login(account.email, account.password)).status).toBe(200);
    expect((await api.get('/api/user', { token: account.token })).status).toBe(200);

    const again = await api.post('/api/public/reset-password', { token, password: 'second new passphrase' });
    expect(again.status).toBe(200);
    expect((await login(account.email, 'second new passphrase')).status).toBe(200);
  });

  test.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'two reset links of one account used at once: one sets the password, the other is 400 (round %i)',
    async () => {
      const account = await owner();
      const first = await resetLink(account.email);
      const second = await resetLink(account.email);
      const answers = await Promise.all([
        api.post<ApiErrorBody>('/api/public/reset-password', { token: first, password: 'first new passphrase' }),
        api.post<ApiErrorBody>('/api/public/reset-password', { token: second, password: 'second new passphrase' }),
      ]);
      expect(statuses(answers)).toEqual([200, 400]);
      expect(answers.find((a) => a.status === 400)?.body).toEqual({ message: AUTH_MESSAGES.badResetLink });
      const winner = answers[0]?.status === 200 ? 'first new passphrase' : 'second new passphrase';
      const loser = winner === 'first new passphrase' ? 'second new passphrase' : 'first new passphrase';
      expect((await login(account.email, winner)).status).toBe(200);
      expect((await login(account.email, loser)).status).toBe(401);
    },
  );
});

describe('password change', () => {
  test.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'two changes at once with the same current password: one 200, the other refused, and only its token works (round %i)',
    async () => {
      const account = await owner();
      const change = (newPassword: string) =>
        api.post<{ user: { token: string } } & ApiErrorBody>(
          '/api/user/change-password',
          { currentPassword: account.password, newPassword },
          { token: account.token },
        );
      const answers = await Promise.all([change('first new passphrase'), change('second new passphrase')]);
      // The later one finds the password changed (400), or, arriving after the winner signed every
      // session out, its token gone (401).
      const codes = statuses(answers);
      expect([
        [200, 400],
        [200, 401],
      ]).toContainEqual(codes);
      const loser = answers.find((a) => a.status === 400);
      if (loser) {
        expect(loser.body).toEqual({
          message: PROFILE_MESSAGES.wrongPassword,
          issues: [{ path: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword }],
        });
      }
      const winnerIndex = answers.findIndex((a) => a.status === 200);
      const winner = ['first new passphrase', 'second new passphrase'][winnerIndex] as string;
      expect((await login(account.email, winner)).status).toBe(200);
      expect((await login(account.email, account.password)).status).toBe(401);
      const fresh = answers[winnerIndex]?.body.user.token ?? '';
      expect((await api.get<{ user: UserProfile }>('/api/user', { token: fresh })).status).toBe(200);
    },
  );
});
