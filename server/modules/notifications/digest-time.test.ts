import { describe, expect, test } from 'vitest';
import { nextDigestAt } from './digest-time';

describe('nextDigestAt', () => {
  test("is today's hour in the zone when it is still ahead, else tomorrow's", () => {
    expect(nextDigestAt('Asia/Tokyo', 9, new Date('2030-05-10T23:30:00Z')).toISOString()).toBe(
      '2030-05-11T00:00:00.000Z',
    );
    expect(nextDigestAt('Asia/Tokyo', 9, new Date('2030-05-11T00:00:00Z')).toISOString()).toBe(
      '2030-05-12T00:00:00.000Z',
    );
    expect(nextDigestAt('UTC', 0, new Date('2030-05-10T12:00:00Z')).toISOString()).toBe('2030-05-11T00:00:00.000Z');
  });

  test('follows daylight saving time: 9:00 in Rome is 8:00 UTC in winter and 7:00 UTC in summer', () => {
    expect(nextDigestAt('Europe/Rome', 9, new Date('2030-01-15T12:00:00Z')).toISOString()).toBe(
      '2030-01-16T08:00:00.000Z',
    );
    expect(nextDigestAt('Europe/Rome', 9, new Date('2030-07-15T12:00:00Z')).toISOString()).toBe(
      '2030-07-16T07:00:00.000Z',
    );
    // The night clocks go forward (31 March 2030): the next 9:00 is already summer time.
    expect(nextDigestAt('Europe/Rome', 9, new Date('2030-03-30T12:00:00Z')).toISOString()).toBe(
      '2030-03-31T07:00:00.000Z',
    );
  });
});
