/**
 * The monthly cap holds on every channel, whatever the owner marks: a free owner (capped at 50 a
 * month) whose 60 entries arrive while they mark everything they see as spam, round after round,
 * reads exactly the first 50, and nothing of the other 10, through each channel an owner reads
 * feedback by: the inbox and its tabs (spam included), search, details, replies and notes, status
 * changes, the CSV and JSON export, the dashboard, instant alerts, daily digests, webhooks, Slack,
 * Discord and the live event stream. Webhooks are turned on for the free plan here (an admin's
 * PLANS_FILE can do it) so that those channels are capped too.
 *
 * The rule itself is server/modules/feedback/feedback-visibility.ts.
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type {
  DashboardOverview,
  DashboardTimeseries,
  FeedbackItem,
  FeedbackListResponse,
  FeedbackStatusCountsResponse,
  FeedbackSummary,
  WebhookWithSecret,
} from '../../src/shared/api';
import { EVENT_STREAM_PATH, FEEDBACK_EVENT } from '../../src/shared/desktop-events';
import { DEFAULT_PLANS, type PlanTable } from '../../src/shared/plans';
import { INSTANT_ALERT_WINDOW_MINUTES, type NotificationSettings } from '../../src/shared/schemas/notifications';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { answerWith, startReceiver, type Receiver } from '../helpers/http-receiver';
import { startMailbox, type Mailbox } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

const CAP = 50;
const RECEIVED = 60;
const ROUNDS = 6;
/** The day's start (mid-month, so no entry straddles a month) and the digest owner's hour (UTC). */
const CLOCK_START = new Date('2030-05-10T09:00:00.000Z');
const DIGEST_HOUR = 23;

/** The free plan, with webhooks, Slack and Discord, so that those channels run under the cap too. */
const PLANS: PlanTable = {
  ...DEFAULT_PLANS,
  free: { ...DEFAULT_PLANS.free, limits: { ...DEFAULT_PLANS.free.limits, webhooks: true } },
};

let server: TestServer;
let api: ApiClient;
let mailbox: Mailbox;
const receivers: Receiver[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    plans: PLANS,
    smtpUrl: mailbox.url,
    clockStart: CLOCK_START,
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true', SECRET_KEY: 'a-plan-cap-test-server-key-of-at-least-32-characters' },
    app: { deliveriesEveryMs: 50, alertsEveryMs: 50 },
  });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

/** The numbers of every "Entry N" a text mentions: how a channel's output is read here. */
function entriesIn(text: string): Set<number> {
  return new Set([...text.matchAll(/\bEntry (\d+)\b/g)].map((match) => Number(match[1])));
}

const union = (...sets: Set<number>[]) => new Set(sets.flatMap((set) => [...set]));
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
const firstFifty = Array.from({ length: CAP }, (_, index) => index);

/** What each channel showed the owner, by entry number. */
type Seen = Map<string, Set<number>>;

function saw(seen: Seen, channel: string, text: string) {
  seen.set(channel, union(seen.get(channel) ?? new Set(), entriesIn(text)));
}

/** Opens the owner's live event stream and collects its feedback events' text until closed. */
async function openEventStream(owner: TestOwner) {
  const abort = new AbortController();
  const response = await fetch(`${server.url}${EVENT_STREAM_PATH}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const events: string[] = [];
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === FEEDBACK_EVENT) events.push(event.data);
    },
  });
  const decoder = new TextDecoder();
  const reading = (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    events,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

async function receiver(): Promise<Receiver> {
  const started = await startReceiver(answerWith(200, 'ok'));
  receivers.push(started);
  return started;
}

async function createEndpoint(owner: TestOwner, url: string, kind: 'generic' | 'slack' | 'discord') {
  const response = await api.post<WebhookWithSecret>(
    '/api/webhooks',
    { url, kind, events: ['feedback.created'], widgetIds: null, active: true },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(201);
}

async function setAlerts(owner: TestOwner, email: Partial<NotificationSettings['email']>) {
  const body = { email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: null, ...email } };
  const response = await api.put('/api/notifications', body, { token: owner.token });
  expect(response.status, response.text).toBe(200);
}

/** Every page of the inbox for one status filter (`all` is every status but spam). */
async function inboxPages(owner: TestOwner, query: string): Promise<FeedbackItem[]> {
  const items: FeedbackItem[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await api.get<FeedbackListResponse>(`/api/feedback?limit=100${query}${after}`, {
      token: owner.token,
    });
    expect(response.status, response.text).toBe(200);
    items.push(...response.body.feedbacks);
    cursor = response.body.nextCursor;
  } while (cursor);
  return items;
}

/** Reads every on-demand channel once, then marks everything the inbox showed as spam. */
async function readEverythingAndMarkSpam(owner: TestOwner, seen: Seen) {
  const tabs = ['all', 'new', 'in_progress', 'resolved', 'spam'];
  const shown: FeedbackItem[] = [];
  for (const status of tabs) {
    const items = await inboxPages(owner, `&status=${status}`);
    saw(seen, status === 'spam' ? 'spam tab' : 'inbox', items.map((item) => item.message).join('\n'));
    if (status === 'all') shown.push(...items);
    const found = await inboxPages(owner, `&status=${status}&q=Entry`);
    saw(seen, 'search', found.map((item) => item.message).join('\n'));
  }
  for (const format of ['csv', 'json']) {
    for (const status of ['all', 'spam']) {
      const response = await fetch(`${server.url}/api/feedback/export?format=${format}&status=${status}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(response.status).toBe(200);
      saw(seen, 'export', await response.text());
    }
  }
  const overview = await api.get<DashboardOverview>('/api/dashboard/overview', { token: owner.token });
  saw(seen, 'dashboard', JSON.stringify(overview.body));
  expect(overview.body.totalFeedback).toBeLessThanOrEqual(CAP);
  const series = await api.get<DashboardTimeseries>('/api/dashboard/timeseries?days=7', { token: owner.token });
  expect(series.status, series.text).toBe(200);
  expect(series.body.days.reduce((sum, day) => sum + day.total, 0)).toBe(overview.body.totalFeedback);
  if (shown.length > 0) {
    const marked = await api.post(
      '/api/feedback/bulk',
      { ids: shown.map((item) => item._id), status: 'spam' },
      { token: owner.token },
    );
    expect(marked.status, marked.text).toBe(200);
  }
}

/** The 60 entries arrive in rounds; after each, the owner reads everything and marks it spam. */
async function receiveWhileMarkingSpam(owner: TestOwner, key: string, seen: Seen) {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let index = round * 10; index < (round + 1) * 10; index += 1) {
      server.clock.advance(1000);
      const response = await api.post(
        `/api/public/widget/${key}/feedback`,
        validFeedback({ message: `Entry ${index} from a visitor`, authorEmail: `visitor${index}@example.com` }),
      );
      expect(response.status, response.text).toBe(201);
    }
    await readEverythingAndMarkSpam(owner, seen);
    // The instant alerts' next window opens.
    server.clock.advance(INSTANT_ALERT_WINDOW_MINUTES * 60_000);
    await server.settleBackground();
  }
}

/**
 * Details, replies, notes and status changes: refused (404) on each of the 10 hidden entries, and
 * working on a few of the visible ones. A bulk change over all 60 changes only the 50.
 */
async function tryEntries(owner: TestOwner, seen: Seen) {
  const stored = await server.db
    .selectFrom('feedback')
    .select(['id', 'message'])
    .where('workspace_id', '=', owner.id)
    .orderBy('created_at')
    .execute();
  expect(stored).toHaveLength(RECEIVED);
  const tried = [...stored.slice(0, 3), ...stored.slice(CAP)];
  for (const entry of tried) {
    const answers = {
      details: await api.get(`/api/feedback/${entry.id}`, { token: owner.token }),
      replies: await api.post(`/api/feedback/${entry.id}/replies`, { message: 'Thanks!' }, { token: owner.token }),
      notes: await api.post(`/api/feedback/${entry.id}/notes`, { text: 'Seen' }, { token: owner.token }),
      'status changes': await api.patch(`/api/feedback/${entry.id}`, { status: 'resolved' }, { token: owner.token }),
    };
    for (const [channel, answer] of Object.entries(answers)) {
      expect([200, 201, 404], `${channel}: ${answer.text}`).toContain(answer.status);
      if (answer.status !== 404) saw(seen, channel, channel === 'details' ? answer.text : entry.message);
    }
  }
  const bulk = await api.post<{ updated: number }>(
    '/api/feedback/bulk',
    { ids: stored.map((entry) => entry.id), status: 'new' },
    { token: owner.token },
  );
  expect(bulk.body.updated).toBe(CAP);
}

/** The counts an owner is shown: never more than the cap, and the rest told as hidden. */
async function expectCounts(owner: TestOwner) {
  const counts = await api.get<FeedbackStatusCountsResponse>('/api/feedback/status-counts', { token: owner.token });
  expect(Object.values(counts.body.counts).reduce((sum, count) => sum + count, 0)).toBe(CAP);
  const summary = await api.get<FeedbackSummary>('/api/feedback/summary', { token: owner.token });
  expect(summary.body.hiddenFeedbackCount).toBe(RECEIVED - CAP);
}

describe('a free owner who marks everything spam, round after round', () => {
  // Some 400 requests, 60 mails and 150 deliveries: more than the default 30 s on a loaded machine.
  test('reads exactly the first 50 of 60 through every channel', { timeout: 120_000 }, async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop' });
    const [hooks, slack, discord] = [await receiver(), await receiver(), await receiver()];
    await createEndpoint(owner, `${hooks.origin}/hook`, 'generic');
    await createEndpoint(owner, `${slack.origin}/services/T0/B0/x`, 'slack');
    await createEndpoint(owner, `${discord.origin}/api/webhooks/1/x`, 'discord');
    await setAlerts(owner, { mode: 'instant' });
    const stream = await openEventStream(owner);
    const seen: Seen = new Map();

    await receiveWhileMarkingSpam(owner, widget.key, seen);
    await tryEntries(owner, seen);
    await expectCounts(owner);
    await server.settleBackground();
    // Every visible entry's event has been sent once the last delivery has arrived.
    await vi.waitFor(() => expect(stream.events.length).toBeGreaterThanOrEqual(CAP));
    await stream.close();

    saw(seen, 'event stream', stream.events.join('\n'));
    saw(seen, 'webhooks', hooks.requests.map((request) => request.body).join('\n'));
    saw(seen, 'Slack', slack.requests.map((request) => request.body).join('\n'));
    saw(seen, 'Discord', discord.requests.map((request) => request.body).join('\n'));
    // An alert lists what is not spam when it leaves: here each window's first entry, mailed at once.
    const alerts = mailbox.to(owner.email).filter((mail) => /^List-Unsubscribe:/im.test(mail.raw));
    expect(alerts.length).toBeGreaterThan(0);
    saw(seen, 'instant alerts', alerts.map((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`).join('\n'));

    // Each channel showed only entries of the first 50, and those it announces, all of them.
    for (const [channel, entries] of seen) {
      expect(
        sorted(entries).filter((entry) => entry >= CAP),
        channel,
      ).toEqual([]);
    }
    for (const channel of ['event stream', 'webhooks', 'Slack', 'Discord', 'spam tab']) {
      expect(sorted(seen.get(channel) ?? new Set()), channel).toEqual(firstFifty);
    }
    for (const channel of ['details', 'replies', 'notes', 'status changes']) {
      expect(sorted(seen.get(channel) ?? new Set()), channel).toEqual([0, 1, 2]);
    }
    expect(hooks.requests).toHaveLength(CAP);
    expect(sorted(union(...seen.values()))).toEqual(firstFifty);
  });

  test('the daily digest lists the first 50 and tells of the rest as hidden', { timeout: 120_000 }, async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Blog' });
    await setAlerts(owner, { mode: 'daily', hour: DIGEST_HOUR, timeZone: 'UTC' });
    const seen: Seen = new Map();
    await receiveWhileMarkingSpam(owner, widget.key, seen);
    // Alerts leave spam out: everything goes back to the inbox before the digest leaves.
    const spam = await inboxPages(owner, '&status=spam');
    const back = await api.post<{ updated: number }>(
      '/api/feedback/bulk',
      { ids: spam.map((item) => item._id), status: 'new' },
      { token: owner.token },
    );
    expect(back.body.updated).toBe(CAP);

    const digestAt = new Date(CLOCK_START);
    digestAt.setUTCHours(DIGEST_HOUR);
    server.clock.set(digestAt);
    await server.settleBackground();
    const digests = mailbox.to(owner.email).filter((mail) => /^List-Unsubscribe:/im.test(mail.raw));
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    saw(seen, 'digest', `${digest?.subject}\n${digest?.text}\n${digest?.html}`);
    expect(sorted(seen.get('digest') ?? new Set())).toEqual(firstFifty);
    expect(digest?.text).toContain("10 more messages arrived past your plan's monthly limit");
    expect(sorted(union(...seen.values()))).toEqual(firstFifty);
  });
});
