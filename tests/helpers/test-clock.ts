import type { Clock } from '../../server/lib/time';

/** A clock tests can move forward (expiry, month boundaries) while the server runs. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
  /**
   * Stops the clock where it is (or at `date`): it reads the same until advanced or set, so a test
   * can put the server just before a boundary (a rate-limit window, an expiry) and stay there.
   */
  freeze(date?: Date): void;
}

export function createTestClock(start?: Date): TestClock {
  let offset = start ? start.getTime() - Date.now() : 0;
  /** The frozen reading, or undefined while the clock runs with real time. */
  let frozen: number | undefined;
  return {
    now: () => new Date(frozen ?? Date.now() + offset),
    advance(ms) {
      if (frozen === undefined) offset += ms;
      else frozen += ms;
    },
    set(date) {
      if (frozen === undefined) offset = date.getTime() - Date.now();
      else frozen = date.getTime();
    },
    freeze(date) {
      frozen = (date ?? new Date(frozen ?? Date.now() + offset)).getTime();
    },
  };
}

/** Moves server time forward for the duration of `run`, then back. */
export async function withClockAdvanced<T>(clock: TestClock, ms: number, run: () => Promise<T>): Promise<T> {
  clock.advance(ms);
  try {
    return await run();
  } finally {
    clock.advance(-ms);
  }
}
