import { afterEach, describe, expect, test, vi } from 'vitest';
import { NO_SEARCH } from '../../../hooks/use-feedback-search-params';
import { datesInOrder, localDayStart, searchQuery } from './search-query';

/** The owner's time zone for one test (Node reads TZ again when it changes). */
function inZone(zone: string) {
  vi.stubEnv('TZ', zone);
}
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the search as the API takes it', () => {
  test("a day is the owner's day: from its midnight to the next, in New York and in Tokyo", () => {
    inZone('America/New_York');
    expect(searchQuery({ ...NO_SEARCH, from: '2026-11-24', to: '2026-11-24' })).toEqual({
      from: '2026-11-24T05:00:00.000Z',
      to: '2026-11-25T05:00:00.000Z',
    });
    inZone('Asia/Tokyo');
    expect(searchQuery({ ...NO_SEARCH, from: '2026-11-24', to: '2026-11-30' })).toEqual({
      from: '2026-11-23T15:00:00.000Z',
      to: '2026-11-30T15:00:00.000Z',
    });
  });

  test('the day the clocks go forward is 23 hours long, and the last day of a month runs into the next', () => {
    inZone('America/New_York');
    expect(localDayStart('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(localDayStart('2026-03-08', 1)).toBe('2026-03-09T04:00:00.000Z');
    inZone('UTC');
    expect(localDayStart('2026-12-31', 1)).toBe('2027-01-01T00:00:00.000Z');
    expect(localDayStart('2028-02-28', 1)).toBe('2028-02-29T00:00:00.000Z');
  });

  test('words go as they are; an open end is left out', () => {
    inZone('UTC');
    expect(searchQuery({ ...NO_SEARCH, q: 'checkout' })).toEqual({ q: 'checkout' });
    expect(searchQuery({ ...NO_SEARCH, from: '2026-11-01' })).toEqual({ from: '2026-11-01T00:00:00.000Z' });
    expect(searchQuery({ ...NO_SEARCH, to: '2026-11-01' })).toEqual({ to: '2026-11-02T00:00:00.000Z' });
    expect(searchQuery(NO_SEARCH)).toEqual({});
  });

  test('whose feedback goes as the API names it: me, or none for nobody', () => {
    expect(searchQuery({ ...NO_SEARCH, assignee: 'me' })).toEqual({ assignee: 'me' });
    expect(searchQuery({ ...NO_SEARCH, q: 'refund', assignee: 'none' })).toEqual({ q: 'refund', assignee: 'none' });
  });

  test('dates that end before they start are not sent (the words still are)', () => {
    inZone('UTC');
    const backwards = { ...NO_SEARCH, q: 'refund', from: '2026-11-24', to: '2026-11-01' };
    expect(datesInOrder(backwards)).toBe(false);
    expect(searchQuery(backwards)).toEqual({ q: 'refund' });
    expect(datesInOrder({ from: '2026-11-24', to: '2026-11-24' })).toBe(true);
  });
});
