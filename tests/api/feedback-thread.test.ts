/**
 * One feedback's details: the owner's replies, mailed to the visitor through a real SMTP server,
 * and private notes.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ApiErrorBody,
  FeedbackDetails,
  FeedbackListResponse,
  FeedbackNote,
  FeedbackReply,
} from '../../src/shared/api';
import { MAX_NOTE_LENGTH, REPLIES_PER_DAY } from '../../src/shared/limits';
import { FEEDBACK_NOT_FOUND } from '../../server/modules/feedback/feedback.service';
import { THREAD_MESSAGES } from '../../src/shared/schemas/feedback-thread';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { freePort } from '../helpers/free-port';
import { createOwner, createWidget, setPlan, validFeedback, type TestOwner } from '../helpers/factories';
import { startMailbox, type Mailbox } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

let mailbox: Mailbox;
let server: TestServer;
let api: ApiClient;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const VISITOR = 'visitor@customer.example';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ smtpUrl: mailbox.url, clockStart: new Date('2030-05-10T09:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});

/** An owner with one feedback from a visitor who left `authorEmail`; returns the feedback's id. */
async function ownerWithFeedback(
  authorEmail: string | null = VISITOR,
  message = 'The checkout button does nothing on my phone.',
) {
  const owner = await createOwner(server, api);
  const widget = await createWidget(api, owner);
  const sent = await api.post(
    `/api/public/widget/${widget.key}/feedback`,
    validFeedback({ message, authorName: 'Dana', authorEmail, pageUrl: 'https://shop.example.com/checkout' }),
  );
  expect(sent.status, sent.text).toBe(201);
  const list = await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
  return { owner, id: list.body.feedbacks[0]?._id ?? '' };
}

function reply(owner: TestOwner, id: string, message: string) {
  return api.post<{ reply: FeedbackReply } & ApiErrorBody>(
    `/api/feedback/${id}/replies`,
    { message },
    { token: owner.token },
  );
}

async function details(owner: TestOwner, id: string) {
  const response = await api.get<FeedbackDetails>(`/api/feedback/${id}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('replies', () => {
  test('a reply reaches the visitor from MAIL_FROM, answers go to the owner, the feedback is quoted, and it shows in the thread', async () => {
    const { owner, id } = await ownerWithFeedback();
    const answer = 'Thanks Dana! Fixed it this morning.\nCould you try again?';
    const response = await reply(owner, id, answer);
    expect(response.status, response.text).toBe(201);
    expect(response.body.reply).toEqual({ _id: expect.any(String), message: answer, createdAt: expect.any(String) });

    const mail = await mailbox.waitFor(VISITOR, (received) => received.subject.includes('Re: your feedback'));
    expect(mail.subject).toBe('Re: your feedback on shop.example.com');
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${owner.email.replace(/[.+]/g, '\\$&')}`, 'im'));
    const headers = await simpleParser(mail.raw);
    // From the workspace (a new account's is named after its owner), at MAIL_FROM's address.
    expect(headers.from?.value).toEqual([{ name: `${owner.name} via Tellbox`, address: 'no-reply@localhost' }]);
    expect(headers.replyTo?.value).toEqual([{ name: '', address: owner.email }]);
    expect(mail.text).toContain('> Thanks Dana! Fixed it this morning.\n> Could you try again?');
    expect(mail.text).toContain('> The checkout button does nothing on my phone.');
    expect(mail.html).toContain('The checkout button does nothing on my phone.');

    const thread = await details(owner, id);
    expect(thread.feedback._id).toBe(id);
    expect(thread.replies.map((entry) => entry.message)).toEqual([answer]);
    // The thread never repeats the visitor's address.
    expect(JSON.stringify(thread.replies)).not.toContain(VISITOR);
  });

  test("a workspace name with quotes, a comma, non-ASCII and a line break stays one From name, in the widget's colour", async () => {
    const visitor = 'colour@customer.example';
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { primaryColor: '#FDE047' });
    const sent = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ authorEmail: visitor }));
    expect(sent.status, sent.text).toBe(201);
    const list = await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
    const id = list.body.feedbacks[0]?._id ?? '';
    // Stored as it is: whatever a name holds must not break the header or add one.
    const hostile = 'Zoë "Ace", Inc. <boss@evil.example>\r\nBcc: spy@evil.example';
    await server.db.updateTable('workspaces').set({ name: hostile }).where('id', '=', owner.id).execute();

    expect((await reply(owner, id, 'Fixed, thank you!')).status).toBe(201);
    const mail = await mailbox.waitFor(visitor);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.from?.value).toEqual([
      { name: 'Zoë "Ace", Inc. <boss@evil.example> Bcc: spy@evil.example via Tellbox', address: 'no-reply@localhost' },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: owner.email }]);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(mail.to).toEqual([visitor]);
    const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
    expect(head.match(/^From:/gim)).toHaveLength(1);
    expect(head).not.toMatch(/^Bcc:/im);
    // The band of the widget's colour, with the text that contrasts more (black on yellow).
    expect(mail.html).toMatch(/<td bgcolor="#fde047" style="[^"]*background:#fde047;[^"]*color:#000000">/);
    expect(mail.html).toContain('Zoë &quot;Ace&quot;, Inc. &lt;boss@evil.example&gt; Bcc: spy@evil.example</div>');
  });

  test('the visitor’s text and the owner’s are escaped in the mail', async () => {
    const { owner, id } = await ownerWithFeedback('escape@customer.example', '<img src=x onerror=alert(1)>');
    expect((await reply(owner, id, '<b>bold</b> & <a href="https://evil.example">click</a>')).status).toBe(201);
    const mail = await mailbox.waitFor('escape@customer.example');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp;');
  });

  test('a visitor who left no address cannot be replied to', async () => {
    const { owner, id } = await ownerWithFeedback(null);
    const response = await reply(owner, id, 'Hello?');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(THREAD_MESSAGES.noAddress);
    expect((await details(owner, id)).replies).toEqual([]);
  });

  test(`at most ${REPLIES_PER_DAY} replies per account in 24 hours`, async () => {
    const { owner, id } = await ownerWithFeedback('limit@customer.example');
    const answers = await Promise.all(
      Array.from({ length: REPLIES_PER_DAY + 5 }, (_, index) => reply(owner, id, `Reply ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REPLIES_PER_DAY);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.message).toBe(THREAD_MESSAGES.tooManyReplies);
    // The replies went out moments ago: the first frees its place in (just under) 24 hours.
    const waits = (answers: { headers: Headers }[]) =>
      answers.map((answer) => Number(answer.headers.get('retry-after')));
    for (const wait of waits(refused)) expect(wait).toBeGreaterThan(DAY_MS / 1000 - 60);
    for (const wait of waits(refused)) expect(wait).toBeLessThanOrEqual(DAY_MS / 1000);
    expect((await details(owner, id)).replies).toHaveLength(REPLIES_PER_DAY);

    server.clock.advance(HOUR_MS);
    const later = await reply(owner, id, 'An hour later');
    expect(later.status).toBe(429);
    const [laterWait = 0] = waits([later]);
    expect(laterWait).toBeGreaterThan((DAY_MS - HOUR_MS) / 1000 - 60);
    expect(laterWait).toBeLessThanOrEqual((DAY_MS - HOUR_MS) / 1000);

    server.clock.advance(DAY_MS - HOUR_MS + 1000);
    expect((await reply(owner, id, 'A day later')).status).toBe(201);
  });

  test('a reply whose mail cannot be sent says so, and neither shows nor counts', async () => {
    const closedPort = await freePort();
    const unreachable = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${closedPort}` });
    try {
      const client = createApiClient(unreachable.url);
      const owner = await createOwner(unreachable, client);
      const widget = await createWidget(client, owner);
      await client.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ authorEmail: VISITOR }));
      const list = await client.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
      const id = list.body.feedbacks[0]?._id ?? '';
      const response = await client.post<ApiErrorBody>(
        `/api/feedback/${id}/replies`,
        { message: 'Hi' },
        { token: owner.token },
      );
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(THREAD_MESSAGES.notSent);
      const thread = await client.get<FeedbackDetails>(`/api/feedback/${id}`, { token: owner.token });
      expect(thread.body.replies).toEqual([]);
      const reserved = await unreachable.db.selectFrom('feedback_replies').select('id').execute();
      expect(reserved).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});

describe('notes', () => {
  test('notes are kept on the feedback, oldest first, and are never mailed', async () => {
    const { owner, id } = await ownerWithFeedback('notes@customer.example');
    for (const text of ['Asked the payments team', 'Duplicate of the iOS report']) {
      server.clock.advance(1000);
      const response = await api.post<{ note: FeedbackNote }>(
        `/api/feedback/${id}/notes`,
        { text },
        { token: owner.token },
      );
      expect(response.status, response.text).toBe(201);
      expect(response.body.note.text).toBe(text);
    }
    expect((await details(owner, id)).notes.map((note) => note.text)).toEqual([
      'Asked the payments team',
      'Duplicate of the iOS report',
    ]);
    expect(mailbox.to('notes@customer.example')).toEqual([]);
  });

  test('an empty or too long note or reply gets a clear message', async () => {
    const { owner, id } = await ownerWithFeedback('input@customer.example');
    const cases: [string, () => ReturnType<typeof api.post<ApiErrorBody>>, string | RegExp][] = [
      [
        'blank note',
        () => api.post(`/api/feedback/${id}/notes`, { text: '   ' }, { token: owner.token }),
        'Write a note first.',
      ],
      [
        'long note',
        () => api.post(`/api/feedback/${id}/notes`, { text: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, { token: owner.token }),
        `A note can be at most ${MAX_NOTE_LENGTH} characters.`,
      ],
      [
        'blank reply',
        () => api.post(`/api/feedback/${id}/replies`, { message: '' }, { token: owner.token }),
        'Write a reply first.',
      ],
      ['no reply', () => api.post(`/api/feedback/${id}/replies`, {}, { token: owner.token }), 'Write a reply first.'],
    ];
    for (const [name, send, message] of cases) {
      const response = await send();
      expect(response.status, name).toBe(400);
      expect(JSON.stringify(response.body), name).toContain(message);
    }
    expect(mailbox.to('input@customer.example')).toEqual([]);
  });
});

describe('tenant isolation', () => {
  test("another owner's feedback can't be read, replied to or noted", async () => {
    const { owner: alice, id } = await ownerWithFeedback('isolation@customer.example');
    const bob = await createOwner(server, api);
    const read = await api.get<ApiErrorBody>(`/api/feedback/${id}`, { token: bob.token });
    const replied = await api.post<ApiErrorBody>(
      `/api/feedback/${id}/replies`,
      { message: 'Hi' },
      { token: bob.token },
    );
    const noted = await api.post<ApiErrorBody>(`/api/feedback/${id}/notes`, { text: 'Mine' }, { token: bob.token });
    for (const response of [read, replied, noted]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(FEEDBACK_NOT_FOUND);
    }
    expect(mailbox.to('isolation@customer.example')).toEqual([]);
    const thread = await details(alice, id);
    expect(thread.notes).toEqual([]);
    expect(thread.replies).toEqual([]);
  });

  test('feedback the plan hides has no details', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 51; index += 1) {
      server.clock.advance(1000);
      await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message: `Entry ${index}` }));
    }
    const newest = (await api.get<FeedbackListResponse>('/api/feedback?limit=1', { token: owner.token })).body
      .feedbacks[0];
    await setPlan(server, owner.email, 'free');
    expect((await api.get(`/api/feedback/${newest?._id}`, { token: owner.token })).status).toBe(404);
  });

  test('the routes need a login', async () => {
    expect((await api.get('/api/feedback/some-id')).status).toBe(401);
    expect((await api.post('/api/feedback/some-id/replies', { message: 'x' })).status).toBe(401);
    expect((await api.post('/api/feedback/some-id/notes', { text: 'x' })).status).toBe(401);
  });
});
