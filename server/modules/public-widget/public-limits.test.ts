import { describe, expect, test } from 'vitest';
import { createPublicLimit } from './public-limits';

const MINUTE = 60_000;
const WINDOW_START = Date.UTC(2030, 4, 10, 9, 0);

/** A limit of 2 a minute on a clock the test sets. */
function limitAt(start: number) {
  let now = start;
  const limit = createPublicLimit({ name: 'test', limit: 2, windowMs: MINUTE, now: () => now });
  return { limit, setNow: (at: number) => (now = at) };
}

describe('a public limit', () => {
  test('counts in windows of the clock it is given, not of the wall clock', () => {
    const { limit, setNow } = limitAt(WINDOW_START + MINUTE - 1);
    expect([limit.hit('a'), limit.hit('a'), limit.hit('a')]).toEqual([true, true, false]);
    // Another key has its own count.
    expect(limit.hit('b')).toBe(true);
    setNow(WINDOW_START + MINUTE);
    expect(limit.hit('a')).toBe(true);
    limit.close();
  });

  test('tells a refused client the whole seconds left in the window, at least one', () => {
    const { limit, setNow } = limitAt(WINDOW_START + 20_500);
    limit.hit('a');
    expect(limit.secondsToReset()).toBe(40);
    setNow(WINDOW_START + MINUTE - 1);
    expect(limit.secondsToReset()).toBe(1);
    limit.close();
  });
});
