/**
 * Several instances behind a load balancer, sharing state through Redis (REDIS_URL): two app
 * instances on one database (one SQLite file, or one PostgreSQL schema in the postgres project)
 * and one Redis. A limit is one budget across both, a feedback sent
 * through one reaches the owner's stream held by the other, and an owner's change through one is
 * served by the other within a second. With Redis stopped both keep answering on their own state
 * (and say so once), and they share again once it is back, without a restart.
 *
 * The machine's Redis serves the first tests, each under its own REDIS_PREFIX (deleted after); the
 * outage test stops and restarts a private redis-server.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiErrorBody, PublicWidgetConfig, Widget } from '../../src/shared/api';
import {
  EVENT_STREAM_PATH,
  FEEDBACK_EVENT,
  INSTALLATION_EVENT,
  type FeedbackEvent,
  type InstallationEvent,
} from '../../src/shared/desktop-events';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  validFeedback,
  validPost,
  type TestOwner,
} from '../helpers/factories';
import { expectLimited, from } from '../helpers/rate-limited';
import {
  SHARED_REDIS_URL,
  deleteRedisKeys,
  redisGet,
  redisKeys,
  startPrivateRedis,
  uniqueRedisPrefix,
} from '../helpers/redis-server';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createTestDatabase } from '../helpers/test-database';

/** How soon a change through one instance must be served by the other. */
const CROSS_INSTANCE_MS = 1_000;
const SHOP = 'https://shop.example.com';

/**
 * The start of a minute: the limit tests stop both instances' clocks here, so both count in the
 * same window of the public limits, and no window ends in the middle of a test.
 */
const WINDOW_START = new Date('2030-05-10T09:00:00.000Z');

/** Waits until `check` holds (polled every 10 ms), or fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

/** Both instances' clocks stand still at the same instant. */
function freezeClocks(pair: Pair, at: Date) {
  for (const instance of [pair.a, pair.b]) instance.server.clock.freeze(at);
}

interface Instance {
  server: TestServer;
  api: ApiClient;
  logFile: string;
}

interface Pair {
  a: Instance;
  b: Instance;
  prefix: string;
  redisUrl: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two instances on one database and one Redis, under a prefix of their own. */
async function startPair(redisUrl: string, env: Record<string, string> = {}): Promise<Pair> {
  const prefix = uniqueRedisPrefix('shared');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-shared-'));
  const database = await createTestDatabase(dir);
  cleanups.push(async () => {
    await deleteRedisKeys(redisUrl, prefix).catch(() => undefined);
    await database.drop();
    await fsp.rm(dir, { recursive: true, force: true });
  });
  const start = async (name: string): Promise<Instance> => {
    const logFile = path.join(dir, `${name}.log`);
    const server = await startTestServer({
      rateLimits: true,
      redisUrl,
      logLevel: 'info',
      logFile,
      database,
      env: { REDIS_PREFIX: prefix, TRUST_PROXY: '1', ...env },
    });
    cleanups.push(() => server.close());
    return { server, api: createApiClient(server.url), logFile };
  };
  // One after the other: the first one migrates the shared database.
  const a = await start('a');
  const b = await start('b');
  const pair = { a, b, prefix, redisUrl };
  await untilRedis(pair, 'ok');
  return pair;
}

async function redisHealth(instance: Instance) {
  const health = await instance.api.get<{ status: string; redis: string }>('/api/health');
  expect(health.status).toBe(200);
  return health.body.redis;
}

const untilRedis = (pair: Pair, state: 'ok' | 'down') =>
  until(
    async () => (await redisHealth(pair.a)) === state && (await redisHealth(pair.b)) === state,
    10_000,
    `both instances to report redis: ${state}`,
  );

/** The log lines (pino JSON) whose message matches. */
function logLines(instance: Instance, pattern: RegExp): string[] {
  if (!fs.existsSync(instance.logFile)) return [];
  return fs
    .readFileSync(instance.logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .filter((message) => pattern.test(message));
}

/** An owner's event stream as the console holds it: the feedback events received so far. */
/** Opens the owner's stream on `instance`; returns its feedback events (installation ones go to `installations`). */
async function openStream(instance: Instance, owner: TestOwner, installations: InstallationEvent[] = []) {
  const abort = new AbortController();
  const response = await fetch(`${instance.server.url}${EVENT_STREAM_PATH}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const events: FeedbackEvent[] = [];
  const parser = createParser({
    onEvent: (event: EventSourceMessage) => {
      if (event.event === FEEDBACK_EVENT) events.push(JSON.parse(event.data) as FeedbackEvent);
      if (event.event === INSTALLATION_EVENT) installations.push(JSON.parse(event.data) as InstallationEvent);
    },
  });
  void (async () => {
    try {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk));
    } catch {
      // closed by the test
    }
  })();
  cleanups.push(async () => abort.abort());
  return events;
}

let visitor = 0;
/** A visitor's feedback from the shop, each from its own address (the per-address limit is not the point). */
async function sendFeedback(instance: Instance, widget: Widget, message: string) {
  visitor += 1;
  const sent = await instance.api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }), {
    headers: { Origin: SHOP, 'X-Forwarded-For': `198.51.100.${visitor % 250}` },
  });
  expect(sent.status, sent.text).toBe(201);
}

async function publicConfig(instance: Instance, widget: Widget, headers: Record<string, string> = {}) {
  return instance.api.get<PublicWidgetConfig & ApiErrorBody>(`/api/public/widget/${widget.key}`, { headers });
}

async function wrongLogin(instance: Instance, email: string, address: string) {
  return instance.api.post<ApiErrorBody>('/api/auth/login', { email, password: 'not the password' }, from(address));
}

describe('two instances sharing one Redis', () => {
  test('wrong passwords for an e-mail from an address count into one limit across both', async () => {
    const { a, b, prefix } = await startPair(SHARED_REDIS_URL);
    const owner = await createOwner(a.server, a.api);
    const rule = RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress;
    const attacker = '203.0.113.7';

    // Half of the budget through each instance: one budget, so all of it is used up.
    for (let attempt = 0; attempt < rule.limit; attempt += 1) {
      const response = await wrongLogin(attempt % 2 === 0 ? a : b, owner.email, attacker);
      expect(response.status, response.text).toBe(401);
    }
    expectLimited(await wrongLogin(a, owner.email, attacker), rule.windowMs);
    expectLimited(await wrongLogin(b, owner.email, attacker), rule.windowMs);
    // The owner, from another address, still gets in through either.
    const ok = await b.api.post('/api/auth/login', { email: owner.email, password: owner.password }, from('192.0.2.9'));
    expect(ok.status, ok.text).toBe(200);
    // The counters are in Redis, under this deployment's prefix, one key per limiter.
    const keys = await redisKeys(SHARED_REDIS_URL, prefix);
    expect(keys).toContain(`${prefix}rl:loginFailuresPerEmailAndAddress:${owner.email} ${attacker}`);
  });

  test('feedback from one address counts into one exact limit across both instances', async () => {
    const pair = await startPair(SHARED_REDIS_URL, { RATE_LIMIT_FEEDBACK_PER_IP: '3' });
    const { a, b } = pair;
    freezeClocks(pair, WINDOW_START);
    const owner = await createOwner(a.server, a.api, { plan: 'premium' });
    const widget = await createWidget(a.api, owner);
    const send = async (instance: Instance) =>
      (
        await instance.api.post<ApiErrorBody>(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
          headers: { Origin: SHOP, 'X-Forwarded-For': '203.0.113.40' },
        })
      ).status;
    expect([await send(a), await send(b), await send(a), await send(b), await send(a)]).toEqual([
      201, 201, 201, 429, 429,
    ]);
  });

  test("the config limit is one budget across both once each instance's counts reach Redis", async () => {
    const pair = await startPair(SHARED_REDIS_URL, { RATE_LIMIT_PUBLIC_CONFIG_PER_IP: '6' });
    const { a, b, prefix } = pair;
    freezeClocks(pair, WINDOW_START);
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    const address = '203.0.113.41';
    const { windowMs } = RATE_LIMIT_RULES.publicConfigPerIp;
    // The window's count in Redis, which each instance's sync (every 500 ms) raises by its new hits.
    const key = `${prefix}rl:publicConfigPerIp:${Math.floor(WINDOW_START.getTime() / windowMs)}:${address}`;
    /** Waits until the instances' syncs have brought the shared count to `total`. */
    const synced = (total: number) =>
      until(async () => Number(await redisGet(SHARED_REDIS_URL, key)) === total, 5_000, `a shared count of ${total}`);
    const read = async (instance: Instance) =>
      (await publicConfig(instance, widget, { 'X-Forwarded-For': address })).status;

    // Four reads through A, then three through B, once both have synced in between.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await read(a));
    await synced(4);
    // B's first read goes to Redis with its next sync, whose answer tells B about A's four.
    statuses.push(await read(b));
    await synced(5);
    statuses.push(await read(b), await read(b));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  test("a feedback sent through one instance reaches the owner's stream on the other within 1 s", async () => {
    const { a, b } = await startPair(SHARED_REDIS_URL);
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    const onB = await openStream(b, owner);
    const onA = await openStream(a, owner);

    await sendFeedback(a, widget, 'Sent through A');
    await until(() => onB.length === 1, CROSS_INSTANCE_MS, 'the event on B');
    await sendFeedback(b, widget, 'Sent through B');
    await until(() => onA.length === 2, CROSS_INSTANCE_MS, 'the event on A');
    await until(() => onB.length === 2, CROSS_INSTANCE_MS, 'the second event on B');
    expect(onB.map((event) => event.message)).toEqual(['Sent through A', 'Sent through B']);
    expect(onA.map((event) => event.message)).toEqual(['Sent through A', 'Sent through B']);
    expect(onB[0]).toMatchObject({ widgetId: widget._id, widgetName: widget.name });
  });

  test("a site registered through one instance is announced on the owner's stream on the other within 1 s", async () => {
    const { a, b } = await startPair(SHARED_REDIS_URL);
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    const installations: InstallationEvent[] = [];
    await openStream(b, owner, installations);

    expect((await publicConfig(a, widget, { Origin: SHOP })).status).toBe(200);
    await until(() => installations.length === 1, CROSS_INSTANCE_MS, 'the installation on B');
    expect(installations).toEqual([{ widgetId: widget._id, host: 'shop.example.com' }]);
  });

  test("a widget edit and a new post through one instance are served by the other's cached config within 1 s", async () => {
    const { a, b } = await startPair(SHARED_REDIS_URL);
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    // B has the config in its cache.
    expect((await publicConfig(b, widget)).body.widget.color).toBe(VALID_WIDGET.primaryColor);

    const edited = await a.api.put(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, primaryColor: '#10B981' },
      {
        token: owner.token,
      },
    );
    expect(edited.status, edited.text).toBe(200);
    await until(
      async () => (await publicConfig(b, widget)).body.widget.color === '#10B981',
      CROSS_INSTANCE_MS,
      'the new colour on B',
    );

    const posted = await a.api.post('/api/post', validPost(widget._id), { token: owner.token });
    expect(posted.status, posted.text).toBe(201);
    await until(
      async () => (await publicConfig(b, widget)).body.posts.length === 1,
      CROSS_INSTANCE_MS,
      'the new post on B',
    );
  });

  test('a site admitted through one instance is an installation on the other within 1 s: hidden origins are refused', async () => {
    const { a, b } = await startPair(SHARED_REDIS_URL);
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    // Installed nowhere yet: B serves a page whose origin is hidden, and keeps the widget cached.
    expect((await publicConfig(b, widget, { Origin: 'null' })).status).toBe(200);

    expect((await publicConfig(a, widget, { Origin: SHOP })).status).toBe(200);
    await until(
      async () => (await publicConfig(b, widget, { Origin: 'null' })).status === 403,
      CROSS_INSTANCE_MS,
      'B to refuse a hidden origin',
    );
    expect((await publicConfig(b, widget, { Origin: SHOP })).status).toBe(200);
  });
});

describe('when Redis goes away', () => {
  test('both keep answering on their own state, say so once, and share again once it is back', async () => {
    const redis = await startPrivateRedis();
    // Stopped last, after the instances and the key clean-up.
    cleanups.push(() => redis.stop());
    const pair = await startPair(redis.url);
    const { a, b } = pair;
    const owner = await createOwner(a.server, a.api);
    const widget = await createWidget(a.api, owner);
    const streamOnB = await openStream(b, owner);
    const streamOnA = await openStream(a, owner);

    // The lines logged from here on: on a busy machine the first connection can already have
    // timed out and come back (an outage and its end, logged), which is not this outage.
    const logged = new Map([a, b].map((instance) => [instance, logLines(instance, /./).length]));
    const since = (instance: Instance, pattern: RegExp) =>
      logLines(instance, /./)
        .slice(logged.get(instance))
        .filter((message) => pattern.test(message));
    await redis.stop();
    await untilRedis(pair, 'down');

    // Limits: each instance counts on its own, and still stops a guesser; nothing fails.
    const rule = RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress;
    for (let attempt = 0; attempt < rule.limit; attempt += 1) {
      expect((await wrongLogin(a, owner.email, '203.0.113.8')).status).toBe(401);
    }
    expectLimited(await wrongLogin(a, owner.email, '203.0.113.8'), rule.windowMs);
    expect((await wrongLogin(b, owner.email, '203.0.113.8')).status).toBe(401);

    // Visitors are served by both, and a feedback reaches the streams held where it was sent.
    expect((await publicConfig(a, widget, { Origin: SHOP })).status).toBe(200);
    expect((await publicConfig(b, widget, { Origin: SHOP })).status).toBe(200);
    await sendFeedback(a, widget, 'While Redis is away');
    await until(() => streamOnA.length === 1, CROSS_INSTANCE_MS, 'the event on A');

    // Cached configs live a second only, so an edit through A reaches B's visitors soon anyway
    // (with Redis up, the cache keeps an entry 30 s).
    const edited = await a.api.put(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, primaryColor: '#F59E0B' },
      {
        token: owner.token,
      },
    );
    expect(edited.status).toBe(200);
    await until(
      async () => (await publicConfig(b, widget)).body.widget.color === '#F59E0B',
      3 * CROSS_INSTANCE_MS,
      'the new colour on B',
    );

    // Said once by each instance, however many reconnections failed meanwhile.
    for (const instance of [a, b]) {
      expect(since(instance, /^Redis is unreachable: .*falling back/)).toHaveLength(1);
      expect(since(instance, /reachable again/)).toHaveLength(0);
    }

    await redis.start();
    await untilRedis(pair, 'ok');
    // The stream opened on B before the outage hears a feedback sent through A again.
    await sendFeedback(a, widget, 'Redis is back');
    await until(
      () => streamOnB.some((event) => event.message === 'Redis is back'),
      CROSS_INSTANCE_MS,
      'the event on B after the restart',
    );
    for (const instance of [a, b]) {
      expect(since(instance, /^Redis is unreachable/)).toHaveLength(1);
      expect(since(instance, /reachable again/)).toHaveLength(1);
    }
  });
});
