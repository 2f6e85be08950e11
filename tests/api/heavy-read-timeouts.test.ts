/**
 * On PostgreSQL a heavy read runs under its kind's statement timeout (server/heavy-reads/
 * heavy-read-rules.ts): one that runs past it is cancelled and answered 503 with the kind's
 * message, never a 500, and the other kinds keep their own time. The timeouts are shortened to a
 * millisecond here (the app's heavyReads option), under reads of ten thousand entries that take
 * several. The `postgres` vitest project alone runs this suite: SQLite cannot stop a read.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api';
import { STATUS_COUNT_CAP } from '../../src/shared/limits';
import { HEAVY_READ_RULES } from '../../server/heavy-reads/heavy-read-rules';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { seedRows } from '../helpers/seed-rows';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;

beforeAll(async () => {
  server = await startTestServer({
    clockStart: new Date('2030-05-10T09:00:00.000Z'),
    app: { heavyReads: { timeoutsMs: { counts: 1, dashboard: 1 } } },
  });
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  const widget = await createWidget(api, owner);
  const rows = Array.from({ length: STATUS_COUNT_CAP }, () => ({ message: 'Near the harbor' }));
  await seedRows(server, { workspaceId: owner.id, widgetId: widget._id, start: new Date('2030-05-01') }, rows);
}, 120_000);
afterAll(() => server.close());

describe('a heavy read past its time on PostgreSQL', () => {
  test('is stopped and answered 503 with what to do, by its kind', async () => {
    for (const [path, kind] of [
      ['/api/feedback/status-counts', 'counts'],
      ['/api/feedback/status-counts?q=harbor', 'counts'],
      ['/api/dashboard/timeseries?days=30&tz=UTC', 'dashboard'],
    ] as const) {
      const response = await api.get<ApiErrorBody>(path, { token: owner.token });
      expect(response.status, path).toBe(503);
      expect(response.body).toEqual({ message: HEAVY_READ_RULES[kind].tooSlow });
    }
  });

  test('leaves the other kinds their own time', async () => {
    const search = await api.get<{ feedbacks: unknown[] }>('/api/feedback?q=harbor&limit=50', { token: owner.token });
    expect(search.status, search.text).toBe(200);
    expect(search.body.feedbacks).toHaveLength(50);
    const exported = await api.get<unknown[]>('/api/feedback/export?format=json', { token: owner.token });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body).toHaveLength(STATUS_COUNT_CAP);
  });
});
