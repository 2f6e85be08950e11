/**
 * Two small concurrency primitives, made for password hashing (slow on purpose, and run on
 * libuv's small threadpool): a semaphore, at most N tasks at once, and keyed turns, one holder
 * per key at a time. Both serve waiters first come, first served.
 */

export interface Semaphore {
  /** Runs `task` once a slot is free and frees the slot when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(slots: number): Semaphore {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`slots must be a whole number ≥ 1, got ${slots}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot take it first.
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task) {
      if (running < slots) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

export interface KeyedTurns {
  /** Resolves once `key` is free, with the function that ends this turn (later calls do nothing). */
  take(key: string): Promise<() => void>;
  /** How many keys are taken right now (a key is forgotten when its last turn ends). */
  readonly busyKeys: number;
}

export function createKeyedTurns(): KeyedTurns {
  // A key is taken while it is in the map; its array holds the waiters in order.
  const queues = new Map<string, (() => void)[]>();
  return {
    take(key) {
      return new Promise((resolve) => {
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          const next = queues.get(key)?.shift();
          if (next) next();
          else queues.delete(key);
        };
        const queue = queues.get(key);
        if (queue) queue.push(() => resolve(end));
        else {
          queues.set(key, []);
          resolve(end);
        }
      });
    },
    get busyKeys() {
      return queues.size;
    },
  };
}
