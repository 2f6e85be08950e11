/**
 * Rate limits on a server started with rate limiting on. The numbers come from RATE_LIMIT_RULES, the one place the server reads them.
 * Each scenario gets its own server, since every request here comes from the same loopback IP.
 * The public limits count in windows of the server's clock: each server's clock stands still at
 * the start of a window, so no burst here can straddle two windows, wherever the wall clock's
 * minute falls.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { ApiErrorBody, Widget } from '../../src/shared/api';
import { RATE_LIMIT_RULES } from '../../server/lib/rate-limit';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, uniqueEmail, validFeedback, type TestOwner } from '../helpers/factories';
import { expectLimited } from '../helpers/rate-limited';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/start-server';

/**
 * Password checks from one address run one at a time, and after a wrong password the next waits
 * twice as long as the check took (server/lib/one-at-a-time.ts): tens of logins from the test's one
 * address take as long as a hundred checks, which a busy 2-core machine stretches past 30 s.
 */
const SERIAL_LOGINS_TIMEOUT_MS = 90_000;

/** The start of a minute (and of an hour): the first instant of every rule's window. */
const WINDOW_START = new Date('2030-05-10T09:00:00.000Z');

const started: TestServer[] = [];

async function start(rateLimits: boolean, options: TestServerOptions = {}) {
  const server = await startTestServer({ rateLimits, ...options });
  server.clock.freeze(WINDOW_START);
  started.push(server);
  return { server, api: createApiClient(server.url) };
}

/** Mail goes out in the background to DATA_DIR/outbox; `close()` waits for it, then removes that folder. */
async function outboxFiles(server: TestServer): Promise<number> {
  return (await fs.readdir(path.join(server.dataDir, 'outbox')).catch(() => [])).length;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function feedbackCount(server: TestServer, widgetId: string): Promise<number> {
  const rows = await server.db.selectFrom('feedback').select('id').where('widget_id', '=', widgetId).execute();
  return rows.length;
}

async function premiumWidget(server: TestServer, api: ApiClient): Promise<{ owner: TestOwner; widget: Widget }> {
  const owner = await createOwner(server, api, { plan: 'premium' });
  return { owner, widget: await createWidget(api, owner) };
}

describe('public feedback is limited per IP', () => {
  const rule = RATE_LIMIT_RULES.feedbackPerIp;

  test(`request ${rule.limit + 1} within the window is a 429 with Retry-After, and only ${rule.limit} are stored`, async () => {
    const { server, api } = await start(true);
    const { widget } = await premiumWidget(server, api);
    const path = `/api/public/widget/${widget.key}/feedback`;
    for (let i = 0; i < rule.limit; i += 1) {
      const response = await api.post(path, validFeedback({ message: `message ${i}` }));
      expect(response.status).toBe(201);
    }
    const limited = await api.post<ApiErrorBody>(path, validFeedback({ message: 'one too many' }));
    expectLimited(limited, rule.windowMs);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(await feedbackCount(server, widget._id)).toBe(rule.limit);
    // The config stays readable: reading and writing have separate budgets.
    expect((await api.get(`/api/public/widget/${widget.key}`)).status).toBe(200);
  });

  test('a spoofed X-Forwarded-For neither resets nor splits the limit (TRUST_PROXY defaults to 0)', async () => {
    const { server, api } = await start(true);
    const { widget } = await premiumWidget(server, api);
    const path = `/api/public/widget/${widget.key}/feedback`;
    const statuses: number[] = [];
    for (let i = 0; i <= rule.limit + 2; i += 1) {
      const response = await api.post(path, validFeedback({ message: `spoof ${i}` }), {
        headers: { 'X-Forwarded-For': `203.0.113.${i + 1}`, 'X-Real-IP': `198.51.100.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(rule.limit).fill(201), 429, 429, 429]);
    expect(await feedbackCount(server, widget._id)).toBe(rule.limit);
  });

  test(`20 simultaneous posts get exactly ${rule.limit} × 201 (the counter is exact under races)`, async () => {
    const { server, api } = await start(true);
    const { widget } = await premiumWidget(server, api);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post<ApiErrorBody>(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message: `race ${i}` })),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(rule.limit);
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(20 - rule.limit);
    for (const response of limited) expectLimited(response, rule.windowMs);
    expect(await feedbackCount(server, widget._id)).toBe(rule.limit);
  });
});

describe("the public limits count in windows of the server's clock", () => {
  const rule = RATE_LIMIT_RULES.feedbackPerIp;
  const minute = RATE_LIMIT_RULES.publicConfigPerIp.windowMs;
  const CONFIG_LIMIT = 3;

  async function postFeedback(api: ApiClient, widget: Widget, message: string) {
    return api.post<ApiErrorBody>(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }));
  }

  test('a burst 5 ms before a window ends is counted in that one window, and told to retry in 1 s', async () => {
    const { server, api } = await start(true);
    const { widget } = await premiumWidget(server, api);
    server.clock.freeze(new Date(WINDOW_START.getTime() + rule.windowMs - 5));
    for (let i = 0; i < rule.limit; i += 1) expect((await postFeedback(api, widget, `late ${i}`)).status).toBe(201);
    const limited = await postFeedback(api, widget, 'one too many');
    expectLimited(limited, rule.windowMs);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe(`limit=${rule.limit}, remaining=0, reset=1`);
  });

  test('once the clock passes the window, the limits start again, without any real waiting', async () => {
    const { server, api } = await start(true, {
      env: { RATE_LIMIT_PUBLIC_CONFIG_PER_IP: String(CONFIG_LIMIT) },
    });
    const { widget } = await premiumWidget(server, api);
    // Halfway through a window: Retry-After counts the half that is left.
    server.clock.freeze(new Date(WINDOW_START.getTime() + rule.windowMs / 2));
    for (let i = 0; i < rule.limit; i += 1) expect((await postFeedback(api, widget, `first ${i}`)).status).toBe(201);
    const limited = await postFeedback(api, widget, 'one too many');
    expectLimited(limited, rule.windowMs);
    expect(limited.headers.get('retry-after')).toBe(String(rule.windowMs / 2000));
    const config = () => api.get<ApiErrorBody>(`/api/public/widget/${widget.key}`);
    for (let i = 0; i < CONFIG_LIMIT; i += 1) expect((await config()).status).toBe(200);
    const configLimited = await config();
    expectLimited(configLimited, minute);
    expect(configLimited.headers.get('retry-after')).toBe(String(minute / 2000));

    // A second before the window ends: still refused, and told so.
    server.clock.advance(rule.windowMs / 2 - 1000);
    const stillLimited = await postFeedback(api, widget, 'still too many');
    expectLimited(stillLimited, rule.windowMs);
    expect(stillLimited.headers.get('retry-after')).toBe('1');
    // The next window: both limits have their whole budget again.
    server.clock.advance(1000);
    expect((await postFeedback(api, widget, 'next window')).status).toBe(201);
    expect((await config()).status).toBe(200);
    expect(await feedbackCount(server, widget._id)).toBe(rule.limit + 1);
  });
});

describe('failed logins are limited per e-mail and address', () => {
  const rule = RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress;

  test(`failure ${rule.limit + 1} for one e-mail from one address is a 429, even with the right password, while another e-mail still gets 401`, async () => {
    expect(rule.limit + 4).toBeLessThan(RATE_LIMIT_RULES.loginPerAddress.limit);
    const { server, api } = await start(true);
    const victim = await createOwner(server, api);
    // Case and spaces do not make a new key: the e-mail is normalised first.
    const spellings = [victim.email, victim.email.toUpperCase(), `  ${victim.email}  `];
    for (let i = 0; i < rule.limit; i += 1) {
      const response = await api.post('/api/auth/login', {
        email: spellings[i % spellings.length],
        password: `wrong password ${i}`,
      });
      expect(response.status).toBe(401);
    }
    expectLimited(
      await api.post<ApiErrorBody>('/api/auth/login', { email: victim.email, password: 'still wrong' }),
      rule.windowMs,
    );
    expectLimited(
      await api.post<ApiErrorBody>('/api/auth/login', { email: victim.email, password: victim.password }),
      rule.windowMs,
    );

    const other = await api.post<ApiErrorBody>('/api/auth/login', {
      email: uniqueEmail('other'),
      password: 'wrong password',
    });
    expect(other.status).toBe(401);
    const bystander = await createOwner(server, api);
    expect(bystander.token).toMatch(/\S{20,}/);
  });

  test('successful logins do not use up the failure budget', async () => {
    const { server, api } = await start(true);
    const owner = await createOwner(server, api);
    for (let i = 0; i < rule.limit + 2; i += 1) {
      expect((await api.post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(200);
    }
  });

  test(
    'a spoofed X-Forwarded-For neither resets the per-e-mail limit nor splits the per-IP login limit',
    async () => {
      const { server, api } = await start(true);
      const owner = await createOwner(server, api);
      for (let i = 0; i < rule.limit; i += 1) {
        await api.post(
          '/api/auth/login',
          { email: owner.email, password: 'wrong password' },
          { headers: { 'X-Forwarded-For': `203.0.113.${i}` } },
        );
      }
      expectLimited(
        await api.post<ApiErrorBody>(
          '/api/auth/login',
          { email: owner.email, password: owner.password },
          { headers: { 'X-Forwarded-For': '198.51.100.77' } },
        ),
        rule.windowMs,
      );

      // Per IP: every login attempt counts, whatever e-mail and forwarded address it claims.
      const perIp = RATE_LIMIT_RULES.loginPerAddress;
      const used = rule.limit + 2; // the owner's own login, its failures and the limited attempt
      const statuses: number[] = [];
      for (let i = used; i <= perIp.limit; i += 1) {
        const response = await api.post(
          '/api/auth/login',
          { email: uniqueEmail('spoof'), password: 'wrong password' },
          { headers: { 'X-Forwarded-For': `192.0.2.${i}` } },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(perIp.limit - used).fill(401), 429]);
      // About 30 password checks from one address, one at a time (with a pause after each wrong one):
      // SERIAL_LOGINS_TIMEOUT_MS.
    },
    SERIAL_LOGINS_TIMEOUT_MS,
  );
});

describe('sign-up and e-mail sending are limited per IP', () => {
  test(`registration ${RATE_LIMIT_RULES.register.limit + 1} from one IP is a 429 and creates no account`, async () => {
    const rule = RATE_LIMIT_RULES.register;
    const { server, api } = await start(true);
    for (let i = 0; i < rule.limit; i += 1) {
      const response = await api.post('/api/auth/register', {
        name: 'Sign Up',
        email: uniqueEmail('signup'),
        password: 'a fine password',
      });
      expect(response.status).toBe(201);
    }
    const email = uniqueEmail('signup-limited');
    expectLimited(
      await api.post<ApiErrorBody>('/api/auth/register', { name: 'Sign Up', email, password: 'a fine password' }),
      rule.windowMs,
    );
    const users = await server.db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(rule.limit);
    expect(users.map((user) => user.email)).not.toContain(email);
    // One confirmation mail per accepted sign-up, none for the limited one: each sign-up hands its
    // mail over before it answers, so once the mailer is idle every mail there is has been written.
    await server.mailIdle();
    expect(await outboxFiles(server)).toBe(rule.limit);
  });

  test(`password-reset request ${RATE_LIMIT_RULES.emailLinks.limit + 1} from one IP is a 429 and issues no link`, async () => {
    const rule = RATE_LIMIT_RULES.emailLinks;
    const { server, api } = await start(true);
    for (let i = 0; i < rule.limit; i += 1) {
      expect((await api.post('/api/public/request-password-reset', { email: uniqueEmail('nobody') })).status).toBe(200);
    }
    const owner = await createOwner(server, api);
    const tokensBefore = await server.db
      .selectFrom('email_tokens')
      .select('id')
      .where('purpose', '=', 'reset-password')
      .execute();
    expectLimited(
      await api.post<ApiErrorBody>('/api/public/request-password-reset', { email: owner.email }),
      rule.windowMs,
    );
    const tokensAfter = await server.db
      .selectFrom('email_tokens')
      .select('id')
      .where('purpose', '=', 'reset-password')
      .execute();
    expect(tokensAfter).toHaveLength(tokensBefore.length);
  });

  test(`early-access sign-up ${RATE_LIMIT_RULES.earlyAccess.limit + 1} from one IP is a 429`, async () => {
    const rule = RATE_LIMIT_RULES.earlyAccess;
    const { server, api } = await start(true);
    for (let i = 0; i < rule.limit; i += 1) {
      expect((await api.post('/api/public/rebrand-submit', { email: uniqueEmail('early') })).status).toBe(201);
    }
    expectLimited(
      await api.post<ApiErrorBody>('/api/public/rebrand-submit', { email: uniqueEmail('early') }),
      rule.windowMs,
    );
    expect(await server.db.selectFrom('early_access').select('id').execute()).toHaveLength(rule.limit);
  });
});

describe('with rate limiting off (the default test server)', () => {
  test(
    '50 quick logins (half of them failures for one e-mail) and 50 feedback posts never get a 429',
    async () => {
      const { server, api } = await start(false);
      const owner = await createOwner(server, api, { plan: 'premium' });
      const widget = await createWidget(api, owner);
      expect(50).toBeGreaterThan(RATE_LIMIT_RULES.loginPerAddress.limit);
      expect(25).toBeGreaterThan(RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress.limit);
      const logins = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.post('/api/auth/login', {
            email: owner.email,
            password: i % 2 === 0 ? owner.password : 'wrong password',
          }),
        ),
      );
      expect(logins.map((response) => response.status)).toEqual(
        Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 200 : 401)),
      );
      const feedback = await Promise.all(
        Array.from({ length: 50 }, () => api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback())),
      );
      expect(new Set(feedback.map((response) => response.status))).toEqual(new Set([201]));
      expect(feedback.every((response) => response.headers.get('ratelimit') === null)).toBe(true);
      // 50 password checks from one address, one at a time: SERIAL_LOGINS_TIMEOUT_MS.
    },
    SERIAL_LOGINS_TIMEOUT_MS,
  );
});
