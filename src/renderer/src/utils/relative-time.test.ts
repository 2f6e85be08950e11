import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [5, 'just now'],
    [60, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [2 * 3600, '2 hours ago'],
    [24 * 3600, '1 day ago'],
    [3 * 7 * 24 * 3600, '3 weeks ago'],
    [400 * 24 * 3600, '1 year ago'],
    [-30, 'just now'],
  ])('%i s before now reads "%s"', (seconds, expected) => {
    expect(timeAgo(ago(seconds), NOW)).toBe(expected);
  });

  it('reads nothing for a time it cannot parse', () => {
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
