/**
 * The owner's event stream, `GET /api/events`, over real HTTP (issue 7): a visitor's feedback on
 * owner A's widget reaches A's stream once and nobody else's; only an `Authorization` header opens
 * a stream; hidden feedback stays quiet; a revoked token, too many streams or a shutdown end it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { build } from 'esbuild';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { LoginResponse, Widget } from '../../src/shared/api';
import {
  EVENT_STREAM_PATH,
  FEEDBACK_EVENT,
  INSTALLATION_EVENT,
  type FeedbackEvent,
  type InstallationEvent,
} from '../../src/shared/desktop-events';
import { connectEventStream } from '../../src/shared/event-stream';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  uniqueEmail,
  validFeedback,
  type TestOwner,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { monthKey } from '../../server/lib/time';
import { readWorkerBuildOptions } from '../../server/build-options';

const HEARTBEAT_MS = 300;
const ORIGIN = { Origin: 'https://shop.example.com' };

/** An open stream as a test sees it: its events and comments so far, and whether it ended. */
interface OpenStream {
  status: number;
  headers: Headers;
  events: EventSourceMessage[];
  comments: string[];
  retries: number[];
  /** The raw text received, to check the bytes of an event. */
  text: () => string;
  /** Resolves when the server ends the body (or the connection drops). */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
}

/** Opens `GET /api/events` with the given headers and reads it in the background. */
async function openStream(baseUrl: string, headers: Record<string, string>, pathName = EVENT_STREAM_PATH) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${pathName}`, { headers, signal: abort.signal });
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retries: [],
    text: () => raw,
    ended: Promise.resolve(),
    isEnded: () => ended,
    close: () => abort.abort(),
  };
  let raw = '';
  let ended = false;
  const parser = createParser({
    onEvent: (event) => stream.events.push(event),
    onComment: (comment) => stream.comments.push(comment),
    onRetry: (ms) => stream.retries.push(ms),
  });
  stream.ended = (async () => {
    try {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        parser.feed(text);
      }
    } catch {
      // aborted by the test, or the connection was cut
    } finally {
      ended = true;
    }
  })();
  openStreams.push(stream);
  return stream;
}

const openStreams: OpenStream[] = [];

/** Waits until `check` holds (polled every 10 ms), or fails after `ms`. */
async function until(check: () => boolean, ms: number, what: string) {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

/** Polls `GET /api/health` until the spawned server answers 200 (a refused connection: not listening yet). */
async function waitForHealth(url: string, ms = 20_000) {
  await vi.waitFor(
    async () => {
      const response = await fetch(`${url}/api/health`);
      if (response.status !== 200) throw new Error(`the server answers ${response.status}`);
    },
    { timeout: ms, interval: 100 },
  );
}

const feedbackEvents = (stream: OpenStream) => stream.events.filter((event) => event.event === FEEDBACK_EVENT);
/** The messages of the feedback events a stream received, in order. */
const feedbackMessages = (stream: OpenStream) =>
  feedbackEvents(stream).map((event) => (JSON.parse(event.data) as FeedbackEvent).message);
const installationEvents = (stream: OpenStream) =>
  stream.events
    .filter((event) => event.event === INSTALLATION_EVENT)
    .map((event) => JSON.parse(event.data) as InstallationEvent);
const bearer = (owner: TestOwner) => ({ Authorization: `Bearer ${owner.token}` });

let server: TestServer;
let api: ApiClient;
let ownerA: TestOwner;
let ownerB: TestOwner;
let widgetA: Widget;
let widgetB: Widget;

/** The widget's public config as a page on `origin` asks for it (a new origin registers a site). */
const getConfig = (widget: Widget, origin?: string) =>
  api.get(`/api/public/widget/${widget.key}`, origin ? { headers: { Origin: origin } } : {});

const postFeedback = (widget: Widget, message: string) =>
  api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), { headers: ORIGIN });

beforeAll(async () => {
  server = await startTestServer({ app: { eventStream: { heartbeatMs: HEARTBEAT_MS } } });
  api = createApiClient(server.url);
  ownerA = await createOwner(server, api, { plan: 'premium', name: 'Owner A' });
  ownerB = await createOwner(server, api, { plan: 'premium', name: 'Owner B' });
  widgetA = await createWidget(api, ownerA, { name: 'Shop of A' });
  widgetB = await createWidget(api, ownerB, { name: 'Blog of B' });
});
afterAll(async () => {
  for (const stream of openStreams) stream.close();
  await server.close();
});

describe('opening a stream', () => {
  test('answers an event stream: no-cache, uncompressed, a retry hint, then heartbeat comments', async () => {
    const stream = await openStream(server.url, { ...bearer(ownerA), 'Accept-Encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    expect(stream.headers.get('cache-control')).toContain('no-store');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await until(() => stream.comments.length >= 2, 3 * HEARTBEAT_MS + 500, 'two heartbeats');
    expect(stream.retries).toEqual([5000]);
    expect(stream.isEnded()).toBe(false);
    stream.close();
  });

  test('without a valid Authorization header: 401, never a stream', async () => {
    const none = await openStream(server.url, {});
    const inQuery = await openStream(server.url, {}, `${EVENT_STREAM_PATH}?token=${ownerA.token}`);
    const inQueryBearer = await openStream(
      server.url,
      {},
      `${EVENT_STREAM_PATH}?access_token=${ownerA.token}&authorization=${encodeURIComponent(`Bearer ${ownerA.token}`)}`,
    );
    const garbage = await openStream(server.url, { Authorization: 'Bearer not-a-token' });
    const noScheme = await openStream(server.url, { Authorization: ownerA.token });
    for (const stream of [none, inQuery, inQueryBearer, garbage, noScheme]) {
      expect(stream.status).toBe(401);
      expect(stream.headers.get('content-type')).toMatch(/^application\/json/);
      await stream.ended;
      expect(stream.events).toEqual([]);
    }
  });

  test('a logged-out token is refused with 401', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    expect((await api.post('/api/auth/logout', undefined, { token: owner.token })).status).toBe(200);
    const stream = await openStream(server.url, bearer(owner));
    expect(stream.status).toBe(401);
  });
});

describe('feedback events', () => {
  test("feedback on A's widget: one event on A's stream within a second, none on B's", async () => {
    const streamA = await openStream(server.url, bearer(ownerA));
    const streamB = await openStream(server.url, bearer(ownerB));
    expect([streamA.status, streamB.status]).toEqual([200, 200]);

    const sentAt = Date.now();
    expect((await postFeedback(widgetA, 'The checkout button is hidden on mobile')).status).toBe(201);
    await until(() => feedbackEvents(streamA).length > 0, 1000, "A's event");
    expect(Date.now() - sentAt).toBeLessThan(1000);

    // B's stream stays quiet, and A gets no echo. A stream sends in order, so an event for A's
    // feedback on B's stream (or a second one on A's) would have come before a later feedback's:
    // each gets one more, and that one is all that came since.
    expect((await postFeedback(widgetB, 'later, for B')).status).toBe(201);
    expect((await postFeedback(widgetA, 'later, for A')).status).toBe(201);
    await until(() => feedbackEvents(streamB).length > 0, 1000, "B's later event");
    await until(() => feedbackEvents(streamA).length > 1, 1000, "A's later event");
    expect(feedbackMessages(streamB)).toEqual(['later, for B']);
    expect(feedbackMessages(streamA)).toEqual(['The checkout button is hidden on mobile', 'later, for A']);
    expect(streamB.isEnded()).toBe(false);

    const event = JSON.parse((feedbackEvents(streamA)[0] as EventSourceMessage).data) as FeedbackEvent;
    const stored = await server.db
      .selectFrom('feedback')
      .select(['id', 'created_at'])
      .where('widget_id', '=', widgetA._id)
      .where('message', '=', 'The checkout button is hidden on mobile')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      feedbackId: stored.id,
      widgetId: widgetA._id,
      widgetName: 'Shop of A',
      message: 'The checkout button is hidden on mobile',
      createdAt: stored.created_at,
    });
    streamA.close();
    streamB.close();
  });

  test('every stream of the owner gets the event; feedback to B reaches B only', async () => {
    const first = await openStream(server.url, bearer(ownerA));
    const second = await openStream(server.url, bearer(ownerA));
    const streamB = await openStream(server.url, bearer(ownerB));
    expect((await postFeedback(widgetB, 'for B only')).status).toBe(201);
    await until(() => feedbackEvents(streamB).length === 1, 1000, "B's event");
    expect(JSON.parse(feedbackEvents(streamB)[0]?.data ?? '{}')).toMatchObject({ widgetName: 'Blog of B' });

    // Streams send in order: had B's feedback reached A's tabs, it would have come before this one.
    expect((await postFeedback(widgetA, 'for both tabs of A')).status).toBe(201);
    await until(
      () =>
        feedbackMessages(first).includes('for both tabs of A') &&
        feedbackMessages(second).includes('for both tabs of A'),
      1000,
      'two',
    );
    expect(feedbackMessages(first)).toEqual(['for both tabs of A']);
    expect(feedbackMessages(second)).toEqual(['for both tabs of A']);
    for (const stream of [first, second, streamB]) stream.close();
  });

  test('hostile markup arrives as JSON text, byte for byte', async () => {
    const stream = await openStream(server.url, bearer(ownerA));
    const hostile =
      '<img src=x onerror="alert(document.cookie)"> </script><script>alert(1)</script>\n\nevent: x\ndata: y';
    expect((await postFeedback(widgetA, hostile)).status).toBe(201);
    await until(() => feedbackEvents(stream).length === 1, 1000, 'the event');
    const data = (feedbackEvents(stream)[0] as EventSourceMessage).data;
    expect((JSON.parse(data) as FeedbackEvent).message).toBe(hostile.trim());
    // One data line of JSON: newlines in the message are escaped, so they cannot forge an event.
    expect(stream.text()).toContain(`event: feedback\ndata: ${data}\n\n`);
    expect(stream.events.map((event) => event.event)).toEqual([FEEDBACK_EVENT]);
    stream.close();
  });

  test("feedback hidden beyond the free plan's 50 a month is not announced", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Free widget' });
    // 49 stored this month already (the counters are what a plan's cap reads).
    const month = monthKey(server.clock.now());
    await server.db
      .insertInto('feedback_counters')
      .values([
        { workspace_id: owner.id, scope: 'account', month, count: 49 },
        { workspace_id: owner.id, scope: widget._id, month, count: 49 },
      ])
      .execute();
    const stream = await openStream(server.url, bearer(owner));
    // Sent without an Origin, so they register no site: the free plan's one site is left for the
    // marker below.
    const post = (message: string) => api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }));

    expect((await post('number 50: visible')).status).toBe(201);
    await until(() => feedbackEvents(stream).length === 1, 1000, 'the 50th');
    expect((await post('number 51: hidden')).status).toBe(201);
    // A later event on the same stream: the stream sends in order, so had the 51st been announced,
    // it would have come before this one.
    expect((await getConfig(widget, 'https://later.example')).status).toBe(200);
    await until(() => stream.events.some((event) => event.event === INSTALLATION_EVENT), 1000, 'the installation');
    expect(stream.events.map((event) => event.event)).toEqual([FEEDBACK_EVENT, INSTALLATION_EVENT]);
    expect(feedbackMessages(stream)).toEqual(['number 50: visible']);
    // Stored all the same: the inbox shows it after an upgrade.
    const rows = await server.db
      .selectFrom('feedback')
      .select('message')
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(rows.map((row) => row.message).sort()).toEqual(['number 50: visible', 'number 51: hidden']);
    stream.close();
  });
});

describe('installation events', () => {
  test("a config request from a new site sends one installation event to the owner's streams only; Tellbox's own host, a known site and no Origin send none", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner, { name: 'Onboarding widget' });
    const other = await createOwner(server, api, { plan: 'premium' });
    const otherWidget = await createWidget(api, other);
    const stream = await openStream(server.url, bearer(owner));
    const otherStream = await openStream(server.url, bearer(other));
    expect([stream.status, otherStream.status]).toEqual([200, 200]);

    // The console's preview (the product's own host) and a request without Origin register nothing.
    expect((await getConfig(widget, server.publicUrl)).status).toBe(200);
    expect((await getConfig(widget)).status).toBe(200);
    const sentAt = Date.now();
    expect((await getConfig(widget, 'https://new-site.example')).status).toBe(200);
    await until(() => installationEvents(stream).length > 0, 1000, 'the installation event');
    expect(Date.now() - sentAt).toBeLessThan(1000);

    // The same site again, then its feedback: the stream sends in order, so a second installation
    // event would have come before the feedback's.
    expect((await getConfig(widget, 'https://new-site.example')).status).toBe(200);
    const posted = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://new-site.example' },
    });
    expect(posted.status).toBe(201);
    await until(() => feedbackEvents(stream).length === 1, 1000, 'the feedback event');
    expect(installationEvents(stream)).toEqual([{ widgetId: widget._id, host: 'new-site.example' }]);
    expect(stream.events.map((event) => event.event)).toEqual([INSTALLATION_EVENT, FEEDBACK_EVENT]);

    // The other owner hears of their own feedback, and of no one else's installation.
    expect((await api.post(`/api/public/widget/${otherWidget.key}/feedback`, validFeedback())).status).toBe(201);
    await until(() => feedbackEvents(otherStream).length === 1, 1000, "the other owner's feedback");
    expect(installationEvents(otherStream)).toEqual([]);
    stream.close();
    otherStream.close();
  });

  test('a second site is announced too, and the shared client hands it to onInstallation', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const installations: InstallationEvent[] = [];
    const statuses: string[] = [];
    const connection = connectEventStream({
      url: `${server.url}${EVENT_STREAM_PATH}`,
      getToken: () => `Bearer ${owner.token}`,
      fetch,
      onFeedback: () => undefined,
      onInstallation: (event) => installations.push(event),
      onStatus: (status) => statuses.push(status),
    });
    try {
      await until(() => statuses.includes('open'), 2000, 'open');
      expect((await getConfig(widget, 'https://first.example')).status).toBe(200);
      expect((await getConfig(widget, 'https://second.example:8443')).status).toBe(200);
      await until(() => installations.length === 2, 1000, 'two installations');
      expect(installations).toEqual([
        { widgetId: widget._id, host: 'first.example' },
        { widgetId: widget._id, host: 'second.example' },
      ]);
    } finally {
      connection.stop();
    }
  });
});

describe('streams end', () => {
  test('logout ends an open stream on the next event, and sends nothing', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const stream = await openStream(server.url, bearer(owner));
    expect((await api.post('/api/auth/logout', undefined, { token: owner.token })).status).toBe(200);
    expect((await postFeedback(widget, 'after logout')).status).toBe(201);
    await stream.ended;
    expect(feedbackEvents(stream)).toEqual([]);
  });

  test('a password change (all sessions revoked) ends the stream at the next heartbeat', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const stream = await openStream(server.url, bearer(owner));
    const changed = await api.post(
      '/api/user/change-password',
      { currentPassword: owner.password, newPassword: 'a brand new password' },
      { token: owner.token },
    );
    expect(changed.status, changed.text).toBe(200);
    const started = Date.now();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3 * HEARTBEAT_MS + 500);
    expect(stream.events).toEqual([]);
  });

  test('a sixth stream of one owner closes the oldest, telling it to wait a minute', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const streams: OpenStream[] = [];
    for (let i = 0; i < 6; i += 1) {
      streams.push(await openStream(server.url, bearer(owner)));
      await until(() => (streams[i] as OpenStream).retries.length > 0, 1000, `stream ${i} open`);
    }
    const [oldest, ...rest] = streams as [OpenStream, ...OpenStream[]];
    await oldest.ended;
    expect(oldest.retries).toEqual([5000, 60_000]);
    expect(rest.some((stream) => stream.isEnded())).toBe(false);
    expect((await postFeedback(widget, 'to the five')).status).toBe(201);
    await until(() => rest.every((stream) => feedbackEvents(stream).length === 1), 1000, 'five events');
    for (const stream of rest) stream.close();
  });

  test('a shutdown signal ends every stream at once, and new ones get 503', async () => {
    const shutdown = new AbortController();
    const own = await startTestServer({ app: { shutdownSignal: shutdown.signal } });
    try {
      const ownApi = createApiClient(own.url);
      const owner = await createOwner(own, ownApi);
      const streams = [await openStream(own.url, bearer(owner)), await openStream(own.url, bearer(owner))];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
      const started = Date.now();
      shutdown.abort();
      await Promise.all(streams.map((stream) => stream.ended));
      expect(Date.now() - started).toBeLessThan(500);
      const late = await ownApi.get(EVENT_STREAM_PATH, { token: owner.token });
      expect(late.status).toBe(503);
    } finally {
      await own.close();
    }
  });

  test('closing the server ends the stream; the shared client then waits to reconnect', async () => {
    const own = await startTestServer();
    const ownApi = createApiClient(own.url);
    const owner = await createOwner(own, ownApi);
    const statuses: string[] = [];
    const connection = connectEventStream({
      url: `${own.url}${EVENT_STREAM_PATH}`,
      getToken: () => `Bearer ${owner.token}`,
      fetch,
      onFeedback: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    try {
      await until(() => statuses.includes('open'), 2000, 'open');
      const raw = await openStream(own.url, bearer(owner));
      await own.close();
      await raw.ended;
      await until(() => statuses.at(-1) === 'waiting', 2000, 'waiting');
      expect(statuses).toEqual(['connecting', 'open', 'waiting']);
    } finally {
      connection.stop();
    }
  });
});

describe('the shared client against the real server', () => {
  test('delivers the FeedbackEvent, and stops (onUnauthorized) after logout', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner, { name: 'Client widget' });
    const received: FeedbackEvent[] = [];
    const statuses: string[] = [];
    let unauthorized = 0;
    let token = `Bearer ${owner.token}`;
    const connection = connectEventStream({
      url: `${server.url}${EVENT_STREAM_PATH}`,
      getToken: () => token,
      fetch,
      onFeedback: (event) => received.push(event),
      onUnauthorized: () => (unauthorized += 1),
      onStatus: (status) => statuses.push(status),
      backoff: { initialMs: 50, maxMs: 200 },
    });
    try {
      await until(() => statuses.includes('open'), 2000, 'open');
      expect((await postFeedback(widget, 'through the client')).status).toBe(201);
      await until(() => received.length === 1, 1000, 'the event');
      expect(received[0]).toMatchObject({ widgetName: 'Client widget', message: 'through the client' });

      await api.post('/api/auth/logout', undefined, { token: owner.token });
      token = `Bearer ${owner.token}`;
      // The heartbeat notices; the client reconnects (after the server's retry hint), gets 401, stops.
      await until(() => unauthorized === 1, 8000, 'onUnauthorized');
      expect(statuses.at(-1)).toBe('connecting');
    } finally {
      connection.stop();
    }
  });
});

describe('SIGTERM with open streams', () => {
  const ROOT = fileURLToPath(new URL('../..', import.meta.url));
  let bundleDir: string;

  beforeAll(async () => {
    const cacheDir = path.join(ROOT, 'node_modules', '.cache');
    await fsp.mkdir(cacheDir, { recursive: true });
    bundleDir = await fsp.mkdtemp(path.join(cacheDir, 'tellbox-events-test-'));
    await build({
      entryPoints: [path.join(ROOT, 'server/index.ts')],
      outfile: path.join(bundleDir, 'server.mjs'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    // The read workers' script beside it, where the server starts them from.
    await build(readWorkerBuildOptions(bundleDir));
  });
  /** The server process of the test below, killed here too if the test ended without doing it (a timeout). */
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fsp.rm(bundleDir, { recursive: true, force: true });
  });

  test('the real server exits 0 promptly instead of waiting for its streams', async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-events-'));
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const spawned = spawn(process.execPath, [path.join(bundleDir, 'server.mjs')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = spawned;
    let stderr = '';
    spawned.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => spawned.once('exit', (code) => resolve(code)));
    try {
      const ownApi = createApiClient(url);
      await waitForHealth(url);
      const email = uniqueEmail('sigterm');
      const password = 'sigterm password';
      expect((await ownApi.post('/api/auth/register', { name: 'Sigterm', email, password })).status).toBe(201);
      const sqlite = new BetterSqlite3(path.join(dataDir, 'tellbox.sqlite'));
      sqlite.pragma('busy_timeout = 5000');
      sqlite.prepare('update users set email_confirmed_at = ? where email = ?').run(new Date().toISOString(), email);
      sqlite.close();
      const login = await ownApi.post<LoginResponse>('/api/auth/login', { email, password });
      expect((await ownApi.post('/api/widget', VALID_WIDGET, { token: login.body.token })).status).toBe(201);
      const streams = [
        await openStream(url, { Authorization: `Bearer ${login.body.token}` }),
        await openStream(url, { Authorization: `Bearer ${login.body.token}` }),
      ];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200]);

      const signalledAt = Date.now();
      spawned.kill('SIGTERM');
      await Promise.all(streams.map((stream) => stream.ended));
      expect(await exited, stderr).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(3000);
    } finally {
      if (spawned.exitCode === null && spawned.signalCode === null) spawned.kill('SIGKILL');
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
    // Starts the bundled server (its migrations included) and signs up through it: on a busy 2-core
    // machine, more than the default 30 s.
  }, 60_000);
});
