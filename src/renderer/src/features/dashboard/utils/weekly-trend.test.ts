import { describe, expect, test } from 'vitest';
import type { TimeseriesDay } from '../../../../../shared/api';
import { trendText, weeklyTrend } from './weekly-trend';

/** Days oldest first, today last, from their totals. */
function days(...totals: number[]): TimeseriesDay[] {
  return totals.map((total, index) => {
    const byWidget: Record<string, number> = total ? { w1: total } : {};
    return { date: `2026-11-${String(index + 1).padStart(2, '0')}`, total, byWidget };
  });
}

const week = (...totals: number[]) => {
  expect(totals).toHaveLength(7);
  return totals;
};

describe('weeklyTrend', () => {
  test('this week is the last 7 days with today; last week the 7 before; older days do not count', () => {
    const trend = weeklyTrend(days(100, 100, ...week(1, 1, 1, 1, 1, 1, 4), ...week(2, 0, 0, 3, 0, 0, 7)));
    expect(trend).toMatchObject({ thisWeek: 12, lastWeek: 10, direction: 'up' });
    expect(trend.percent).toBeCloseTo(20);
    expect(trendText(trend)).toBe('Up 20% vs last week');
  });

  test('fewer than last week reads Down, with the percentage rounded', () => {
    const trend = weeklyTrend(days(...week(3, 0, 0, 0, 0, 0, 0), ...week(1, 0, 0, 0, 0, 0, 0)));
    expect(trend).toMatchObject({ thisWeek: 1, lastWeek: 3, direction: 'down' });
    expect(trendText(trend)).toBe('Down 67% vs last week');
  });

  test('the same count both weeks', () => {
    const trend = weeklyTrend(days(...week(0, 5, 0, 0, 0, 0, 0), ...week(0, 0, 0, 0, 0, 0, 5)));
    expect(trend.direction).toBe('same');
    expect(trendText(trend)).toBe('Same as last week');
  });

  test('nothing last week: no percentage of zero, the words say so', () => {
    const up = weeklyTrend(days(...week(0, 0, 0, 0, 0, 0, 0), ...week(0, 0, 2, 0, 0, 0, 1)));
    expect(up).toMatchObject({ thisWeek: 3, lastWeek: 0, direction: 'up', percent: null });
    expect(trendText(up)).toBe('Up from none last week');
    expect(trendText(weeklyTrend(days(...week(0, 0, 0, 0, 0, 0, 0), ...week(0, 0, 0, 0, 0, 0, 0))))).toBe(
      'Same as last week',
    );
  });

  test('everything gone this week is Down 100%', () => {
    expect(trendText(weeklyTrend(days(...week(4, 0, 0, 0, 0, 0, 0), ...week(0, 0, 0, 0, 0, 0, 0))))).toBe(
      'Down 100% vs last week',
    );
  });

  test('a change under half a percent is never shown as 0%', () => {
    const trend = weeklyTrend(days(...week(1000, 0, 0, 0, 0, 0, 0), ...week(1001, 0, 0, 0, 0, 0, 0)));
    expect(trendText(trend)).toBe('Up less than 1% vs last week');
  });

  test('a new account with less than two weeks of days', () => {
    const trend = weeklyTrend(days(2, 3));
    expect(trend).toMatchObject({ thisWeek: 5, lastWeek: 0, direction: 'up' });
  });
});
