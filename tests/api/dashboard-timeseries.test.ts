/**
 * `GET /api/dashboard/timeseries`: visible feedback per calendar day of the owner's time zone, in
 * total and per widget. Feedback is sent through the public API with the server's clock set to
 * each moment, so it is stored (and counted against the plan's cap) as a visitor's would be.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody, DashboardOverview, DashboardTimeseries, TimeseriesDay } from '../../src/shared/api';
import { TIMESERIES_DAYS_MESSAGE, TIME_ZONE_MESSAGE } from '../../src/shared/schemas';
import { monthKey } from '../../server/lib/time';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, setPlan, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-03-10T12:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** Sends one feedback through the widget as if at `at` (the test clock runs on: a few ms later). */
async function sendAt(at: string, siteKey: string) {
  server.clock.set(new Date(at));
  const response = await api.post(`/api/public/widget/${siteKey}/feedback`, validFeedback());
  expect(response.status, response.text).toBe(201);
}

async function timeseries(owner: TestOwner, query: string, now: string): Promise<TimeseriesDay[]> {
  server.clock.set(new Date(now));
  const response = await api.get<DashboardTimeseries>(`/api/dashboard/timeseries${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body.days;
}

/** The days that had feedback, as `date → total`. */
const totals = (days: TimeseriesDay[]) =>
  Object.fromEntries(days.filter((day) => day.total > 0).map((day) => [day.date, day.total]));

describe('GET /api/dashboard/timeseries', () => {
  test('counts per day and per widget over the last 30 days; quiet days are zeros; oldest first, today last', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    await sendAt('2030-02-08T23:59:50.000Z', shop.key); // the day before the first: left out
    await sendAt('2030-02-09T00:00:00.000Z', shop.key); // the first day's first instant
    await sendAt('2030-03-08T10:00:00.000Z', shop.key);
    await sendAt('2030-03-08T10:05:00.000Z', shop.key);
    await sendAt('2030-03-08T23:59:50.000Z', blog.key);
    await sendAt('2030-03-10T00:00:00.000Z', shop.key);
    await sendAt('2030-03-10T11:59:00.000Z', blog.key);

    const days = await timeseries(owner, '', '2030-03-10T12:00:00.000Z');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2030-02-09', total: 1, byWidget: { [shop._id]: 1 } });
    expect(days.at(-1)).toEqual({ date: '2030-03-10', total: 2, byWidget: { [shop._id]: 1, [blog._id]: 1 } });
    expect(days.find((day) => day.date === '2030-03-08')).toEqual({
      date: '2030-03-08',
      total: 3,
      byWidget: { [shop._id]: 2, [blog._id]: 1 },
    });
    expect(totals(days)).toEqual({ '2030-02-09': 1, '2030-03-08': 3, '2030-03-10': 2 });
    const quiet = days.filter((day) => !['2030-02-09', '2030-03-08', '2030-03-10'].includes(day.date));
    expect(quiet).toHaveLength(27);
    for (const day of quiet) expect(day).toEqual({ date: day.date, total: 0, byWidget: {} });
    // Every calendar day once, in order (2030 is not a leap year: 9 February + 28 … 10 March).
    const dates = days.map((day) => day.date);
    expect(dates.slice(18, 22)).toEqual(['2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02']);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
  });

  test('days=1 is today alone; days=90 reaches back 89 days', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendAt('2029-12-11T00:00:00.000Z', widget.key);
    await sendAt('2029-12-10T23:59:50.000Z', widget.key);
    await sendAt('2030-03-09T23:00:00.000Z', widget.key);
    await sendAt('2030-03-10T08:00:00.000Z', widget.key);

    expect(await timeseries(owner, '?days=1', '2030-03-10T12:00:00.000Z')).toEqual([
      { date: '2030-03-10', total: 1, byWidget: { [widget._id]: 1 } },
    ]);
    const ninety = await timeseries(owner, '?days=90', '2030-03-10T12:00:00.000Z');
    expect(ninety).toHaveLength(90);
    expect(ninety[0]?.date).toBe('2029-12-11');
    expect(totals(ninety)).toEqual({ '2029-12-11': 1, '2030-03-09': 1, '2030-03-10': 1 });
  });

  test('tz decides the day: a late evening in UTC is the next day in Rome, and the day before in New York', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendAt('2030-03-09T23:30:00.000Z', widget.key); // Rome 00:30 on the 10th; New York 18:30 on the 9th
    await sendAt('2030-03-10T03:00:00.000Z', widget.key); // Rome 04:00 on the 10th; New York 22:00 on the 9th
    const now = '2030-03-10T12:00:00.000Z';
    expect(totals(await timeseries(owner, '?days=2', now))).toEqual({ '2030-03-09': 1, '2030-03-10': 1 });
    expect(totals(await timeseries(owner, '?days=2&tz=UTC', now))).toEqual({ '2030-03-09': 1, '2030-03-10': 1 });
    expect(totals(await timeseries(owner, '?days=2&tz=Europe/Rome', now))).toEqual({ '2030-03-10': 2 });
    expect(totals(await timeseries(owner, '?days=2&tz=America/New_York', now))).toEqual({ '2030-03-09': 2 });
    // Today is the zone's today: at 12:00 UTC it is already the 11th in Kiritimati (UTC+14).
    const kiritimati = await timeseries(owner, '?days=2&tz=Pacific/Kiritimati', now);
    expect(kiritimati.map((day) => day.date)).toEqual(['2030-03-10', '2030-03-11']);
  });

  test('across a DST change each day keeps its own offset (New York springs forward on 10 March 2030)', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const widget = await createWidget(api, owner);
    await sendAt('2030-03-10T04:30:00.000Z', widget.key); // 23:30 EST on the 9th: before the window
    await sendAt('2030-03-10T05:00:00.000Z', widget.key); // 00:00 EST on the 10th
    await sendAt('2030-03-11T03:59:00.000Z', widget.key); // 23:59 EDT on the 10th
    await sendAt('2030-03-11T04:00:00.000Z', widget.key); // 00:00 EDT on the 11th
    const days = await timeseries(owner, '?days=2&tz=America/New_York', '2030-03-11T12:00:00.000Z');
    expect(days).toEqual([
      { date: '2030-03-10', total: 2, byWidget: { [widget._id]: 2 } },
      { date: '2030-03-11', total: 1, byWidget: { [widget._id]: 1 } },
    ]);
  });

  test("feedback hidden by the free plan's monthly cap is not counted, as the inbox and the overview don't", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    server.clock.set(new Date('2030-03-10T09:00:00.000Z'));
    // 49 stored this month already (the counters are what the cap reads): the 50th shows, the rest hide.
    const month = monthKey(server.clock.now());
    await server.db
      .insertInto('feedback_counters')
      .values([
        { workspace_id: owner.id, scope: 'account', month, count: 49 },
        { workspace_id: owner.id, scope: widget._id, month, count: 49 },
      ])
      .execute();
    await sendAt('2030-03-10T09:00:00.000Z', widget.key);
    await sendAt('2030-03-10T09:01:00.000Z', widget.key);
    await sendAt('2030-03-10T09:02:00.000Z', widget.key);

    const days = await timeseries(owner, '?days=7', '2030-03-10T12:00:00.000Z');
    expect(totals(days)).toEqual({ '2030-03-10': 1 });
    const overview = await api.get<DashboardOverview>('/api/dashboard/overview', { token: owner.token });
    expect(overview.body.totalFeedback).toBe(1);

    // An upgrade shows them all, here as in the inbox.
    await setPlan(server, owner.email, 'premium');
    expect(totals(await timeseries(owner, '?days=7', '2030-03-10T12:00:00.000Z'))).toEqual({ '2030-03-10': 3 });
  });

  test("another owner's feedback is never counted", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const other = await createOwner(server, api, { plan: 'premium' });
    const mine = await createWidget(api, owner);
    const theirs = await createWidget(api, other);
    await sendAt('2030-03-10T10:00:00.000Z', mine.key);
    await sendAt('2030-03-10T10:00:00.000Z', theirs.key);
    await sendAt('2030-03-10T10:30:00.000Z', theirs.key);

    const now = '2030-03-10T12:00:00.000Z';
    expect(await timeseries(owner, '?days=1', now)).toEqual([
      { date: '2030-03-10', total: 1, byWidget: { [mine._id]: 1 } },
    ]);
    expect(await timeseries(other, '?days=1', now)).toEqual([
      { date: '2030-03-10', total: 2, byWidget: { [theirs._id]: 2 } },
    ]);
  });

  test('a bad days or tz is a 400 naming the parameter', async () => {
    const owner = await createOwner(server, api);
    const cases: [string, string, string][] = [
      ['?days=0', 'days', TIMESERIES_DAYS_MESSAGE],
      ['?days=91', 'days', TIMESERIES_DAYS_MESSAGE],
      ['?days=abc', 'days', TIMESERIES_DAYS_MESSAGE],
      ['?days=1&days=2', 'days', TIMESERIES_DAYS_MESSAGE],
      ['?tz=Mars/Base', 'tz', TIME_ZONE_MESSAGE],
      ['?tz=%2B01:00', 'tz', TIME_ZONE_MESSAGE],
    ];
    for (const [query, path, message] of cases) {
      const response = await api.get<ApiErrorBody>(`/api/dashboard/timeseries${query}`, { token: owner.token });
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({ message, issues: [{ path, message }] });
    }
  });

  test('is never cached, like every owner answer', async () => {
    const owner = await createOwner(server, api);
    const response = await api.get('/api/dashboard/timeseries?days=7', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('answers 401 without a session', async () => {
    expect((await api.get('/api/dashboard/timeseries')).status).toBe(401);
    expect((await api.get('/api/dashboard/timeseries', { token: 'not-a-token' })).status).toBe(401);
  });
});
