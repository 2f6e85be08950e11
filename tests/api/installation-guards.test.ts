/**
 * Installations cannot be squatted: a widget registers at most a few new sites an hour whatever
 * the plan, the owner's widget list stays small however many it has (the rest come in pages), and
 * an owner can lock a widget to the sites it already has.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  NEW_HOSTS_PER_WIDGET_PER_HOUR,
  PUBLIC_WIDGET_MESSAGES,
} from '../../server/modules/public-widget/public-widget.service';
import { WIDGET_MESSAGES } from '../../server/modules/widgets/widgets.service';
import type {
  ApiErrorBody,
  Installation,
  InstallationListResponse,
  Widget,
  WidgetListResponse,
} from '../../src/shared/api';
import { INSTALLATIONS_PREVIEW_SIZE } from '../../src/shared/schemas';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const HOUR_MS = 60 * 60 * 1000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

const configFrom = (key: string, origin: string) =>
  api.get<ApiErrorBody>(`/api/public/widget/${key}`, { headers: { Origin: origin } });
const feedbackFrom = (key: string, origin: string) =>
  api.post<ApiErrorBody>(`/api/public/widget/${key}/feedback`, validFeedback(), { headers: { Origin: origin } });

async function storedHosts(widgetId: string): Promise<string[]> {
  const rows = await server.db
    .selectFrom('installations')
    .select('host')
    .where('widget_id', '=', widgetId)
    .orderBy('created_at')
    .orderBy('host')
    .execute();
  return rows.map((row) => row.host);
}

function statusCounts(responses: ApiResponse<unknown>[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** Registers `count` hosts named `prefix-N.example`, a new hour for every hourly quota. */
async function registerHosts(widget: Widget, prefix: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    if (index > 0 && index % NEW_HOSTS_PER_WIDGET_PER_HOUR === 0) server.clock.advance(HOUR_MS);
    expect((await configFrom(widget.key, `https://${prefix}-${index}.example`)).status).toBe(200);
  }
}

function listInstallations(owner: TestOwner, widgetId: string, query = '') {
  return api.get<InstallationListResponse & ApiErrorBody>(`/api/widget/${widgetId}/installations${query}`, {
    token: owner.token,
  });
}

describe('new sites per widget per hour', () => {
  test('400 forged origins on a premium widget register only the hourly quota, and the widget list stays small', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    const responses: ApiResponse<ApiErrorBody>[] = [];
    for (let start = 0; start < 400; start += 50) {
      const wave = Array.from({ length: 50 }, (_, i) => configFrom(widget.key, `https://forged-${start + i}.example`));
      responses.push(...(await Promise.all(wave)));
    }

    expect(statusCounts(responses)).toEqual({
      200: NEW_HOSTS_PER_WIDGET_PER_HOUR,
      403: 400 - NEW_HOSTS_PER_WIDGET_PER_HOUR,
    });
    for (const refused of responses.filter((response) => response.status === 403)) {
      expect(refused.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.tooManyNewHosts });
    }
    expect(PUBLIC_WIDGET_MESSAGES.tooManyNewHosts).toBe(
      'This widget was added to 10 new websites in the last hour, the most allowed. Try again later.',
    );
    expect(await storedHosts(widget._id)).toHaveLength(NEW_HOSTS_PER_WIDGET_PER_HOUR);

    const listed = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(listed.text.length).toBeLessThan(2000);
    const [summary] = listed.body.widgets;
    expect(summary?.installationCount).toBe(NEW_HOSTS_PER_WIDGET_PER_HOUR);
    expect(summary?.installations).toHaveLength(INSTALLATIONS_PREVIEW_SIZE);

    // A site that got in keeps working, for feedback too; a refused one stays refused this hour.
    const admitted = responses.findIndex((response) => response.status === 200);
    expect((await feedbackFrom(widget.key, `https://forged-${admitted}.example`)).status).toBe(201);
    const refusedIndex = responses.findIndex((response) => response.status === 403);
    const again = await feedbackFrom(widget.key, `https://forged-${refusedIndex}.example`);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.tooManyNewHosts });

    // An hour after the registrations, new sites register again.
    server.clock.advance(HOUR_MS);
    expect((await configFrom(widget.key, 'https://next-hour.example')).status).toBe(200);
  });
});

describe('GET /api/widget/:id/installations', () => {
  let owner: TestOwner;
  let widget: Widget;
  const TOTAL = 25;

  beforeAll(async () => {
    owner = await createOwner(server, api, { plan: 'premium' });
    widget = await createWidget(api, owner);
    await registerHosts(widget, 'site', TOTAL);
  });

  test('pages through every installation, oldest first, each exactly once', async () => {
    const seen: Installation[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=10&cursor=${encodeURIComponent(cursor)}` : '?limit=10';
      const page = await listInstallations(owner, widget._id, query);
      expect(page.status).toBe(200);
      sizes.push(page.body.installations.length);
      seen.push(...page.body.installations);
      cursor = page.body.nextCursor;
    } while (cursor !== null);

    expect(sizes).toEqual([10, 10, 5]);
    expect(seen.map((installation) => installation.host)).toEqual(await storedHosts(widget._id));
    expect(new Set(seen.map((installation) => installation.host)).size).toBe(TOTAL);
    const listed = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
    expect(listed.body.widgets[0]?.installations).toEqual(seen.slice(0, INSTALLATIONS_PREVIEW_SIZE));
    expect(listed.body.widgets[0]?.installationCount).toBe(TOTAL);
  });

  test('answers 20 by default, and a removed installation leaves the list', async () => {
    const first = await listInstallations(owner, widget._id);
    expect(first.status).toBe(200);
    expect(first.body.installations).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const removed = await api.delete(`/api/widget/${widget._id}/installations/site-0.example`, { token: owner.token });
    expect(removed.status).toBe(200);
    const all = await listInstallations(owner, widget._id, '?limit=100');
    expect(all.body.installations.map((installation) => installation.host)).not.toContain('site-0.example');
    expect(all.body.installations).toHaveLength(TOTAL - 1);
    expect(all.body.nextCursor).toBeNull();
  });

  test('a bad limit or cursor is a 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?cursor=not-a-cursor']) {
      const response = await listInstallations(owner, widget._id, query);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });

  test("another owner's widget is 404 exactly like an unknown id, and 401 without a token", async () => {
    const intruder = await createOwner(server, api, { plan: 'premium' });
    const foreign = await listInstallations(intruder, widget._id);
    const unknown = await listInstallations(intruder, MISSING_ID);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: WIDGET_MESSAGES.notFound });
    expect(foreign.text).toBe(unknown.text);
    expect((await api.get(`/api/widget/${widget._id}/installations`)).status).toBe(401);
  });
});

describe('locking a widget to its sites', () => {
  test('a locked widget refuses a new site and keeps serving its own; unlocking lets the new one in', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const widget = await createWidget(api, owner);
    expect(widget.lockHosts).toBe(false);
    // Served (and cached) before the lock, so the lock must reach the cached config too.
    expect((await configFrom(widget.key, 'https://own.example')).status).toBe(200);

    const locked = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, lockHosts: true },
      { token: owner.token },
    );
    expect(locked.status).toBe(200);
    expect(locked.body.widget.lockHosts).toBe(true);

    for (const refused of [
      await configFrom(widget.key, 'https://new.example'),
      await feedbackFrom(widget.key, 'https://new.example'),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.hostsLocked });
    }
    expect((await configFrom(widget.key, 'https://own.example')).status).toBe(200);
    expect((await feedbackFrom(widget.key, 'https://own.example')).status).toBe(201);
    expect(await storedHosts(widget._id)).toEqual(['own.example']);

    // An edit that leaves the lock out keeps it.
    const renamed = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, name: 'Renamed' },
      { token: owner.token },
    );
    expect(renamed.body.widget.lockHosts).toBe(true);
    expect((await configFrom(widget.key, 'https://new.example')).status).toBe(403);

    const unlocked = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, lockHosts: false },
      { token: owner.token },
    );
    expect(unlocked.body.widget.lockHosts).toBe(false);
    expect((await configFrom(widget.key, 'https://new.example')).status).toBe(200);
    expect(await storedHosts(widget._id)).toEqual(['own.example', 'new.example']);
  });

  test('a widget created locked registers no site at all', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner, { lockHosts: true });
    expect(widget.lockHosts).toBe(true);
    expect((await configFrom(widget.key, 'https://first.example')).status).toBe(403);
    expect(await storedHosts(widget._id)).toEqual([]);
  });

  test('lockHosts must be a boolean', async () => {
    const owner = await createOwner(server, api);
    const response = await api.post<ApiErrorBody>(
      '/api/widget',
      { ...VALID_WIDGET, lockHosts: 'yes' },
      { token: owner.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.issues).toContainEqual({ path: 'lockHosts', message: 'Expected boolean, received string' });
  });
});
