/**
 * PostgreSQL and Redis restart while visitors keep sending feedback to two instances: no 500,
 * every 201 is a row, and Tellbox recovers by itself (no instance is restarted) within seconds of
 * the service being back. Both services are private to this suite; the machine's shared ones serve
 * other suites in parallel and are never stopped.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Widget } from '../../src/shared/api';
import { FEEDBACK_EVENT, type FeedbackEvent } from '../../src/shared/desktop-events';
import { DATABASE_UNAVAILABLE } from '../../server/lib/database-errors';
import { VALID_WIDGET, validFeedback } from '../helpers/factories';
import { startPrivateRedis, uniqueRedisPrefix, type PrivateRedis } from '../helpers/redis-server';
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
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import {
  bundleServer,
  healthOf,
  sleep,
  startInstance,
  stopInstance,
  waitUntilServing,
  type Instance,
  type ServerBundle,
} from './tellbox-processes';

/** "Within a few seconds": how soon after a service is back a post must succeed again. */
const RECOVERY_MS = 5_000;
/** Feedback is spread over this many widgets, well below each widget's per-minute limit. */
const WIDGETS = 10;

let postgres: PrivatePostgres | undefined;
let redis: PrivateRedis | undefined;
let bundle: ServerBundle | undefined;
const instances: Instance[] = [];
let owner: ClusterOwner;
const widgets: Widget[] = [];
let stream: OwnerStream | undefined;

beforeAll(async () => {
  [postgres, redis, bundle] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), bundleServer()]);
  const env = {
    DATABASE_URL: postgres.url,
    DATABASE_POOL_MAX: '4',
    REDIS_URL: redis.url,
    REDIS_PREFIX: uniqueRedisPrefix('faults'),
    TRUST_PROXY: '1',
    PUBLIC_URL: 'https://feedback.example.test',
    RATE_LIMITS: 'on',
    LOG_LEVEL: 'warn',
  };
  // One after the other: the first one migrates the new database.
  for (const name of ['a', 'b']) {
    const instance = await startInstance(bundle, name, env);
    instances.push(instance);
    await waitUntilServing(instance);
  }
  const [a] = instances as [Instance];
  owner = await createClusterOwner(a.url, postgres.url, {
    plan: 'premium',
    headers: { 'X-Forwarded-For': '198.51.100.9' },
  });
  for (let i = 0; i < WIDGETS; i += 1) {
    const created = await send(a.url, '/api/widget', {
      body: { ...VALID_WIDGET, name: `Site ${i}` },
      token: owner.token,
    });
    widgets.push(expectJson<{ widget: Widget }>(created, 201).widget);
  }
}, 120_000);

afterAll(async () => {
  stream?.close();
  await Promise.all(instances.map((instance) => stopInstance(instance)));
  await Promise.allSettled([postgres?.destroy(), redis?.stop()]);
  await bundle?.dispose();
}, 60_000);

interface Sent {
  n: number;
  /** What was going on when the request started. */
  phase: string;
  outcome: Outcome;
  endedAt: number;
}

/**
 * Visitors sending feedback without pause, `concurrency` at a time, alternating the instances and
 * the widgets; each comes from an address of its own, so no per-address limit is reached.
 */
function startVisitors(concurrency = 4) {
  const sent: Sent[] = [];
  let phase = 'up';
  let running = true;
  let n = 0;
  const visitors = Array.from({ length: concurrency }, async () => {
    while (running) {
      const mine = n++;
      const startedIn = phase;
      const instance = instances[mine % instances.length] as Instance;
      const widget = widgets[mine % widgets.length] as Widget;
      const outcome = await send(instance.url, `/api/public/widget/${widget.key}/feedback`, {
        body: validFeedback({ message: `fault ${mine}` }),
        headers: {
          Origin: SITE_ORIGIN,
          'X-Forwarded-For': `10.${(mine >> 16) & 255}.${(mine >> 8) & 255}.${mine & 255}`,
        },
      });
      sent.push({ n: mine, phase: startedIn, outcome, endedAt: performance.now() });
    }
  });
  return {
    sent,
    setPhase: (next: string) => (phase = next),
    /** Waits until `count` requests started in `inPhase` have an answer (and `status`, if given). */
    async until(inPhase: string, count: number, status?: number) {
      const matches = () =>
        sent.filter((entry) => entry.phase === inPhase && (status === undefined || entry.outcome.status === status));
      while (matches().length < count) {
        if (!running) throw new Error('the visitors stopped');
        // An instance that died would keep the wait going until the test's timeout: say why now.
        const dead = instances.find((instance) => !instance.isRunning());
        if (dead) throw new Error(`instance ${dead.name} exited:\n${dead.output().slice(-2_000)}`);
        await sleep(5); // poll interval, not a wait for a result: the loop ends on the count or a dead instance
      }
    },
    async stop() {
      running = false;
      await Promise.all(visitors);
      return sent;
    },
  };
}

/** No answer but 201, and 503 with Retry-After and the usual message; no connection failure. */
function expectOnly201Or503(sent: Sent[]) {
  for (const { n, outcome } of sent) {
    if (outcome.status === 201) continue;
    expect(outcome.status === undefined ? outcome.error : outcome.status, `feedback ${n}`).toBe(503);
    if (outcome.status !== 503) continue;
    expect(JSON.parse(outcome.text)).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(Number(outcome.headers['retry-after'])).toBeGreaterThan(0);
  }
}

/** Every acknowledged feedback is a row in the database. */
async function expectAllAcknowledgedStored(sent: Sent[]) {
  const rows = await query<{ message: string }>(postgres?.url ?? '', 'select message from feedback');
  const stored = new Set(rows.map((row) => row.message));
  const acknowledged = sent.filter((entry) => entry.outcome.status === 201);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.filter((entry) => !stored.has(`fault ${entry.n}`)).map((entry) => entry.n)).toEqual([]);
}

const counts = (sent: Sent[]) =>
  sent.reduce<Record<string, number>>((all, { phase, outcome }) => {
    const key = `${phase} ${outcome.status ?? 'error'}`;
    all[key] = (all[key] ?? 0) + 1;
    return all;
  }, {});

describe('faults while feedback is being posted', () => {
  test('PostgreSQL restarts: 503 with Retry-After while it is away, never a 500, then 201 again by itself', async () => {
    const pids = instances.map((instance) => instance.child.pid);
    const visitors = startVisitors();
    let sent: Sent[];
    let backAt: number | undefined;
    let databaseDown: Awaited<ReturnType<typeof healthOf>>[] | undefined;
    try {
      await visitors.until('up', 30, 201);
      // Requests that start while pg_ctl stops or starts the server may go either way.
      visitors.setPhase('stopping');
      await postgres?.stop();
      visitors.setPhase('down');
      await visitors.until('down', 20);
      databaseDown = await Promise.all(instances.map(async (instance) => await healthOf(instance.url)));
      visitors.setPhase('starting');
      await postgres?.start();
      backAt = performance.now();
      visitors.setPhase('back');
      await visitors.until('back', 30, 201);
    } finally {
      sent = await visitors.stop();
    }
    const firstBack = Math.min(
      ...sent.filter((e) => e.phase === 'back' && e.outcome.status === 201).map((e) => e.endedAt),
    );
    console.info(
      `PostgreSQL restart: ${JSON.stringify(counts(sent))}; the first 201 ${Math.round(firstBack - (backAt ?? Infinity))} ms after pg_ctl start returned`,
    );
    expectOnly201Or503(sent);
    // Each instance said so on its health check, and kept answering it.
    expect(databaseDown?.map((health) => [health?.status, health?.body.database])).toEqual([
      [200, 'down'],
      [200, 'down'],
    ]);
    // While PostgreSQL was stopped nothing could be stored, and nothing was acknowledged.
    const down = sent.filter((entry) => entry.phase === 'down');
    expect(down.filter((entry) => entry.outcome.status !== 503)).toEqual([]);
    expect(firstBack - (backAt ?? Infinity)).toBeLessThan(RECOVERY_MS);
    await expectAllAcknowledgedStored(sent);
    // Recovered without a restart: the same processes.
    expect(instances.map((instance) => instance.isRunning() && instance.child.pid)).toEqual(pids);
  }, 60_000);

  test('Redis restarts: feedback goes on being stored, and events cross instances again once it is back', async () => {
    const [a, b] = instances as [Instance, Instance];
    const pids = instances.map((instance) => instance.child.pid);
    stream = await openOwnerStream(b.url, owner.token);
    expect(stream.status).toBe(200);
    const widget = widgets[0] as Widget;
    const eventWith = (message: string) =>
      stream?.events.some(
        (event) => event.event === FEEDBACK_EVENT && (JSON.parse(event.data) as FeedbackEvent).message === message,
      ) ?? false;
    let visitor = 0;
    const post = (message: string) =>
      send(a.url, `/api/public/widget/${widget.key}/feedback`, {
        body: validFeedback({ message }),
        headers: { Origin: SITE_ORIGIN, 'X-Forwarded-For': `198.51.100.${(visitor += 1)}` },
      });
    expect((await post('before the restart')).status).toBe(201);
    expect(await within(1_000, () => eventWith('before the restart')), 'an event through Redis before').toBeDefined();

    const visitors = startVisitors();
    let sent: Sent[];
    let redisDownAfter: number | undefined;
    let redisBackAfter: number | undefined;
    const redisStatesAre = async (state: string) =>
      (await Promise.all(instances.map(async (instance) => (await healthOf(instance.url))?.body.redis))).every(
        (seen) => seen === state,
      );
    try {
      await visitors.until('up', 30, 201);
      visitors.setPhase('stopping');
      await redis?.stop();
      visitors.setPhase('down');
      // The outage is real to Tellbox: both instances notice it.
      redisDownAfter = await within(RECOVERY_MS, () => redisStatesAre('down'));
      await visitors.until('down', 60);
      visitors.setPhase('starting');
      await redis?.start();
      visitors.setPhase('back');
      redisBackAfter = await within(RECOVERY_MS, () => redisStatesAre('ok'));
      await visitors.until('back', 30, 201);
    } finally {
      sent = await visitors.stop();
    }
    console.info(
      `Redis restart: ${JSON.stringify(counts(sent))}; both instances said redis ok ${Math.round(redisBackAfter ?? -1)} ms after it was back`,
    );
    // Redis is not on the write path: every feedback was stored, outage or not.
    expect(counts(sent.filter((entry) => entry.outcome.status !== 201))).toEqual({});
    expect(redisDownAfter, 'both instances saw Redis go').toBeDefined();
    expect(redisBackAfter, 'both instances reconnected to Redis').toBeDefined();
    await expectAllAcknowledgedStored(sent);

    // The stream on b hears about feedback through a again (the subscription was renewed).
    let i = 0;
    const heard = await within(RECOVERY_MS, async () => {
      const message = `after the restart ${i++}`;
      expect((await post(message)).status).toBe(201);
      return within(200, () => eventWith(message)).then((took) => took !== undefined);
    });
    expect(heard, 'an event through Redis after its restart').toBeDefined();
    expect(instances.map((instance) => instance.isRunning() && instance.child.pid)).toEqual(pids);
  }, 60_000);
});
