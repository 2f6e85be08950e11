import { describe, expect, test } from 'vitest';
import { timeUntil } from './time-until';

const now = new Date('2026-11-21T12:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

describe('timeUntil', () => {
  test('counts down in the largest whole unit', () => {
    expect(timeUntil(later(7 * 86_400 - 60), now)).toBe('in 6 days');
    expect(timeUntil(later(86_400), now)).toBe('in 1 day');
    expect(timeUntil(later(3 * 3600 + 59), now)).toBe('in 3 hours');
    expect(timeUntil(later(20 * 60), now)).toBe('in 20 minutes');
  });

  test('reads "soon" under a minute, once past, or for a time it cannot read', () => {
    expect(timeUntil(later(30), now)).toBe('soon');
    expect(timeUntil(later(-3600), now)).toBe('soon');
    expect(timeUntil('not a time', now)).toBe('soon');
  });
});
