/**
 * E-mail alerts for new feedback: the settings API, instant alerts (one mail per widget per
 * window), the daily digest at the owner's hour, and one-click unsubscribe, against the real app,
 * a real SMTP server on loopback and a clock the tests move.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../server/modules/notifications/notifications.service';
import { UNSUBSCRIBE_MESSAGES } from '../../server/modules/notifications/unsubscribe.routes';
import type { ApiErrorBody } from '../../src/shared/api';
import {
  ALERT_MESSAGE_PREVIEW_LENGTH,
  DEFAULT_NOTIFICATION_SETTINGS,
  INSTANT_ALERT_WINDOW_MINUTES,
  type NotificationSettings,
} from '../../src/shared/schemas/notifications';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { startMailbox, type Mailbox, type ReceivedMail } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let mailbox: Mailbox;
let api: ApiClient;

const MINUTE_MS = 60_000;
const WINDOW_MS = INSTANT_ALERT_WINDOW_MINUTES * MINUTE_MS;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    smtpUrl: mailbox.url,
    // Mid-month, so the plan's monthly counts never straddle a month boundary.
    clockStart: new Date('2030-05-10T09:00:00.000Z'),
    app: { alertsEveryMs: 50 },
  });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});

/**
 * Runs the alert loop now (it also runs every 50 ms) and waits for what it sent: an alert that has
 * not arrived by then was not due.
 */
const settle = () => server.settleBackground();

async function sendFeedback(key: string, overrides: Record<string, unknown> = {}) {
  const response = await api.post(`/api/public/widget/${key}/feedback`, validFeedback(overrides));
  expect(response.status, response.text).toBe(201);
}

function putSettings(owner: TestOwner, body: unknown) {
  return api.put<NotificationSettings & ApiErrorBody>('/api/notifications', body, { token: owner.token });
}

function settings(email: Partial<NotificationSettings['email']>): NotificationSettings {
  return { email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, ...email } };
}

/** The alerts and digests an owner received (every one carries List-Unsubscribe; sign-up mail does not). */
const alertsTo = (owner: TestOwner) => mailbox.to(owner.email).filter((mail) => /^List-Unsubscribe:/im.test(mail.raw));

/** Waits for the `count`-th alert to the owner and returns it. */
async function nthMail(owner: TestOwner, count: number): Promise<ReceivedMail> {
  await mailbox.waitFor(owner.email, () => alertsTo(owner).length >= count);
  return alertsTo(owner)[count - 1] as ReceivedMail;
}

/** A header of a received message, unfolded. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((header) => header.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('GET/PUT /api/notifications', () => {
  test('a new owner is on instant alerts for every widget, and a saved choice reads back', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const initial = await api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: null } });

    const chosen = settings({ mode: 'daily', hour: 7, timeZone: 'Europe/Rome', widgetIds: [widget._id] });
    const saved = await putSettings(owner, chosen);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(chosen);
    const reread = await api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(reread.body).toEqual(chosen);
  });

  test('refuses a bad mode, hour or time zone with the schema messages', async () => {
    const owner = await createOwner(server, api);
    const cases: [Partial<NotificationSettings['email']> | Record<string, unknown>, string][] = [
      [{ mode: 'sometimes' }, 'Choose instant, daily or off'],
      [{ hour: 24 }, 'Choose an hour from 0 to 23'],
      [{ hour: 1.5 }, 'Choose an hour from 0 to 23'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Choose a valid time zone'],
    ];
    for (const [change, message] of cases) {
      const response = await putSettings(owner, { email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.issues?.[0]?.message).toBe(message);
    }
    const unchanged = await api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(unchanged.body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  test("refuses another owner's widget and an unknown one, and keeps the owner's choice", async () => {
    const owner = await createOwner(server, api);
    const other = await createOwner(server, api);
    const mine = await createWidget(api, owner);
    const theirs = await createWidget(api, other);
    for (const widgetIds of [[mine._id, theirs._id], ['no-such-widget']]) {
      const response = await putSettings(owner, settings({ widgetIds }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(NOTIFICATION_MESSAGES.unknownWidget);
    }
    const unchanged = await api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(unchanged.body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    // And the other owner's settings are theirs alone.
    expect((await putSettings(other, settings({ mode: 'off' }))).status).toBe(200);
    expect((await api.get('/api/notifications', { token: owner.token })).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  test('answers 401 without a token', async () => {
    expect((await api.get('/api/notifications')).status).toBe(401);
    expect((await api.put('/api/notifications', DEFAULT_NOTIFICATION_SETTINGS)).status).toBe(401);
  });
});

describe('alerts in a team', () => {
  test("each member chooses their own alerts: the workspace's feedback reaches whoever asked, in their own mail", async () => {
    const owner = await createOwner(server, api);
    const teammate = await createOwner(server, api, { name: 'Teammate' });
    await server.db
      .insertInto('workspace_members')
      .values({ workspace_id: owner.id, account_id: teammate.id, role: 'member', created_at: new Date().toISOString() })
      .execute();
    const inTeam = { token: teammate.token, headers: { 'Tellbox-Workspace': owner.id } };
    expect((await putSettings(owner, settings({ mode: 'off' }))).status).toBe(200);
    // The teammate's own choice in the owner's workspace: the defaults, instant for every widget.
    const theirs = await api.get<NotificationSettings>('/api/notifications', inTeam);
    expect(theirs.body.email.mode).toBe('instant');
    // Their own workspace's choice is another one (named: the last workspace named is the default).
    const inOwn = { token: teammate.token, headers: { 'Tellbox-Workspace': teammate.id } };
    expect((await api.put('/api/notifications', settings({ mode: 'daily' }), inOwn)).status).toBe(200);
    expect((await api.get<NotificationSettings>('/api/notifications', inTeam)).body.email.mode).toBe('instant');

    const widget = await createWidget(api, owner, { name: 'Team shop' });
    await sendFeedback(widget.key, { message: 'For the team' });
    const alert = await nthMail(teammate, 1);
    expect(alert.subject).toBe('1 new feedback message on Team shop');
    await settle();
    expect(alertsTo(owner)).toEqual([]);

    // Its unsubscribe link turns off the teammate's alerts in that workspace only.
    const link = /^<(.+)>$/.exec(headerOf(alert, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    const unsubscribed = await fetch(link.replace(server.publicUrl, server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect((await api.get<NotificationSettings>('/api/notifications', inTeam)).body.email.mode).toBe('off');
    expect((await api.get<NotificationSettings>('/api/notifications', inOwn)).body.email.mode).toBe('daily');
  });
});

describe('instant alerts', () => {
  test('mail the first feedback at once, then one mail per window holding the rest', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop' });
    await sendFeedback(widget.key, { message: 'First message', authorName: 'Ada', authorEmail: 'ada@example.com' });
    const first = await nthMail(owner, 1);
    expect(first.subject).toBe('1 new feedback message on Shop');
    expect(first.text).toContain('First message');
    expect(first.text).toContain('https://shop.example.com/pricing');
    expect(first.text).toContain('Ada <ada@example.com>');
    expect(first.text).toContain(`${server.publicUrl}/feedback`);

    for (const message of ['Second message', 'Third message', 'Fourth message']) {
      await sendFeedback(widget.key, { message });
    }
    await settle();
    expect(alertsTo(owner)).toHaveLength(1);

    server.clock.advance(WINDOW_MS);
    const second = await nthMail(owner, 2);
    expect(second.subject).toBe('3 new feedback messages on Shop');
    for (const message of ['Second message', 'Third message', 'Fourth message']) expect(second.text).toContain(message);
    expect(second.text).not.toContain('First message');
    await settle();
    expect(alertsTo(owner)).toHaveLength(2);
  });

  test('show a message escaped in the HTML part and cut at the preview length', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const message = `<script>alert(1)</script> ${'x'.repeat(600)}`;
    await sendFeedback(widget.key, { message });
    const mail = await nthMail(owner, 1);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    const preview = message.slice(0, ALERT_MESSAGE_PREVIEW_LENGTH);
    expect(mail.text).toContain(`${preview}…`);
    expect(mail.text).not.toContain(message.slice(0, ALERT_MESSAGE_PREVIEW_LENGTH + 1));
  });

  test("leave out widgets the owner did not choose, and feedback the plan's cap hides is only counted", async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const chosen = await createWidget(api, owner, { name: 'Chosen' });
    const other = await createWidget(api, owner, { name: 'Other' });
    expect((await putSettings(owner, settings({ widgetIds: [chosen._id] }))).status).toBe(200);
    // Pro shows the first 500 a month of each widget: the 501st is stored hidden.
    await server.db
      .insertInto('feedback_counters')
      .values({ workspace_id: owner.id, scope: chosen._id, month: '2030-05', count: 499 })
      .execute();
    await sendFeedback(other.key, { message: 'Not for an alert' });
    await sendFeedback(chosen.key, { message: 'The last one shown' });
    await sendFeedback(chosen.key, { message: 'Past the cap' });
    server.clock.advance(WINDOW_MS);
    await settle();
    const mails = alertsTo(owner);
    const text = mails.map((mail) => mail.text).join('\n');
    expect(mails.every((mail) => mail.subject.endsWith('on Chosen'))).toBe(true);
    expect(text).toContain('The last one shown');
    expect(text).not.toContain('Past the cap');
    expect(text).not.toContain('Not for an alert');
    expect(text).toContain("1 more message arrived past your plan's monthly limit");
  });
});

describe('one-click unsubscribe', () => {
  test('the link in the mail header turns alerts off without a login; GET changes nothing', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await sendFeedback(widget.key);
    const mail = await nthMail(owner, 1);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(link.startsWith(`${server.publicUrl}/api/notifications/unsubscribe?token=`)).toBe(true);
    const local = link.replace(server.publicUrl, server.url);

    const page = await api.get(new URL(local).pathname + new URL(local).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect(page.text).not.toContain('<script');
    expect((await api.get('/api/notifications', { token: owner.token })).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);

    const response = await fetch(local, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const after = await api.get<NotificationSettings>('/api/notifications', { token: owner.token });
    expect(after.body.email.mode).toBe('off');

    server.clock.advance(WINDOW_MS);
    await sendFeedback(widget.key, { message: 'After unsubscribing' });
    await settle();
    expect(alertsTo(owner)).toHaveLength(1);
  });

  test('a forged token is refused with a clear message and changes nothing', async () => {
    const owner = await createOwner(server, api);
    const forged = `${Buffer.from(owner.id).toString('base64url')}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', '']) {
      const response = await api.request(
        'POST',
        `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        undefined,
        {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          rawBody: 'List-Unsubscribe=One-Click',
        },
      );
      expect(response.status).toBe(400);
      expect(response.text).toContain(UNSUBSCRIBE_MESSAGES.invalidLink);
    }
    expect((await api.get('/api/notifications', { token: owner.token })).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe('daily digest', () => {
  test("arrives at the owner's hour in their time zone with the day's feedback, and not before", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Blog' });
    // Asia/Tokyo is UTC+9 all year: the digest hour is two hours after the start of this hour there.
    const hourStart = Math.floor(server.clock.now().getTime() / (60 * MINUTE_MS)) * 60 * MINUTE_MS;
    const digestAt = hourStart + 2 * 60 * MINUTE_MS;
    const hour = (new Date(digestAt).getUTCHours() + 9) % 24;
    expect((await putSettings(owner, settings({ mode: 'daily', hour, timeZone: 'Asia/Tokyo' }))).status).toBe(200);

    await sendFeedback(widget.key, { message: 'Digest me' });
    await sendFeedback(widget.key, { message: 'Me too' });
    await settle();
    expect(alertsTo(owner)).toHaveLength(0);

    server.clock.set(new Date(digestAt - MINUTE_MS));
    await settle();
    expect(alertsTo(owner)).toHaveLength(0);

    server.clock.set(new Date(digestAt));
    const digest = await nthMail(owner, 1);
    expect(digest.subject).toBe('Your Tellbox digest: 2 new feedback messages');
    expect(digest.text).toContain('Digest me');
    expect(digest.text).toContain('Me too');
    expect(digest.text).toContain('Widget: Blog');
    expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The next day, with nothing new, no digest.
    server.clock.set(new Date(digestAt + 24 * 60 * MINUTE_MS));
    await settle();
    expect(alertsTo(owner)).toHaveLength(1);
  });
});
