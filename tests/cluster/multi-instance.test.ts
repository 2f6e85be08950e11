/**
 * Three Tellbox processes on one PostgreSQL database and one Redis, behind nginx configured from
 * deploy/nginx/tellbox.conf, as the README's production layout runs them. Whatever one instance
 * does, the others see at once: sessions, events, the public config, plan limits, rate limits.
 * And when one instance dies under load, nginx moves on to the others without losing a write that
 * was acknowledged.
 *
 * "Through one … another" talks to the instances on their own ports; load goes through nginx.
 */
import fsp from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  DashboardOverview,
  FeedbackListResponse,
  FeedbackSummary,
  PublicWidgetConfig,
  Widget,
} from '../../src/shared/api';
import { FEEDBACK_EVENT, type FeedbackEvent } from '../../src/shared/desktop-events';
import { DEFAULT_PLANS } from '../../src/shared/plans';
import { RATE_LIMIT_RULES, TOO_MANY_REQUESTS } from '../../server/lib/rate-limit';
import { WEBHOOK_BODY_LIMIT } from '../../server/modules/subscriptions/webhook.route';
import { VALID_WIDGET, validFeedback, validPost } from '../helpers/factories';
import { freePort } from '../helpers/free-port';
import { SHARED_REDIS_URL, deleteRedisKeys, uniqueRedisPrefix } from '../helpers/redis-server';
import { ADMIN_POSTGRES_URL } from '../helpers/test-database';
import {
  SITE_ORIGIN,
  createClusterOwner,
  expectJson,
  openOwnerStream,
  query,
  send,
  within,
  type ClusterOwner,
  type Outcome,
  type OwnerStream,
} from './cluster-client';
import { NGINX_CONF, startNginx, type RunningNginx } from './nginx';
import {
  bundleServer,
  healthOf,
  logLinesOf,
  startInstance,
  stopInstance,
  waitUntilServing,
  type Instance,
  type ServerBundle,
} from './tellbox-processes';

/** How soon something done through one instance must be seen through another. */
const CROSS_INSTANCE_MS = 1_000;
const PUBLIC_URL = 'https://feedback.example.test';
const FROM_SITE = { Origin: SITE_ORIGIN };
/** nginx's own error pages end with its name (and version); Tellbox's errors are JSON. */
const NGINX_PAGE = /<center>nginx(\/[\d.]+)?<\/center>/;

let bundle: ServerBundle;
let databaseName: string;
let databaseUrl: string;
const redisPrefixes: string[] = [];

async function adminQuery(text: string) {
  await query(ADMIN_POSTGRES_URL, text);
}

beforeAll(async () => {
  bundle = await bundleServer();
  databaseName = `tellbox_cluster_${Date.now()}_${process.pid}`;
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}, 60_000);

afterAll(async () => {
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  for (const prefix of redisPrefixes) await deleteRedisKeys(SHARED_REDIS_URL, prefix).catch(() => undefined);
  await bundle?.dispose();
}, 60_000);

interface Cluster {
  instances: Instance[];
  nginx: RunningNginx;
}

/** Three instances started at once (they race to migrate the one database) and nginx in front. */
async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const prefix = uniqueRedisPrefix('cluster');
  redisPrefixes.push(prefix);
  const common = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '5',
    REDIS_URL: SHARED_REDIS_URL,
    REDIS_PREFIX: prefix,
    TRUST_PROXY: '1',
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const instances = await Promise.all(['a', 'b', 'c'].map((name) => startInstance(bundle, name, common)));
  try {
    await Promise.all(instances.map((instance) => waitUntilServing(instance)));
    return { instances, nginx: await startNginx(instances.map((instance) => instance.port)) };
  } catch (error) {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    throw error;
  }
}

async function stopCluster(cluster: Cluster | undefined) {
  if (!cluster) return;
  await cluster.nginx.stop();
  await Promise.all(cluster.instances.map((instance) => stopInstance(instance)));
}

const feedbackPath = (widget: Widget) => `/api/public/widget/${widget.key}/feedback`;
const configPath = (widget: Widget) => `/api/public/widget/${widget.key}`;

async function createWidget(baseUrl: string, owner: ClusterOwner, name = 'Shop'): Promise<Widget> {
  const created = await send(baseUrl, '/api/widget', { body: { ...VALID_WIDGET, name }, token: owner.token });
  return expectJson<{ widget: Widget }>(created, 201).widget;
}

async function publicConfig(baseUrl: string, widget: Widget): Promise<PublicWidgetConfig> {
  return expectJson<PublicWidgetConfig>(await send(baseUrl, configPath(widget), { headers: FROM_SITE }), 200);
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; results in order of i. */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await task(i);
    }),
  );
  return results;
}

/** `1m`, `1mb`, `100kb`, `512` as bytes (nginx's and the bytes package's spellings). */
function sizeInBytes(size: string): number {
  const match = /^(\d+)\s*([kmg]?)b?$/i.exec(size.trim());
  if (!match) throw new Error(`not a size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()] ?? NaN;
  return Number(match[1]) * unit;
}

const statusesOf = (outcomes: { status: number | undefined }[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of outcomes) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
};

describe('three instances, rate limits off', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let c: Instance;
  const streams: OwnerStream[] = [];

  beforeAll(async () => {
    cluster = await startCluster({ RATE_LIMITS: 'off' });
    [a, b, c] = cluster.instances as [Instance, Instance, Instance];
  }, 90_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stopCluster(cluster);
  }, 60_000);

  test('every instance is healthy and connected to Redis, and nginx redirects plain HTTP to HTTPS', async () => {
    for (const instance of cluster.instances) {
      const health = await healthOf(instance.url);
      expect(health?.status).toBe(200);
      expect(health?.body).toMatchObject({ status: 'ok', redis: 'ok' });
    }
    const redirect = await send(cluster.nginx.redirectUrl, '/login?next=%2Fwidgets');
    expect(redirect.status).toBe(301);
    expect(redirect.status === 301 && redirect.headers.location).toBe('https://127.0.0.1/login?next=%2Fwidgets');
  });

  test("nginx's body limit is the largest body a Tellbox route takes, and each refuses above its own", async () => {
    const configured = /^\s*client_max_body_size\s+(\S+);/m.exec(await fsp.readFile(NGINX_CONF, 'utf8'))?.[1];
    // A Stripe webhook's body is the largest any route takes.
    expect(sizeInBytes(configured ?? '')).toBe(sizeInBytes(WEBHOOK_BODY_LIMIT));
    const overNginx = await send(cluster.nginx.url, '/api/auth/login', {
      rawBody: 'x'.repeat(sizeInBytes(WEBHOOK_BODY_LIMIT) + 1),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(overNginx.status).toBe(413);
    expect(overNginx.status !== undefined && overNginx.text).toMatch(NGINX_PAGE);
    // Below nginx's limit, above the API's own: Tellbox answers, in its own shape.
    const overApi = await send(cluster.nginx.url, '/api/auth/login', {
      rawBody: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(overApi.status).toBe(413);
    expect(overApi.status !== undefined && JSON.parse(overApi.text)).toHaveProperty('message');
  });

  test('a token from one instance works on the others, and logout through one revokes it everywhere at once', async () => {
    const owner = await createClusterOwner(a.url, databaseUrl, { plan: 'premium' });
    const widget = await createWidget(c.url, owner);
    for (const instance of [b, c]) {
      const profile = await send(instance.url, '/api/user', { token: owner.token });
      expect(expectJson<{ user: { id: string } }>(profile, 200).user.id).toBe(owner.id);
    }
    const stream = await openOwnerStream(c.url, owner.token);
    streams.push(stream);
    expect(stream.status).toBe(200);

    expectJson(await send(b.url, '/api/auth/logout', { method: 'POST', token: owner.token }), 200);
    const after = await Promise.all(
      cluster.instances.map((instance) => send(instance.url, '/api/user', { token: owner.token })),
    );
    expect(after.map((outcome) => outcome.status)).toEqual([401, 401, 401]);

    // The stream held on another instance delivers nothing after the logout and ends as soon as
    // there is something to deliver (it checks its token before every event).
    expect(
      (
        await send(a.url, feedbackPath(widget), {
          body: validFeedback({ message: 'after logout' }),
          headers: FROM_SITE,
        })
      ).status,
    ).toBe(201);
    expect(
      await within(CROSS_INSTANCE_MS, () => stream.isEnded()),
      'the stream on another instance ended',
    ).toBeDefined();
    expect(stream.events.filter((event) => event.event === FEEDBACK_EVENT)).toEqual([]);
  });

  test('a member removed through one instance is refused on another within 1 s, and their open stream ends', async () => {
    const owner = await createClusterOwner(a.url, databaseUrl, { plan: 'premium' });
    const member = await createClusterOwner(b.url, databaseUrl);
    await query(
      databaseUrl,
      "insert into workspace_members (workspace_id, account_id, role, created_at) values ($1, $2, 'member', now())",
      [owner.id, member.id],
    );
    const inTeam = { 'Tellbox-Workspace': owner.id };
    for (const instance of cluster.instances) {
      const inbox = await send(instance.url, '/api/feedback', { token: member.token, headers: inTeam });
      expect(inbox.status).toBe(200);
    }
    // Held on c, through nginx's neighbour: the removal is made on a, the next request goes to b.
    const stream = await openOwnerStream(c.url, member.token, owner.id);
    streams.push(stream);
    expect(stream.status).toBe(200);

    const removed = await send(a.url, `/api/workspace/members/${member.id}`, { method: 'DELETE', token: owner.token });
    expectJson(removed, 200);
    const refusedAfter = await within(CROSS_INSTANCE_MS, async () => {
      const next = await send(b.url, '/api/feedback', { token: member.token, headers: inTeam });
      return next.status === 404;
    });
    expect(refusedAfter, 'refused on another instance').toBeDefined();
    const throughNginx = await send(cluster.nginx.url, '/api/feedback', { token: member.token, headers: inTeam });
    expect(throughNginx.status).toBe(404);
    expect(
      await within(CROSS_INSTANCE_MS, () => stream.isEnded()),
      'the stream on a third instance ended',
    ).toBeDefined();
    // Their own workspace is still theirs.
    expect((await send(b.url, '/api/feedback', { token: member.token })).status).toBe(200);
  });

  test('feedback sent through any instance reaches the owner streams held by every instance within 1 s', async () => {
    const owner = await createClusterOwner(b.url, databaseUrl, { plan: 'premium' });
    const widget = await createWidget(a.url, owner);
    const held = await Promise.all(cluster.instances.map((instance) => openOwnerStream(instance.url, owner.token)));
    streams.push(...held);
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200]);

    for (const [index, through] of cluster.instances.entries()) {
      const message = `through ${through.name} (${index})`;
      const posted = await send(through.url, feedbackPath(widget), {
        body: validFeedback({ message }),
        headers: FROM_SITE,
      });
      expect(posted.status).toBe(201);
      const acknowledgedAt = performance.now();
      for (const [holder, stream] of held.entries()) {
        const arrived = await within(CROSS_INSTANCE_MS, () =>
          stream.events.some(
            (event) => event.event === FEEDBACK_EVENT && (JSON.parse(event.data) as FeedbackEvent).message === message,
          ),
        );
        const at = stream.events.findIndex((event) => event.data.includes(message));
        expect(arrived, `${message} on the stream held by ${cluster.instances[holder]?.name}`).toBeDefined();
        expect((stream.arrivals[at] ?? Infinity) - acknowledgedAt).toBeLessThan(CROSS_INSTANCE_MS);
      }
    }
    // Each stream got each feedback once.
    for (const stream of held) expect(stream.events.filter((event) => event.event === FEEDBACK_EVENT)).toHaveLength(3);
  });

  test("a widget edit and a new post through one instance are in another's public config within 1 s", async () => {
    const owner = await createClusterOwner(c.url, databaseUrl, { plan: 'premium' });
    const widget = await createWidget(a.url, owner, 'Before the edit');
    // Every instance has the config in its memory (a 30 s cache) before the change.
    for (const instance of cluster.instances)
      expect((await publicConfig(instance.url, widget)).widget.color).toBe(VALID_WIDGET.primaryColor);

    const edited = await send(a.url, `/api/widget/${widget._id}`, {
      method: 'PUT',
      body: { ...VALID_WIDGET, name: 'After the edit', primaryColor: '#10B981' },
      token: owner.token,
    });
    expectJson(edited, 200);
    for (const instance of [b, c]) {
      const seen = await within(CROSS_INSTANCE_MS, async () => {
        const config = await publicConfig(instance.url, widget);
        return config.widget.color.toLowerCase() === '#10b981';
      });
      expect(seen, `the edit through a, served by ${instance.name}`).toBeDefined();
    }

    const post = { ...validPost(widget._id), title: 'Posted through b' };
    expectJson(await send(b.url, '/api/post', { body: post, token: owner.token }), 201);
    for (const instance of [a, c]) {
      const seen = await within(CROSS_INSTANCE_MS, async () =>
        (await publicConfig(instance.url, widget)).posts.some((shown) => shown.title === 'Posted through b'),
      );
      expect(seen, `the post through b, served by ${instance.name}`).toBeDefined();
    }
  });

  test('21 widget creations at once on a free account, spread over the three: exactly one is created', async () => {
    const owner = await createClusterOwner(a.url, databaseUrl);
    expect(DEFAULT_PLANS.free.limits.maxWidgets).toBe(1);
    const outcomes = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        send(cluster.instances[i % 3]?.url ?? '', '/api/widget', {
          body: { ...VALID_WIDGET, name: `Race ${i}` },
          token: owner.token,
        }),
      ),
    );
    expect(statusesOf(outcomes)).toEqual({ 201: 1, 403: 20 });
    const listed = expectJson<{ widgets: Widget[] }>(await send(b.url, '/api/widget', { token: owner.token }), 200);
    expect(listed.widgets).toHaveLength(1);
    const rows = await query<{ count: string }>(
      databaseUrl,
      'select count(*) as count from widgets where workspace_id = $1',
      [owner.id],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  test('600 feedback on a free widget, spread over the three: exactly 50 visible and 550 hidden', async () => {
    const owner = await createClusterOwner(b.url, databaseUrl);
    const widget = await createWidget(c.url, owner);
    const visible = DEFAULT_PLANS.free.limits.visibleFeedbackPerMonth;
    expect(visible).toBe(50);
    const outcomes = await inParallel(600, 30, (i) =>
      send(cluster.instances[i % 3]?.url ?? '', feedbackPath(widget), {
        body: validFeedback({ message: `free ${i}` }),
        headers: FROM_SITE,
      }),
    );
    expect(statusesOf(outcomes)).toEqual({ 201: 600 });

    for (const instance of cluster.instances) {
      const summary = expectJson<FeedbackSummary>(
        await send(instance.url, '/api/feedback/summary', { token: owner.token }),
        200,
      );
      expect(summary.hiddenFeedbackCount, instance.name).toBe(550);
    }
    const inbox = expectJson<FeedbackListResponse>(
      await send(a.url, '/api/feedback?limit=100', { token: owner.token }),
      200,
    );
    expect(inbox.feedbacks).toHaveLength(50);
    expect(inbox.nextCursor).toBeNull();
    const overview = expectJson<DashboardOverview>(
      await send(b.url, '/api/dashboard/overview', { token: owner.token }),
      200,
    );
    expect(overview.totalFeedback).toBe(50);
    // Every feedback took its own place in the account's month: 1…600, none twice.
    const seqs = await query<{ seq: number }>(
      databaseUrl,
      'select account_seq as seq from feedback where workspace_id = $1 order by account_seq',
      [owner.id],
    );
    expect(seqs.map((row) => Number(row.seq))).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  });

  test('a POST that nginx cannot hand to an instance goes to another one: nothing had been sent', async () => {
    const owner = await createClusterOwner(a.url, databaseUrl, { plan: 'premium' });
    const widget = await createWidget(b.url, owner);
    // The repository's configuration with a second upstream where nothing listens.
    const nowhere = await freePort();
    const proxy = await startNginx([a.port, nowhere, b.port]);
    try {
      const outcomes = await inParallel(30, 3, (i) =>
        send(proxy.url, feedbackPath(widget), {
          body: validFeedback({ message: `failover ${i}` }),
          headers: FROM_SITE,
        }),
      );
      expect(statusesOf(outcomes)).toEqual({ 201: 30 });
      expect(proxy.errorLog()).toMatch(
        new RegExp(`connect\\(\\) failed \\(111: Connection refused\\).*127\\.0\\.0\\.1:${nowhere}/`),
      );
      const rows = await query<{ count: string }>(
        databaseUrl,
        'select count(*) as count from feedback where widget_id = $1',
        [widget._id],
      );
      expect(Number(rows[0]?.count)).toBe(30);
    } finally {
      await proxy.stop();
    }
  });

  // Last in this block: it kills instance c.

  test('kill -9 of one instance under load through nginx: the other two answer everything after it, and no 201 is lost', async () => {
    const owner = await createClusterOwner(a.url, databaseUrl, { plan: 'premium' });
    const widget = await createWidget(b.url, owner);
    const concurrency = 12;
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    interface Sent {
      seq: number;
      startedAfterKill: boolean;
      outcome: Outcome;
    }
    const sent: Sent[] = [];
    let killed = false;
    let stop = false;
    let seq = 0;
    const workers = Array.from({ length: concurrency }, async () => {
      while (!stop) {
        const mine = seq++;
        const startedAfterKill = killed;
        const outcome = await send(cluster.nginx.url, feedbackPath(widget), {
          body: validFeedback({ message: `load ${mine}` }),
          headers: FROM_SITE,
          agent,
        });
        sent.push({ seq: mine, startedAfterKill, outcome });
      }
    });
    const completed = async (count: number, which: (entry: Sent) => boolean) => {
      while (sent.filter(which).length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    try {
      await completed(150, () => true);
      c.child.kill('SIGKILL');
      await c.exited;
      killed = true;
      await completed(300, (entry) => entry.startedAfterKill);
    } finally {
      stop = true;
      await Promise.all(workers);
      agent.destroy();
    }

    const before = sent.filter((entry) => !entry.startedAfterKill);
    const after = sent.filter((entry) => entry.startedAfterKill);
    const failed = sent.filter((entry) => entry.outcome.status !== 201);
    // Requests sent to c before it died may fail: nginx had already handed them over and does not
    // send a POST twice. Each is nginx's own 502 (never a 500 from Tellbox), and there can be no
    // more of them than requests in flight.
    for (const entry of failed) {
      expect(entry.startedAfterKill, `request ${entry.seq} started after the kill`).toBe(false);
      expect(entry.outcome.status).toBe(502);
      expect(entry.outcome.status !== undefined && entry.outcome.text).toMatch(NGINX_PAGE);
    }
    expect(failed.length).toBeLessThanOrEqual(concurrency);
    expect(statusesOf(after.map((entry) => entry.outcome))).toEqual({ 201: after.length });

    // nginx noticed: the failures took c out of the upstream, or its connections were refused.
    expect(cluster.nginx.errorLog()).toMatch(
      new RegExp(
        `(upstream server temporarily disabled|connect\\(\\) failed \\(111: Connection refused\\)).*127\\.0\\.0\\.1:${c.port}/`,
      ),
    );

    // Every acknowledged feedback is a row.
    const rows = await query<{ message: string }>(databaseUrl, 'select message from feedback where widget_id = $1', [
      widget._id,
    ]);
    const stored = new Set(rows.map((row) => row.message));
    const acknowledged = sent.filter((entry) => entry.outcome.status === 201).map((entry) => `load ${entry.seq}`);
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([]);
    const unacknowledgedStored = failed.filter((entry) => stored.has(`load ${entry.seq}`)).length;
    console.info(
      `kill -9 under load: ${before.length} requests before the kill, ${after.length} after; ${failed.length} in flight on the killed instance failed (502 from nginx), ${unacknowledgedStored} of those were stored anyway`,
    );

    // Reads through nginx are answered by the survivors too.
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => send(cluster.nginx.url, configPath(widget), { headers: FROM_SITE })),
    );
    expect(statusesOf(reads)).toEqual({ 200: 20 });
    for (const instance of [a, b]) expect(logLinesOf(instance, 50)).toEqual([]);
  });
});

describe('three instances, rate limits on', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ RATE_LIMITS: 'on' });
  }, 90_000);

  afterAll(async () => {
    await stopCluster(cluster);
  }, 60_000);

  const expectLimited = (outcome: Outcome) => {
    expect(outcome.status).toBe(429);
    if (outcome.status === undefined) return;
    expect(JSON.parse(outcome.text)).toEqual({ message: TOO_MANY_REQUESTS });
    expect(Number(outcome.headers['retry-after'])).toBeGreaterThan(0);
  };

  test('wrong passwords are counted once across the three, not once per instance', async () => {
    const perPair = RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress;
    const [first] = cluster.instances as [Instance];
    const owner = await createClusterOwner(first.url, databaseUrl, { headers: { 'X-Forwarded-For': '198.51.100.1' } });
    const attacker = { 'X-Forwarded-For': '203.0.113.7' };
    const guesses = await Promise.all(
      Array.from({ length: perPair.limit + 5 }, (_, i) =>
        send(cluster.instances[i % 3]?.url ?? '', '/api/auth/login', {
          body: { email: owner.email, password: `guess ${i}` },
          headers: attacker,
        }),
      ),
    );
    expect(statusesOf(guesses)).toEqual({ 401: perPair.limit, 429: 5 });
    // Every instance now stops that address for that account, even with the right password.
    for (const instance of cluster.instances) {
      expectLimited(
        await send(instance.url, '/api/auth/login', {
          body: { email: owner.email, password: owner.password },
          headers: attacker,
        }),
      );
    }
    // The owner, elsewhere, logs in.
    const elsewhere = await send(cluster.instances[1]?.url ?? '', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: { 'X-Forwarded-For': '198.51.100.2' },
    });
    expect(elsewhere.status).toBe(200);

    // Through nginx the address is the one nginx saw: an X-Forwarded-For the client wrote itself
    // does not make each guess come from somewhere new.
    const spoofed = await Promise.all(
      Array.from({ length: perPair.limit + 3 }, (_, i) =>
        send(cluster.nginx.url, '/api/auth/login', {
          body: { email: owner.email, password: `spoofed ${i}` },
          headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` },
        }),
      ),
    );
    expect(statusesOf(spoofed)).toEqual({ 401: perPair.limit, 429: 3 });
  }, 60_000);
});
