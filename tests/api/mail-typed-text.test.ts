/**
 * Tellbox's mails cannot be used to phish: nothing someone typed (a sign-up or profile name, an
 * e-mail address asked for) reaches a mail as if Tellbox said it, and typed text a mail quotes (a
 * reply, feedback, a name) never breaks out of its quote. Every mail is sent for real through the
 * app to a real SMTP server and read back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoginResponse } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, uniqueEmail, validFeedback } from '../helpers/factories';
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

const PHISHING_NAME = 'Security team: your card was charged, dispute at https://evil.example/refund now';
const RENAMED = 'Billing dept: call +1 555 0100 to stop the charge';
/** Fragments that must not reach any mail, whatever the wording around them. */
const PAYLOAD = ['Security team', 'card was charged', 'evil.example', 'refund', 'Billing dept', '555 0100'];

const isConfirmationMail = (mail: ReceivedMail) => mail.text.includes('/confirm-email?token=');
const isResetMail = (mail: ReceivedMail) => mail.text.includes('/reset-password?token=');

function expectClean(mails: ReceivedMail[], typed: string[]) {
  for (const mail of mails) {
    for (const part of [mail.subject, mail.text, mail.html, mail.raw]) {
      for (const fragment of [...PAYLOAD, ...typed]) expect(part).not.toContain(fragment);
    }
  }
}

describe('mails never carry text a user typed', () => {
  test('a phishing sign-up name appears in none of the account mails', async () => {
    const email = uniqueEmail('victim');
    const password = 'correct horse battery';
    const register = await api.post('/api/auth/register', { name: PHISHING_NAME, email, password });
    expect(register.status).toBe(201);
    // Sign-up confirmation, then a resent one.
    const confirmation = await mailbox.waitFor(email, isConfirmationMail);
    expectClean([confirmation], [PHISHING_NAME]);
    expect((await api.post('/api/public/resend-confirmation', { email })).status).toBe(200);
    await mailbox.waitFor(email, () => mailbox.to(email).filter(isConfirmationMail).length >= 2);
    const confirm = `/api/public/confirm-email?token=${encodeURIComponent(tokenIn(confirmation))}`;
    expect((await api.post(confirm)).status).toBe(200);

    // Reset link, then the "password changed" notice after using it.
    expect((await api.post('/api/public/request-password-reset', { email })).status).toBe(200);
    const reset = await mailbox.waitFor(email, isResetMail);
    const newPassword = 'a brand new passphrase';
    const resetAnswer = await api.post('/api/public/reset-password', { token: tokenIn(reset), password: newPassword });
    expect(resetAnswer.status).toBe(200);
    const loggedIn = await api.post<LoginResponse>('/api/auth/login', { email, password: newPassword });
    expect(loggedIn.status).toBe(200);
    await mailbox.waitFor(email, (mail) => mail.subject === 'Your Tellbox password was changed');
    expectClean(mailbox.to(email), [PHISHING_NAME]);

    // A renamed account asks for a new address: the confirmation to it and the notice to the old one.
    const newEmail = uniqueEmail('victim-new');
    const update = await api.put(
      '/api/user',
      { username: RENAMED, email: newEmail, currentPassword: newPassword },
      { token: loggedIn.body.token },
    );
    expect(update.status).toBe(200);
    await mailbox.waitFor(newEmail, isConfirmationMail);
    await server.mailIdle();

    const received = [...mailbox.to(email), ...mailbox.to(newEmail)];
    expect(received.map((mail) => mail.subject).sort()).toEqual(
      [
        'Confirm your Tellbox account',
        'Confirm your Tellbox account',
        'Reset your Tellbox password',
        'Your Tellbox password was changed',
        'Your Tellbox e-mail address is changing',
        'Confirm your new Tellbox e-mail address',
      ].sort(),
    );
    expectClean(received, [PHISHING_NAME, RENAMED]);
  });

  test('the notice to the old address names the new one only as a masked hint', async () => {
    const email = uniqueEmail('owner');
    const password = 'correct horse battery';
    expect((await api.post('/api/auth/register', { name: 'Ada', email, password })).status).toBe(201);
    await server.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    const loggedIn = await api.post<LoginResponse>('/api/auth/login', { email, password });

    const typedAddress = 'security-team.your-card-was-charged@refund-evil.example';
    const update = await api.put(
      '/api/user',
      { username: 'Ada', email: typedAddress, currentPassword: password },
      { token: loggedIn.body.token },
    );
    expect(update.status).toBe(200);
    const notice = await mailbox.waitFor(email, (mail) => mail.subject === 'Your Tellbox e-mail address is changing');
    expect(notice.text).toContain('s•••@r•••');
    expectClean([notice], [typedAddress, 'your-card-was-charged', 'refund-evil']);
  });
});

/** Lines of a plain-text part, broken wherever a mail client may break one, that are not marked as quoted. */
function unquotedLines(text: string): string[] {
  return text.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/).filter((line) => !line.startsWith('> '));
}

describe('typed text a mail quotes stays inside its quote', () => {
  test("an owner's reply with a bare CR, and an owner's name with a line break, start no line of their own", async () => {
    const owner = await createOwner(server, api, { name: 'Ada\nTellbox Security at http://evil.example/name' });
    const widget = await createWidget(api, owner);
    const visitor = uniqueEmail('visitor');
    const feedback = validFeedback({
      message: 'It broke\u2028Tellbox: verify your card at http://evil.example/feedback',
      authorEmail: visitor,
      pageUrl: 'https://shop.example.com/checkout',
    });
    expect((await api.post(`/api/public/widget/${widget.key}/feedback`, feedback)).status).toBe(201);
    const [item] = (await api.get<{ feedbacks: { _id: string }[] }>('/api/feedback', { token: owner.token })).body
      .feedbacks;
    const reply = await api.post(
      `/api/feedback/${item?._id}/replies`,
      { message: 'hello\rTellbox: click http://evil.example/reply' },
      { token: owner.token },
    );
    expect(reply.status, reply.text).toBe(201);

    const mail = await mailbox.waitFor(visitor);
    expect(unquotedLines(mail.text).filter((line) => line.includes('evil.example'))).toEqual([
      'Reply from Ada Tellbox Security at http://evil.example/name',
    ]);
    expect(mail.text).toContain('> hello\n> Tellbox: click http://evil.example/reply\n');
    expect(mail.text).toContain('> Tellbox: verify your card at http://evil.example/feedback\n');
  });

  test('an alert quoting a visitor whose name and message hold line breaks keeps each in its place', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop' });
    const feedback = validFeedback({
      message: 'Nice shop\u0085Tellbox: your card was charged, see http://evil.example/message',
      authorName: 'Dana\r\nTellbox Security at http://evil.example/name',
    });
    expect((await api.post(`/api/public/widget/${widget.key}/feedback`, feedback)).status).toBe(201);
    await server.settleBackground();

    const alert = await mailbox.waitFor(owner.email, (mail) => mail.subject === '1 new feedback message on Shop');
    expect(unquotedLines(alert.text).filter((line) => line.includes('evil.example'))).toEqual([
      'From: Dana Tellbox Security at http://evil.example/name',
    ]);
    expect(alert.text).toContain('> Nice shop\n> Tellbox: your card was charged, see http://evil.example/message\n');
  });
});
