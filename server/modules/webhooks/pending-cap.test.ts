import { describe, expect, test } from 'vitest';
import { NOT_SENT_REASON, splitByPendingCap, wasNotSent } from './pending-cap';

const rows = (owner: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${owner}-${i + 1}`, workspace_id: owner }));
const ids = (list: { id: string }[]) => list.map((row) => row.id);

describe('the cap on waiting deliveries', () => {
  test("fills each owner's room in order and refuses the rest; other owners are not affected", () => {
    const waiting = new Map([
      ['a', 8],
      ['b', 10],
    ]);
    const { queued, refused } = splitByPendingCap([...rows('a', 3), ...rows('b', 1), ...rows('c', 2)], waiting, 10);
    expect(ids(queued)).toEqual(['a-1', 'a-2', 'c-1', 'c-2']);
    expect(ids(refused)).toEqual(['a-3', 'b-1']);
  });

  test('a refusal is told apart from every failure of a send', () => {
    expect(wasNotSent(NOT_SENT_REASON)).toBe(true);
    for (const error of [null, 'Timed out after 5 s', 'Connection refused', 'The endpoint answered 503']) {
      expect(wasNotSent(error)).toBe(false);
    }
  });
});
