import { describe, expect, test } from 'vitest';
import type { TimeseriesDay } from '../../../../../shared/api';
import { chartData, MAX_NAMED_SERIES, OTHER_SERIES_KEY } from './chart-data';

const day = (date: string, byWidget: Record<string, number>): TimeseriesDay => ({
  date,
  byWidget,
  total: Object.values(byWidget).reduce((sum, count) => sum + count, 0),
});

describe('chartData', () => {
  test('one series per widget with feedback, largest first, with a count for every day', () => {
    const data = chartData(
      [day('2026-11-22', { a: 1 }), day('2026-11-23', {}), day('2026-11-24', { a: 1, b: 3 })],
      [
        { _id: 'a', name: 'Shop' },
        { _id: 'b', name: 'Blog' },
        { _id: 'c', name: 'Quiet site' },
      ],
    );
    expect(data.series).toEqual([
      { key: 'b', name: 'Blog', total: 3 },
      { key: 'a', name: 'Shop', total: 2 },
    ]);
    expect(data.days).toEqual([
      { date: '2026-11-22', total: 1, counts: { a: 1, b: 0 } },
      { date: '2026-11-23', total: 0, counts: { a: 0, b: 0 } },
      { date: '2026-11-24', total: 4, counts: { a: 1, b: 3 } },
    ]);
    expect(data.total).toBe(5);
    expect(data.peak).toBe(4);
  });

  test('past the named series, the smallest widgets are summed as Other widgets', () => {
    const widgets = Array.from({ length: MAX_NAMED_SERIES + 2 }, (_, i) => ({ _id: `w${i}`, name: `Site ${i}` }));
    // w0 has the most feedback, w6 the least.
    const byWidget = Object.fromEntries(widgets.map((w, i) => [w._id, 10 - i]));
    const data = chartData([day('2026-11-24', byWidget)], widgets);
    expect(data.series).toHaveLength(MAX_NAMED_SERIES);
    expect(data.series.map((s) => s.name)).toEqual(['Site 0', 'Site 1', 'Site 2', 'Site 3', 'Other widgets']);
    expect(data.series[MAX_NAMED_SERIES - 1]).toEqual({
      key: OTHER_SERIES_KEY,
      name: 'Other widgets',
      total: 6 + 5 + 4,
    });
    expect(data.days[0]?.counts[OTHER_SERIES_KEY]).toBe(15);
    expect(data.days[0]?.total).toBe(49);
  });

  test('no feedback in the span: no series, total 0 (the card shows its empty state)', () => {
    const data = chartData([day('2026-11-23', {}), day('2026-11-24', {})], [{ _id: 'a', name: 'Shop' }]);
    expect(data.series).toEqual([]);
    expect(data.total).toBe(0);
  });

  test('equal totals are ordered by name, so the colours do not swap between refreshes', () => {
    const data = chartData(
      [day('2026-11-24', { z: 2, y: 2 })],
      [
        { _id: 'z', name: 'Beta' },
        { _id: 'y', name: 'Alpha' },
      ],
    );
    expect(data.series.map((s) => s.name)).toEqual(['Alpha', 'Beta']);
  });
});
