import type { Clock } from '../../server/lib/time';

/** A clock tests can move forward (expiry, month boundaries) while the server runs. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start?: Date): TestClock {
  let offset = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    set(date) {
      offset = date.getTime() - Date.now();
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
