import { describe, expect, test } from 'vitest';
import { groupByDay } from './day-groups';

// Local times, so the test holds in any time zone the machine runs in.
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
const now = new Date(2026, 10, 21, 15);

describe('groupByDay', () => {
  test('runs of one local day each, Today and Yesterday by name, in the order given', () => {
    const items = [at(2026, 11, 21, 14), at(2026, 11, 21, 9), at(2026, 11, 20), at(2026, 11, 3), at(2026, 11, 3, 1)];
    const groups = groupByDay(items, (iso) => iso, now);
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['November 3, 2026', 2],
    ]);
  });

  test('nothing gives no groups', () => {
    expect(groupByDay([], (iso: string) => iso, now)).toEqual([]);
  });
});
