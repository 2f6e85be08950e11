/**
 * The per-widget feedback limit is the real visitors' budget: only feedback the widget stores (a
 * valid body from a site the installation rule admits, honeypot empty) counts against it.
 * Empty or malformed posts, posts from refused sites and filled honeypots count against their
 * sender's address alone, so a handful of addresses cannot spend the widget's minute and leave
 * its visitors with 429s. Run on one instance (counts in memory) and on two sharing Redis (counts
 * there, one budget across both).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiErrorBody, Widget } from '../../src/shared/api';
import { FEEDBACK_HONEYPOT_FIELD } from '../../src/shared/limits';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { PUBLIC_WIDGET_MESSAGES } from '../../server/modules/public-widget/public-widget.service';
import { createApiClient, type ApiClient, type ApiResponse, type RequestOptions } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, validFeedback } from '../helpers/factories';
import { expectLimited } from '../helpers/rate-limited';
import { SHARED_REDIS_URL, deleteRedisKeys, uniqueRedisPrefix } from '../helpers/redis-server';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/start-server';
import { createTestDatabase } from '../helpers/test-database';

/** The start of a minute: every instance's clock stands still here, so all requests fall in one window. */
const WINDOW_START = new Date('2030-05-10T09:00:00.000Z');
const SHOP = 'https://shop.example.com';
const FORGED = 'https://forged.example';

const perAddress = RATE_LIMIT_RULES.feedbackPerIp;
const perWidget = RATE_LIMIT_RULES.feedbackPerWidget;
/** Just enough addresses to spend the widget's whole minute at each one's own ceiling. */
const SENDERS = perWidget.limit / perAddress.limit;
/**
 * About 260 posts one after the other, 120 of them stored: a few seconds alone, which a busy
 * 2-core machine running both databases' suites side by side can stretch past the default 30 s.
 */
const MANY_POSTS_TIMEOUT_MS = 90_000;

interface Instance {
  server: TestServer;
  api: ApiClient;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server with rate limits on, trusting one proxy (X-Forwarded-For names the client), its clock stopped. */
async function startInstance(options: TestServerOptions = {}): Promise<Instance> {
  const server = await startTestServer({ ...options, rateLimits: true, env: { TRUST_PROXY: '1', ...options.env } });
  cleanups.push(() => server.close());
  server.clock.freeze(WINDOW_START);
  return { server, api: createApiClient(server.url) };
}

/** One instance, its limits counted in memory. */
async function oneInstance(): Promise<Instance[]> {
  return [await startInstance()];
}

/** Two instances on one database, their limits counted in Redis under a prefix of their own. */
async function twoInstancesSharingRedis(): Promise<Instance[]> {
  const prefix = uniqueRedisPrefix('widget-limit');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-widget-limit-'));
  const database = await createTestDatabase(dir);
  cleanups.push(async () => {
    await deleteRedisKeys(SHARED_REDIS_URL, prefix).catch(() => undefined);
    await database.drop();
    await fsp.rm(dir, { recursive: true, force: true });
  });
  const start = () => startInstance({ redisUrl: SHARED_REDIS_URL, database, env: { REDIS_PREFIX: prefix } });
  // One after the other: the first one migrates the shared database.
  const a = await start();
  return [a, await start()];
}

/** A premium widget installed on the shop only, then locked to it: any other site is refused. */
async function widgetLockedToShop({ server, api }: Instance): Promise<Widget> {
  const owner = await createOwner(server, api, { plan: 'premium' });
  const widget = await createWidget(api, owner);
  expect((await api.get(`/api/public/widget/${widget.key}`, { headers: { Origin: SHOP } })).status).toBe(200);
  const locked = await api.put(
    `/api/widget/${widget._id}`,
    { ...VALID_WIDGET, lockHosts: true },
    { token: owner.token },
  );
  expect(locked.status).toBe(200);
  return widget;
}

const sentFrom = (address: string, origin: string): RequestOptions => ({
  headers: { 'X-Forwarded-For': address, Origin: origin },
});

interface Spam {
  kind: string;
  /** The answer it gets, as it always did: the limit changes what it costs, not what it is told. */
  status: number;
  send(api: ApiClient, url: string, address: string): Promise<ApiResponse<ApiErrorBody>>;
}

/** Posts that are not feedback the widget stores: each costs its sender's budget, not the widget's. */
const SPAM: Spam[] = [
  {
    kind: 'an empty POST',
    status: 415,
    send: (api, url, address) => api.post(url, undefined, sentFrom(address, SHOP)),
  },
  {
    kind: 'an empty JSON object',
    status: 400,
    send: (api, url, address) => api.post(url, {}, sentFrom(address, SHOP)),
  },
  {
    kind: 'a valid body from a site the widget is locked against',
    status: 403,
    send: (api, url, address) => api.post(url, validFeedback(), sentFrom(address, FORGED)),
  },
  {
    kind: 'a filled honeypot from the shop (answered 201, dropped)',
    status: 201,
    send: (api, url, address) =>
      api.post(url, validFeedback({ [FEEDBACK_HONEYPOT_FIELD]: 'https://spam.example' }), sentFrom(address, SHOP)),
  },
];

describe.each([
  { setup: 'one instance', start: oneInstance },
  { setup: 'two instances sharing Redis', start: twoInstancesSharingRedis },
])('the per-widget feedback limit on $setup', ({ start }) => {
  test(
    `${perWidget.limit} junk posts from ${SENDERS} addresses leave the widget's whole budget to its visitors, while each address gets its own 429`,
    async () => {
      const instances = await start();
      /** Requests take turns between the instances. */
      let turn = 0;
      const next = () => instances[turn++ % instances.length] as Instance;
      const widget = await widgetLockedToShop(next());
      const url = `/api/public/widget/${widget.key}/feedback`;

      for (let sender = 1; sender <= SENDERS; sender += 1) {
        const address = `203.0.113.${sender}`;
        for (let i = 0; i < perAddress.limit; i += 1) {
          const spam = SPAM[i % SPAM.length] as Spam;
          const response = await spam.send(next().api, url, address);
          expect(response.status, `${spam.kind} from ${address}`).toBe(spam.status);
          if (spam.status === 403) expect(response.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.hostsLocked });
        }
        // Past its own ceiling the address is refused, whatever it sends.
        expectLimited(
          await next().api.post<ApiErrorBody>(url, validFeedback(), sentFrom(address, SHOP)),
          perAddress.windowMs,
        );
      }

      // Visitors of the shop: the widget's whole minute is theirs, and only theirs counts against it.
      const answers = new Map<number, number>();
      for (let visitor = 1; visitor <= SENDERS; visitor += 1) {
        for (let i = 0; i < perAddress.limit; i += 1) {
          const message = `visitor ${visitor}, message ${i}`;
          const { status } = await next().api.post(
            url,
            validFeedback({ message }),
            sentFrom(`198.51.100.${visitor}`, SHOP),
          );
          answers.set(status, (answers.get(status) ?? 0) + 1);
        }
      }
      expect(Object.fromEntries(answers), 'how many visitors got each status').toEqual({ 201: perWidget.limit });
      const overWidget = await next().api.post<ApiErrorBody>(url, validFeedback(), sentFrom('198.51.100.200', SHOP));
      expectLimited(overWidget, perWidget.windowMs);

      const { server } = instances[0] as Instance;
      const stored = await server.db.selectFrom('feedback').select('id').where('widget_id', '=', widget._id).execute();
      expect(stored).toHaveLength(perWidget.limit);
    },
    MANY_POSTS_TIMEOUT_MS,
  );
});
