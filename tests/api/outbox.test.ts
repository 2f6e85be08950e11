/**
 * Without SMTP_URL every e-mail is written to `DATA_DIR/outbox/` as an `.eml` file
 * (docs/architecture.md, "Configuration"), so a self-hosting admin can finish a sign-up without a
 * mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../../server/modules/accounts/auth.service';
import type { LoginResponse } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
import { TEST_PUBLIC_URL, startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

const PASSWORD = 'correct horse battery';

interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function addressesOf(parsed: ParsedMail): string {
  const to = parsed.to;
  const list = Array.isArray(to) ? to : to ? [to] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).join(',');
}

/** Every `.eml` file in the outbox, parsed. */
async function readOutbox(): Promise<OutboxMail[]> {
  const dir = path.join(server.dataDir, 'outbox');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const parsed = await simpleParser(await fs.readFile(file));
    mails.push({
      file,
      to: addressesOf(parsed),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    });
  }
  return mails;
}

/**
 * The outbox mail to `to` whose text matches. A request hands its mail to the mailer before it
 * answers, so once the mailer is idle every mail sent so far is a file in the outbox.
 */
async function waitForOutboxMail(to: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  await server.mailIdle();
  const found = (await readOutbox()).find((mail) => mail.to === to && match(mail));
  if (!found) throw new Error(`no outbox mail to ${to}`);
  return found;
}

function linkOf(mail: OutboxMail, page: string): URL {
  const match = new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in ${mail.file}`);
  return new URL(match[0]);
}

describe('the mail outbox (no SMTP_URL)', () => {
  test('registering writes an .eml file with the confirmation link, and that link confirms the account', async () => {
    const email = uniqueEmail('outbox');
    const registered = await api.post('/api/auth/register', { name: 'Ada Lovelace', email, password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: AUTH_MESSAGES.registered });

    const mail = await waitForOutboxMail(email, (m) => m.text.includes('/confirm-email?token='));
    expect(path.extname(mail.file)).toBe('.eml');
    const link = linkOf(mail, '/confirm-email');
    expect(link.href.startsWith(`${TEST_PUBLIC_URL}/confirm-email?token=`)).toBe(true);
    expect(mail.html).toContain(link.href);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    expect((await api.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(403);
    const confirmed = await api.post(`/api/public/confirm-email?token=${encodeURIComponent(token)}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: AUTH_MESSAGES.confirmed });

    const login = await api.post<LoginResponse>('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
  });

  test('a password reset link lands in the outbox too, in its own file, and resets the password', async () => {
    const email = uniqueEmail('outbox-reset');
    expect((await api.post('/api/auth/register', { name: 'Ada Lovelace', email, password: PASSWORD })).status).toBe(
      201,
    );
    await waitForOutboxMail(email, (m) => m.text.includes('/confirm-email?token='));

    expect((await api.post('/api/public/request-password-reset', { email })).status).toBe(200);
    const mail = await waitForOutboxMail(email, (m) => m.text.includes('/reset-password?token='));
    const link = linkOf(mail, '/reset-password');
    expect(link.href.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);

    const files = (await readOutbox()).filter((m) => m.to === email).map((m) => m.file);
    expect(new Set(files).size).toBe(2);

    const reset = await api.post('/api/public/reset-password', {
      token: link.searchParams.get('token'),
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password: 'a brand new passphrase' })).status).toBe(200);
  });
});
