/**
 * What a self-hosting admin who bills outside Tellbox does (issue 3): set an account's plan from
 * the command line (`npm run admin -- set-plan …`, run here as its own process on the test
 * server's database), and override the plan table with the JSON file named by PLANS_FILE.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError } from '../../server/config';
import { loadPlanTable } from '../../server/plan-table';
import type { LimitsSummary, SubscriptionInfo } from '../../src/shared/api';
import { DEFAULT_PLANS, limitReachedMessage, planPrice, type Plan } from '../../src/shared/plans';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { runNode } from '../helpers/run-node';
import { startTestServer, type TestServer } from '../helpers/start-server';

const USAGE = 'Usage: npm run admin -- set-plan <email|workspace id> <free|pro|premium> [--until YYYY-MM-DD]';
const FREE: SubscriptionInfo = { plan: 'free', expiresAt: null, isActive: false, isToDelete: false };

let server: TestServer;
let api: ApiClient;
let tempDir: string;

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-01-10T12:00:00.000Z') });
  api = createApiClient(server.url);
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-admin-'));
});
afterAll(async () => {
  await server?.close();
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

/** `npm run admin -- <args>` against the test server's database. */
const admin = (...args: string[]) =>
  runNode('server/admin.ts', args, { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl });

async function subscriptionOf(owner: TestOwner): Promise<SubscriptionInfo> {
  const response = await api.get<SubscriptionInfo>('/api/user/subscription', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function limitsOf(owner: TestOwner): Promise<LimitsSummary> {
  const response = await api.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function writeJson(name: string, content: unknown): Promise<string> {
  const file = path.join(tempDir, name);
  await fs.writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('npm run admin -- set-plan', () => {
  test('set-plan puts an account on premium with no end date', async () => {
    const owner = await createOwner(server, api);
    expect(await subscriptionOf(owner)).toEqual(FREE);
    // E-mails are matched as the server stores them: trimmed, lower-case.
    const result = await admin('set-plan', owner.email.toUpperCase(), 'premium');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('premium');

    expect(await subscriptionOf(owner)).toEqual({
      plan: 'premium',
      expiresAt: null,
      isActive: true,
      isToDelete: false,
    });
    expect(await limitsOf(owner)).toMatchObject({ plan: 'premium', maxWidgets: null });
    for (let index = 0; index < 3; index += 1) await createWidget(api, owner, { name: `Widget ${index}` });

    // A plan without an end date does not end when time passes.
    server.clock.advance(400 * 24 * 60 * 60 * 1000);
    const login = await api.post<{ token: string }>('/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect((await subscriptionOf({ ...owner, token: login.body.token })).plan).toBe('premium');
    server.clock.advance(-400 * 24 * 60 * 60 * 1000);
  });

  test('--until sets an end date, after which the account is free; set-plan free ends it at once', async () => {
    const owner = await createOwner(server, api);
    const result = await admin('set-plan', owner.email, 'pro', '--until', '2030-02-01');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('2030-02-01T00:00:00.000Z');
    expect(await subscriptionOf(owner)).toEqual({
      plan: 'pro',
      expiresAt: '2030-02-01T00:00:00.000Z',
      isActive: true,
      isToDelete: false,
    });
    expect((await limitsOf(owner)).maxWidgets).toBe(5);

    const now = server.clock.now();
    server.clock.set(new Date('2030-02-01T00:00:01.000Z'));
    try {
      expect(await subscriptionOf(owner)).toEqual(FREE);
      expect((await limitsOf(owner)).maxWidgets).toBe(1);
    } finally {
      server.clock.set(now);
    }

    expect((await admin('set-plan', owner.email, 'free')).code).toBe(0);
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test('a workspace is named by its id; an owner of several is told their ids and nothing changes', async () => {
    const owner = await createOwner(server, api, { name: 'Two Spaces' });
    const second = await api.post<{ workspace: { _id: string } }>(
      '/api/workspaces',
      { name: 'Agency' },
      { token: owner.token },
    );
    const agency = second.body.workspace._id;
    const ambiguous = await admin('set-plan', owner.email, 'pro');
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(`${owner.email} owns 2 workspaces; name one by its id:`);
    expect(ambiguous.stderr).toContain(`  ${agency}  Agency`);
    expect(await subscriptionOf(owner)).toEqual(FREE);

    const byId = await admin('set-plan', agency, 'pro');
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain(`Agency (${agency}) is now on pro`);
    const inAgency = await api.get<SubscriptionInfo>('/api/user/subscription', {
      token: owner.token,
      headers: { 'Tellbox-Workspace': agency },
    });
    expect(inAgency.body.plan).toBe('pro');
    const inOwn = await api.get<SubscriptionInfo>('/api/user/subscription', {
      token: owner.token,
      headers: { 'Tellbox-Workspace': owner.id },
    });
    expect(inOwn.body).toEqual(FREE);
  });

  test('an unknown e-mail fails with a message and changes nothing', async () => {
    const owner = await createOwner(server, api);
    const result = await admin('set-plan', 'nobody-here@example.com', 'premium');
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain('No account with the e-mail nobody-here@example.com');
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });

  test('bad usage exits with code 2 and the usage line, changing nothing', async () => {
    const owner = await createOwner(server, api);
    const cases = [
      [],
      ['set-plan', owner.email],
      ['set-plan', owner.email, 'gold'],
      ['set-plan', owner.email, 'pro', '--until'],
      ['set-plan', owner.email, 'pro', '--until', 'next-tuesday'],
      ['grant', owner.email, 'pro'],
    ];
    const results = await Promise.all(cases.map((args) => admin(...args)));
    results.forEach((result, index) => {
      expect({ args: cases[index], code: result.code }).toEqual({ args: cases[index], code: 2 });
      expect(result.stderr).toContain(USAGE);
    });
    expect(await subscriptionOf(owner)).toEqual(FREE);
  });
});

describe('PLANS_FILE', () => {
  test('an override changes only what it names', async () => {
    expect(loadPlanTable(undefined)).toEqual(DEFAULT_PLANS);
    const file = await writeJson('two-widgets.json', {
      free: { limits: { maxWidgets: 2 } },
      pro: { monthlyPriceCents: 900, currency: 'eur', limits: { maxPosts: null } },
    });
    const table = loadPlanTable(file);
    const free: Plan = { ...DEFAULT_PLANS.free, limits: { ...DEFAULT_PLANS.free.limits, maxWidgets: 2 } };
    const pro: Plan = {
      ...DEFAULT_PLANS.pro,
      monthlyPriceCents: 900,
      currency: 'EUR',
      limits: { ...DEFAULT_PLANS.pro.limits, maxPosts: null },
    };
    expect(table).toEqual({ free, pro, premium: DEFAULT_PLANS.premium });
    expect(planPrice(table.pro, 'en-US')).toBe('€9');
    // The defaults themselves are untouched.
    expect(DEFAULT_PLANS.free.limits.maxWidgets).toBe(1);
    expect(planPrice(DEFAULT_PLANS.pro, 'en-US')).toBe('$7.99');
  });

  test('a file written before prices had a currency still loads: its priceText is ignored', async () => {
    const file = await writeJson('older.json', { pro: { priceText: '9,49 $', monthlyPriceCents: 949 } });
    const table = loadPlanTable(file);
    expect(table.pro).toEqual({ ...DEFAULT_PLANS.pro, monthlyPriceCents: 949 });
    expect(planPrice(table.pro, 'en-US')).toBe('$9.49');
  });

  test('a server started with the override lets a free account create two widgets and publishes it', async () => {
    const file = await writeJson('free-two.json', { free: { limits: { maxWidgets: 2 } } });
    const custom = await startTestServer({ plans: loadPlanTable(file) });
    try {
      const client = createApiClient(custom.url);
      const owner = await createOwner(custom, client);
      await createWidget(client, owner, { name: 'First' });
      await createWidget(client, owner, { name: 'Second' });
      const third = await client.post('/api/widget', VALID_WIDGET, { token: owner.token });
      expect(third.status).toBe(403);
      expect(third.body).toEqual({ message: limitReachedMessage('widgets', 2, DEFAULT_PLANS.free) });
      const limits = await client.get<LimitsSummary>('/api/user/limits/summary', { token: owner.token });
      expect(limits.body).toMatchObject({ plan: 'free', maxWidgets: 2, widgetCount: 2, canCreateWidget: false });

      const plans = await client.get<{ plans: (Plan & { features: string[] })[] }>('/api/public/plans');
      expect(plans.status).toBe(200);
      const freePlan = plans.body.plans.find((plan) => plan.id === 'free');
      expect(freePlan?.limits.maxWidgets).toBe(2);
      expect(freePlan?.features[0]).toBe('Up to 2 widgets');
      expect(plans.body.plans.find((plan) => plan.id === 'pro')?.limits.maxWidgets).toBe(5);
    } finally {
      await custom.close();
    }
    // The default server still has one free widget.
    const plans = await api.get<{ plans: Plan[] }>('/api/public/plans');
    expect(plans.body.plans.find((plan) => plan.id === 'free')?.limits.maxWidgets).toBe(1);
  });

  test.each([
    ['not JSON', '{ "free": { "limits": { "maxWidgets": 2 } }'],
    ['an unknown plan', { gold: { limits: { maxWidgets: 2 } } }],
    ['an unknown key in a plan', { free: { colour: 'gold' } }],
    ['an unknown limit', { free: { limits: { maxWidget: 2 } } }],
    ['a negative number', { free: { limits: { maxWidgets: -1 } } }],
    ['a fraction', { pro: { limits: { maxPosts: 1.5 } } }],
    ['a string for a number', { pro: { limits: { maxWidgets: 'many' } } }],
    ['a list instead of an object', [{ free: {} }]],
    ['a currency that is not an ISO 4217 code', { pro: { currency: '€' } }],
    ['an unknown currency code', { pro: { currency: 'XYZ' } }],
  ])('a file with %s is a configuration error naming PLANS_FILE', async (name, content) => {
    const file = await writeJson(`${name.replace(/\W+/g, '-')}.json`, content);
    expect(() => loadPlanTable(file)).toThrow(ConfigError);
    expect(() => loadPlanTable(file)).toThrow(/PLANS_FILE/);
  });

  test('a missing file is a configuration error naming PLANS_FILE', () => {
    const missing = path.join(tempDir, 'does-not-exist.json');
    expect(() => loadPlanTable(missing)).toThrow(ConfigError);
    expect(() => loadPlanTable(missing)).toThrow(/PLANS_FILE/);
  });

  test('the server refuses to start with a bad PLANS_FILE, naming it', async () => {
    const file = await writeJson('negative.json', { free: { limits: { maxWidgets: -1 } } });
    const dataDir = path.join(tempDir, 'refused-start');
    const result = await runNode('server/index.ts', [], {
      PORT: '0',
      DATA_DIR: dataDir,
      PLANS_FILE: file,
      LOG_LEVEL: 'silent',
    });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain('PLANS_FILE');
    expect(result.stderr).toContain('maxWidgets');
  });
});
