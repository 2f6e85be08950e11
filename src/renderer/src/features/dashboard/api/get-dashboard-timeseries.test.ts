// @vitest-environment jsdom
import '../../../testing/setup';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { clearSession, setSession } from '../../../stores/session-store';
import { getTimeseriesInZone } from './get-dashboard-timeseries';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const UNKNOWN_ZONE = { message: 'Unknown time zone', issues: [{ path: 'tz', message: 'Unknown time zone' }] };
const DAYS = { days: [{ date: '2026-11-24', total: 2, byWidget: { w1: 2 } }] };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setSession({ id: 'u1', name: 'Jane', email: 'jane@example.com' }, 'Bearer abc');
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

test("a zone the server does not know falls back to UTC's days instead of no chart", async () => {
  fetchMock.mockResolvedValueOnce(json(400, UNKNOWN_ZONE)).mockResolvedValueOnce(json(200, DAYS));
  await expect(getTimeseriesInZone(30, 'Etc/Unknown')).resolves.toEqual(DAYS);
  expect(String(fetchMock.mock.calls[0]?.[0])).toContain('tz=Etc%2FUnknown');
  expect(String(fetchMock.mock.calls[1]?.[0])).toContain('tz=UTC');
});

test('any other failure is the failure: no second request', async () => {
  fetchMock.mockResolvedValueOnce(json(400, { message: 'Bad days', issues: [{ path: 'days', message: 'Bad days' }] }));
  await expect(getTimeseriesInZone(30, 'Europe/Berlin')).rejects.toThrow();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
